// Creating, cancelling and finishing a booking (decision 006, Bookings). Each is one transaction; the
// database decides the races (the slot's live-booking index, conditional updates under the booking's lock).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { hasOpenDispute } from '../disputes/disputes.queries.ts';
import { users } from '../../drizzle/schema/users.ts';
import { storeNotifications, type NewNotification } from '../notifications/notify.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { settleCancellation, type RefundAnswer } from '../escrow/cancel-paid.ts';
import { applyEffects, noEffects, type Effects } from '../escrow/effects.ts';
import { expireBookingHolds } from '../escrow/holds.ts';
import { lockHeldPayment } from '../escrow/money.ts';
import { countMentorCancellation } from '../escrow/mentor-counts.ts';
import { bookingPaidNotice, formatWhen, refundNotice } from '../escrow/notices.ts';
import { lockBooking } from '../escrow/service-locks.ts';
import { transact } from '../lib/transact.ts';
import { pgError } from '../lib/db-errors.ts';
import { bookingCanceledByBuyerNotice, bookingCanceledByMentorNotice } from './bookings.notices.ts';
import { insertBooking, lockSlotForBooking, peekSlotForBooking, slotTimes } from './bookings.queries.ts';
import { MAX_OPEN_HOLDS } from './bookings.schemas.ts';

type Booking = typeof consultationBookings.$inferSelect;

export type CreateOutcome =
  | { kind: 'created'; booking: Booking; effects: Effects }
  | { kind: 'not_found' | 'own_slot' | 'slot_past' | 'type_archived' | 'slot_taken' | 'too_many_holds' };

async function timeZoneOf(db: Executor, userId: number) {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone;
}

/**
 * The mentee's unpaid holds that are still running, counted under a lock of the mentee's users row
 * (FOR NO KEY UPDATE, which foreign keys' KEY SHARE locks don't wait for): two bookings of one person at
 * once count one after the other, so the cap can't be overrun.
 */
