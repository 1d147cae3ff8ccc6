// What makes a notification, beyond chats and reminders (their own files) and money (escrow tests).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { createEvent, createUser } from '../factories.ts';
import { paidBooking } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const noticesOf = (userId: number, kind: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('notifications from the marketplace', () => {
  it('a free registration tells the event’s mentor', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, mentor.id, { title: 'Разговорный клуб', price: 0 });
    const guest = await createUser(t.db);
    await expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(guest), body: { event_id: event.id } }), 201);
    expect(await noticesOf(mentor.id, 'event_registration')).toMatchObject([{ message: 'Новый участник мероприятия «Разговорный клуб»', payload: { url: `/event_info/${event.id}` } }]);
  });

  it('a paid booking tells the mentor and confirms it to the buyer, once each', async () => {
    const { mentor, mentee, booking } = await paidBooking(t.db);
    expect(await noticesOf(mentor.id, 'booking_paid')).toHaveLength(1);
    const [confirmed] = await noticesOf(mentee.id, 'booking_confirmed');
    expect(confirmed.message).toMatch(/^Оплата прошла: консультация .+ подтверждена$/);
    expect(confirmed.dedupeKey).toBe(`booking_confirmed:${booking.id}`);
  });
});
