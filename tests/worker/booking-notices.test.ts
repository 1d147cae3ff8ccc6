// Issue 35, item 19 (what was left): a booking's cancellation and its dispute's notices name the other person and the
// consultation as bought, its time in the reader's zone, and every notice about one booking links to its details in
// the schedule (/CalendarPage?…&booking=<id>), not to the whole schedule.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { formatWhen } from '../../worker/escrow/notices.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, DAY, HOUR, paidBooking, shiftSlot } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectOk } from './typed-api.ts';

const t = useTestDb();

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
const as = (user: Person) => apiAs(asUser(user), { trailingSlash: true });

const noticesOf = (userId: number, kind: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** A paid consultation of «Иван Петров» (Moscow) bought by «Мария Кузнецова» (Novosibirsk, four hours ahead). */
async function namedBooking(startsIn = 10 * DAY) {
  const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Иван', lastName: 'Петров' });
  const mentee = await createUser(t.db, { firstName: 'Мария', lastName: 'Кузнецова', timeZone: 'Asia/Novosibirsk' });
  return paidBooking(t.db, { mentor, mentee, startsIn });
}

const cancel = (user: Person, bookingId: number) => as(user)['consultation-bookings'][':id'].cancel.$post({ param: { id: String(bookingId) }, json: {} });

describe('notices about one booking', () => {
  it('a new paid booking links the mentor and the buyer to its details', async () => {
    const { mentor, mentee, booking } = await namedBooking();
    expect((await noticesOf(mentor.id, 'booking_paid'))[0]?.payload).toEqual({ url: `/CalendarPage?tab=leading&booking=${booking.id}` });
    expect((await noticesOf(mentee.id, 'booking_confirmed'))[0]?.payload).toEqual({ url: `/CalendarPage?tab=participating&booking=${booking.id}` });
  });

  it('the buyer’s cancellation names the buyer and the consultation to the mentor', async () => {
    const { mentor, mentee, booking, slot } = await namedBooking();
    await expectOk(cancel(mentee, booking.id), 200);
    expect(await noticesOf(mentor.id, 'booking_canceled')).toMatchObject([
      {
        message: `Запись отменена учеником: Мария Кузнецова, «Разбор резюме», ${formatWhen(slot.startsAt, 'Europe/Moscow')}`,
        payload: { url: `/CalendarPage?tab=history&filter=cancelled&booking=${booking.id}` },
      },
    ]);
    // cancelled 7+ days ahead: the refund notice leads to the same booking
    expect((await noticesOf(mentee.id, 'refund'))[0]?.payload).toEqual({ url: `/CalendarPage?tab=history&filter=cancelled&booking=${booking.id}` });
  });

  it('the mentor’s cancellation names the mentor, in the buyer’s time zone', async () => {
    const { mentor, mentee, booking, slot } = await namedBooking();
    await expectOk(cancel(mentor, booking.id), 200);
    expect(await noticesOf(mentee.id, 'booking_canceled')).toMatchObject([
      {
        message: `Консультация отменена ментором: Иван Петров, «Разбор резюме», ${formatWhen(slot.startsAt, 'Asia/Novosibirsk')}`,
        payload: { url: `/CalendarPage?tab=history&filter=cancelled&booking=${booking.id}` },
      },
    ]);
  });

  it('a dispute names the buyer and the consultation as bought; its decision names the other side to each', async () => {
    const { mentor, mentee, booking, slot, type } = await namedBooking(5 * DAY);
    await shiftSlot(t.db, slot.id, -HOUR, 60);
    const [{ startsAt }] = await t.db.select({ startsAt: consultationSlots.startsAt }).from(consultationSlots).where(eq(consultationSlots.id, slot.id));
    // renamed after it was bought: the notices keep the name the buyer paid for
    await t.db.update(consultationTypes).set({ name: 'Новое название' }).where(eq(consultationTypes.id, type.id));
    const dispute = await expectOk(as(mentee).disputes.complaints.$post({ json: { booking_id: booking.id, source: 'buyer', text: 'Ментор не пришёл' } }), 201);
    const url = `/CalendarPage?tab=history&booking=${booking.id}`;
    const [opened] = await noticesOf(mentor.id, 'dispute_opened');
    expect(opened?.message).toBe(`Открыт диспут: Мария Кузнецова, «Разбор резюме», ${formatWhen(startsAt, 'Europe/Moscow')}. Выплата приостановлена до решения.`);
    expect(opened?.payload).toEqual({ url });

    await addPayoutCard(t.db, mentor.id);
    const admin = await createUser(t.db, { role: 'admin' });
    await expectOk(as(admin).disputes[':id'].resolve.$post({ param: { id: String(dispute.id) }, json: { outcome: 'refund', resolution: 'Встреча не состоялась' } }), 200);
    const [toMentee] = await noticesOf(mentee.id, 'dispute_resolved');
    const [toMentor] = await noticesOf(mentor.id, 'dispute_resolved');
    const when = (zone: string) => formatWhen(startsAt, zone);
    expect(toMentee?.message).toContain(`Диспут рассмотрен: Иван Петров, «Разбор резюме», ${when('Asia/Novosibirsk')}`);
    expect(toMentee?.message).toMatch(/\. Вам будет возвращена вся сумма, 1\u00A0500\u00A0₽\.$/);
    expect(toMentor?.message).toContain(`Диспут рассмотрен: Мария Кузнецова, «Разбор резюме», ${when('Europe/Moscow')}`);
    expect(toMentor?.message).toMatch(/\. Оплата возвращена ученику полностью\.$/);
    expect([toMentee?.payload, toMentor?.payload]).toEqual([{ url }, { url }]);
  });
});