async function openHolds(tx: Tx, menteeId: number) {
  await tx.execute(sql`select id from users where id = ${menteeId} for no key update`);
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from consultation_bookings
    where mentee_id = ${menteeId} and status = 'pending_payment' and hold_expires_at > now()`);
  return Number(result.rows[0].n);
}

/**
 * Books a slot: lock it FOR SHARE, expire a hold on it that ran out, insert. Of many concurrent attempts
 * the partial unique index lets one live booking through; the rest fail with 23505 → slot_taken.
 */
export async function createBooking(db: Db, slotId: number, menteeId: number, questions: string): Promise<CreateOutcome> {
  // Most losers of a race learn it here, from one statement, without a transaction's connection (decision 015);
  // a slot that looks free, or a refusal of another kind, is decided under the lock below.
  const peek = await peekSlotForBooking(db, slotId);
  if (peek?.taken && peek.mentorId !== menteeId && !peek.past && !peek.archived) return { kind: 'slot_taken' };
  try {
    return await transact(db, async (tx): Promise<CreateOutcome> => {
      const slot = await lockSlotForBooking(tx, slotId);
      if (!slot) return { kind: 'not_found' };
      if (slot.mentorId === menteeId) return { kind: 'own_slot' };
      if (slot.past) return { kind: 'slot_past' };
      if (slot.archived) return { kind: 'type_archived' };
      // a live booking committed since the peek: nothing below could change the answer
      if (slot.taken) return { kind: 'slot_taken' };
      await expireBookingHolds(tx, { slotId });
      if (slot.costs > 0 && (await openHolds(tx, menteeId)) >= MAX_OPEN_HOLDS) return { kind: 'too_many_holds' };
      const booking = await insertBooking(tx, slot, menteeId, questions);
      const effects = noEffects();
      if (booking.status === 'paid') {
        // a free consultation is booked for good at once: the mentor hears of it now
        const { startsAt } = await slotTimes(tx, slotId);
        const when = formatWhen(startsAt, await timeZoneOf(tx, slot.mentorId));
        effects.notifications = await storeNotifications(tx, [bookingPaidNotice(slot.mentorId, booking.id, when)]);
      }
      return { kind: 'created', booking, effects };
    });
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23505' && err.constraint === 'consultation_bookings_live_slot_uq') return { kind: 'slot_taken' };
    if (err?.code === '23514' && err.constraint === 'consultation_bookings_not_self') return { kind: 'own_slot' };
    throw e;
  }
}

export type CancelOutcome =
  | { kind: 'canceled'; booking: Booking; refund: RefundAnswer; effects: Effects }
  | { kind: 'not_found' | 'finished' | 'already_canceled' | 'disputed' | 'started' };

/**
 * Cancels a booking for its booker or its mentor. A booking waiting for payment just ends (its pending
 * payment too); a paid one is settled by the cancellation policy: the mentor's cancellation, or the
 * booker's 7+ days ahead or within 24 hours of booking, refunds in full, otherwise the money goes to the
 * mentor. A finished consultation, or one under dispute, can't be cancelled; nor can its booker cancel one
 * that has started (decision 010: from then on a complaint goes through a dispute, which an admin decides).
 */
export async function cancelBooking(ctx: ProviderContext, bookingId: number, callerId: number): Promise<CancelOutcome> {
  const outcome = await transact(ctx.db, async (tx): Promise<CancelOutcome> => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || (booking.menteeId !== callerId && booking.mentorId !== callerId)) return { kind: 'not_found' };
    if (booking.status === 'finished') return { kind: 'finished' };
    if (booking.status === 'canceled' || booking.status === 'expired') return { kind: 'already_canceled' };
    if (await hasOpenDispute(tx, bookingId)) return { kind: 'disputed' };
    const by = callerId === booking.mentorId ? 'mentor' : 'buyer';
    const times = await slotTimes(tx, booking.slotId);
    if (by === 'buyer' && booking.status === 'paid' && times.startsAt <= times.now) return { kind: 'started' };
    const [canceled] = await tx
      .update(consultationBookings)
      .set({ status: 'canceled', canceledAt: sql`now()`, canceledBy: callerId, holdExpiresAt: null })
      .where(and(eq(consultationBookings.id, bookingId), inArray(consultationBookings.status, ['pending_payment', 'paid'])))
      .returning();
    let money = { refund: 'not_paid' as RefundAnswer, refundIds: [] as string[], payoutIds: [] as string[], refundedKopecks: 0 };
    let payerId = booking.menteeId;
    let paymentId: string | null = null;
    if (booking.status === 'pending_payment') {
      await tx.update(payments).set({ status: 'canceled' }).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')));
    } else {
      const payment = await lockHeldPayment(tx, { bookingId });
      if (payment) ({ payerId, id: paymentId } = payment);
      money = await settleCancellation(tx, payment, { by, startsAt: times.startsAt, bookedAt: booking.createdAt, now: times.now });
      // the mentor broke a consultation someone paid for: it counts on their profile (decision 012)
      if (by === 'mentor' && money.refund === 'full') await countMentorCancellation(tx, booking.mentorId);
    }
    const notices: NewNotification[] = [];
    // a booking nobody paid for never reached the mentor's schedule as a real appointment
    if (booking.status === 'paid') {
      const otherId = by === 'buyer' ? booking.mentorId : booking.menteeId;
      const when = formatWhen(times.startsAt, await timeZoneOf(tx, otherId));
      notices.push(by === 'buyer' ? bookingCanceledByBuyerNotice(booking.mentorId, bookingId, when) : bookingCanceledByMentorNotice(booking.menteeId, bookingId, when));
    }
    if (money.refund === 'full' && paymentId) {
      notices.push(refundNotice(payerId, paymentId, money.refundedKopecks, by === 'mentor' ? 'Ментор отменил консультацию.' : 'Запись отменена вовремя, деньги возвращены полностью.'));
    }
    const effects: Effects = { refundIds: money.refundIds, payoutIds: money.payoutIds, notifications: await storeNotifications(tx, notices) };
    return { kind: 'canceled', booking: canceled, refund: money.refund, effects };
  });
  if (outcome.kind === 'canceled') await applyEffects(ctx, outcome.effects);
  return outcome;
}

export type FinishOutcome =
  | { kind: 'finished'; booking: Booking; effects: Effects }
  | { kind: 'not_found' | 'not_booker' | 'not_paid' | 'canceled' | 'not_started' };

/**
 * The booker says the consultation took place (spec 002 §7: sent after the review): paid → finished. The money
 * stays in escrow until the dispute window closes (decision 010), so a buyer who rated the consultation can
 * still complain; the scheduler releases it then. Finishing a finished booking answers it as it is.
 */
export async function finishBooking(ctx: ProviderContext, bookingId: number, callerId: number): Promise<FinishOutcome> {
  const outcome = await transact(ctx.db, async (tx): Promise<FinishOutcome> => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || (booking.menteeId !== callerId && booking.mentorId !== callerId)) return { kind: 'not_found' };
    if (booking.menteeId !== callerId) return { kind: 'not_booker' };
    if (booking.status === 'finished') return { kind: 'finished', booking, effects: noEffects() };
    if (booking.status === 'pending_payment') return { kind: 'not_paid' };
    if (booking.status !== 'paid') return { kind: 'canceled' };
    const times = await slotTimes(tx, booking.slotId);
    if (times.startsAt > times.now) return { kind: 'not_started' };
    const [finished] = await tx
      .update(consultationBookings)
      .set({ status: 'finished', finishedAt: sql`now()` })
      .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'paid')))
      .returning();
    return { kind: 'finished', booking: finished, effects: noEffects() };
  });
  return outcome;
}
