// What makes a notification, beyond chats and reminders (their own files) and money (escrow tests).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { createEvent, createUser } from '../factories.ts';
import { formatWhen } from '../../worker/escrow/notices.ts';
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
    const guest = await createUser(t.db, { firstName: 'Олег', lastName: 'Петров' });
    await expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(guest), body: { event_id: event.id } }), 201);
    // issue 35, item 19: the mentor reads who came, not only that someone did
    expect(await noticesOf(mentor.id, 'event_registration')).toMatchObject([
      { message: 'Новый участник мероприятия «Разговорный клуб»: Олег Петров', payload: { url: `/event_info/${event.id}` } },
    ]);
  });

  it('a paid booking tells the mentor and confirms it to the buyer, once each', async () => {
    const { mentor, mentee, booking, slot } = await paidBooking(t.db, { mentee: await createUser(t.db, { firstName: 'Мария', lastName: 'Кузнецова' }) });
    // issue 35, item 19: «Новая запись на консультацию 28 ноября… оплачена» named neither the person nor the service
    expect(await noticesOf(mentor.id, 'booking_paid')).toMatchObject([
      { message: `Новая запись: Мария Кузнецова, «Разбор резюме», ${formatWhen(slot.startsAt, mentor.timeZone)} — оплачено 1\u00A0500\u00A0₽`, payload: { url: `/CalendarPage?tab=leading&booking=${booking.id}` } },
    ]);
    const [confirmed] = await noticesOf(mentee.id, 'booking_confirmed');
    expect(confirmed.message).toMatch(/^Оплата прошла: консультация .+ подтверждена$/);
    expect(confirmed.dedupeKey).toBe(`booking_confirmed:${booking.id}`);
  });
});
