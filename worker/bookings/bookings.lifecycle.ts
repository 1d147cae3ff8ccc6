// Creating, cancelling and finishing a booking (decision 006, Bookings). Each writes in one transaction (creating: a
// batch over HTTP); the database decides the races (the slot's live-booking index, conditional updates under the
// booking's lock).
import type { Db, Tx } from '../../drizzle/db.ts';
import type { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { hasOpenDispute } from '../disputes/disputes.queries.ts';
import { storeNotifications, type NewNotification } from '../notifications/notify.ts';
import { bookingUrl, CANCELLED_SCHEDULE_URL } from '../notifications/notice.messages.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { settleCancellation, type RefundAnswer } from '../escrow/cancel-paid.ts';
import { applyEffects, noEffects, type Effects } from '../escrow/effects.ts';
import { lockHeldBookingPayments } from '../escrow/money.queries.ts';
import { settlePackageCancellation } from '../escrow/package-money.ts';
import { countMentorCancellation } from '../escrow/mentor-counts.queries.ts';
import { refundNotice } from '../escrow/notices.ts';
import { freeBookingNotice } from '../escrow/service-notices.ts';
import { lockBooking } from '../escrow/service-locks.queries.ts';
import { transact } from '../lib/transact.ts';
import { pgError } from '../lib/db-errors.ts';
import type { Limit } from '../lib/rate-limit.queries.ts';
import { bookingCanceledByBuyerNotice, bookingCanceledByMentorNotice } from './bookings.notices.ts';
import { bookingSides, bookPaidSlotAtOnce, bookSlotAsSeen, cancelLiveBooking, cancelPendingPayment, finishPaidBooking, peekSlotForBooking, slotTimes, type SlotForBooking } from './bookings.queries.ts';
import { MAX_OPEN_HOLDS } from './bookings.schemas.ts';
import { cutoffPassed, type BookingRule } from './booking-rules.ts';
import { ruleLimitOfSlot, ruleOfError } from './booking-rules.queries.ts';

type Booking = typeof consultationBookings.$inferSelect;

export type CreateOutcome =
  | { kind: 'created'; booking: Booking; effects: Effects }
  | { kind: 'not_found' | 'own_slot' | 'slot_past' | 'type_archived' | 'slot_taken' | 'too_many_holds' | 'free_booking_limit' }
  /** a booking rule of the type refused it (decision 022): which, and the type's value of it for the message */
  | { kind: 'rule_broken'; rule: BookingRule; limit: number };

type Refusal = Exclude<CreateOutcome['kind'], 'created' | 'rule_broken'>;

/** The refusal of a booking the database's rules trigger refused (migration 0057), worded with the type's value. */
export async function ruleRefusal(db: Db, slotId: number, rule: BookingRule): Promise<CreateOutcome> {
  return { kind: 'rule_broken', rule, limit: await ruleLimitOfSlot(db, slotId, rule) };
}

/** Why this person can't book the slot as it stands, or null when they can. */
function refusalFor(slot: SlotForBooking | null, menteeId: number): Refusal | null {
  if (!slot) return 'not_found';
  if (slot.mentorId === menteeId) return 'own_slot';
  if (slot.past) return 'slot_past';
  if (slot.archived) return 'type_archived';
  if (slot.taken) return 'slot_taken';
  if (slot.costs > 0 && slot.openHolds >= MAX_OPEN_HOLDS) return 'too_many_holds';
  // one free consultation with a mentor at a time (decision 010): a row of free slots is not booked in one go
  if (slot.costs === 0 && slot.freeBooked) return 'free_booking_limit';
  return null;
}

/** How a booking's batch that lost to the database's rules answers, or null for any other error. */
function refusalOfError(e: unknown): Refusal | null {
  const err = pgError(e);
  if (err?.code === '23505' && err.constraint === 'consultation_bookings_live_slot_uq') return 'slot_taken';
  if (err?.code === '23514' && err.constraint === 'consultation_bookings_not_self') return 'own_slot';
  return null;
}

/** A deadlock victim (a registration's trigger can meet a money path in the other order) simply tries again. */
const isDeadlock = (e: unknown) => pgError(e)?.code === '40P01';

/**
 * Books a slot (decision 006, decision 015). A paid slot is booked in one round trip (bookPaidSlotAtOnce) with the
 * booker's rate limits; its answer tells every refusal, the losers of a race among them (the live-slot index decides
 * between simultaneous bookers: 23505 → slot_taken). A slot bookable yet not booked by it (a free consultation, whose
 * mentor's notice is written from a look, or a slot that changed meanwhile) goes on with a batch that writes only what
 * that first batch read (two round trips in all); if the slot moved or changed its price in between, it looks again.
 * The booker's limits count once, as the booker asked once.
 */
export async function createBooking(
  db: Db,
  { slotId, menteeId, questions, limits }: { slotId: number; menteeId: number; questions: string; limits: Limit[] },
): Promise<CreateOutcome> {
  // what the first batch read, if it wrote nothing yet found the slot bookable: the look of the first attempt below
  let seen: { slot: SlotForBooking | null; bookingId: number | null } | null = null;
  try {
    const atOnce = await bookPaidSlotAtOnce(db, { slotId, menteeId, questions, limits });
    if (atOnce.booking) return { kind: 'created', booking: atOnce.booking, effects: noEffects() };
    const refusal = refusalFor(atOnce.slot, menteeId);
    if (refusal) return { kind: refusal };
    seen = atOnce;
  } catch (e) {
    const refusal = refusalOfError(e);
    if (refusal) return { kind: refusal };
    const rule = ruleOfError(e);
    if (rule) return ruleRefusal(db, slotId, rule);
    if (!isDeadlock(e)) throw e;
  }
  for (let attempt = 1; ; attempt++) {
    const { slot, bookingId } = seen ?? (await peekSlotForBooking(db, slotId, menteeId));
    seen = null;
    const refusal = refusalFor(slot, menteeId);
    if (refusal || !slot || bookingId == null) return { kind: refusal ?? 'slot_taken' };
    // a free consultation is booked for good at once: the mentor hears of it with the booking
    const freeNotice = slot.costs === 0 ? await freeBookingNotice(db, slot, bookingId, menteeId) : null;
    try {
      const booked = await bookSlotAsSeen(db, { ...slot, bookingId }, { menteeId, questions, freeNotice });
      if (booked.booking) return { kind: 'created', booking: booked.booking, effects: { ...noEffects(), notifications: booked.notifications } };
      const now = refusalFor(booked.slot, menteeId);
      if (now) return { kind: now };
    } catch (e) {
      const refusal = refusalOfError(e);
      if (refusal) return { kind: refusal };
      const rule = ruleOfError(e);
      if (rule) return ruleRefusal(db, slotId, rule);
      if (!(attempt < 3 && isDeadlock(e))) throw e;
    }
    // still bookable, yet not booked: the slot moved or changed its price since the look
    if (attempt >= 3) throw new Error(`slot ${slotId} kept changing while being booked`);
  }
}

export type CancelOutcome =
  | { kind: 'canceled'; booking: Booking; refund: RefundAnswer; returnsCredit: boolean; effects: Effects }
  | { kind: 'not_found' | 'finished' | 'already_canceled' | 'disputed' | 'started' }
  /** the mentor's proposal the booker answered by cancelling was no longer open (decision 024) */
  | { kind: 'proposal_closed' }
  /** the booker is past the cut-off kept on the booking (decision 022): `hours` before the start */
  | { kind: 'cutoff_passed'; hours: number };

/**
 * Cancels a booking for its booker or its mentor. A booking waiting for payment just ends (its pending
 * payment too); a paid one is settled by the cancellation policy: the mentor's cancellation, or the
 * booker's 7+ days ahead or within 24 hours of booking, refunds in full, otherwise the money goes to the
 * mentor. A finished consultation, or one under dispute, can't be cancelled; nor can its booker cancel one
 * that has started (decision 010: from then on a complaint goes through a dispute, which an admin decides).
 */
export async function cancelBooking(
  ctx: ProviderContext,
  bookingId: number,
  callerId: number,
  /**
   * the booker cancels instead of taking the mentor's proposed new time (decision 024): no cut-off, a full refund, and
   * the proposal declined in the same transaction (`decline` answers false when it is no longer open: nothing changes)
   */
  { declining }: { declining?: (tx: Tx) => Promise<boolean> } = {},
): Promise<CancelOutcome> {
  const mentorAsked = declining !== undefined;
  const outcome = await transact(ctx.db, async (tx): Promise<CancelOutcome> => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || (booking.menteeId !== callerId && booking.mentorId !== callerId)) return { kind: 'not_found' };
    if (booking.status === 'finished') return { kind: 'finished' };
    if (booking.status === 'canceled' || booking.status === 'expired') return { kind: 'already_canceled' };
    if (await hasOpenDispute(tx, bookingId)) return { kind: 'disputed' };
    const by = callerId === booking.mentorId ? 'mentor' : 'buyer';
    const times = await slotTimes(tx, booking.slotId);
    if (by === 'buyer' && booking.status === 'paid' && times.startsAt <= times.now) return { kind: 'started' };
    if (by === 'buyer' && !mentorAsked && booking.status === 'paid' && cutoffPassed(times.startsAt, booking.cancelCutoffHours, times.now)) {
      return { kind: 'cutoff_passed', hours: booking.cancelCutoffHours };
    }
    if (declining && !(await declining(tx))) return { kind: 'proposal_closed' };
    const canceled = await cancelLiveBooking(tx, bookingId, callerId);
    // the money follows the mentor's cancellation when the mentor asked to move it: all of it back
    const policyBy = mentorAsked ? 'mentor' : by;
    let money = { refund: 'not_paid' as RefundAnswer, refundIds: [] as string[], payoutIds: [] as string[], refundedKopecks: 0 };
    let payerId = booking.menteeId;
    let paymentId: string | null = null;
    let returnsCredit = false;
    if (booking.status === 'pending_payment') {
      await cancelPendingPayment(tx, bookingId);
    } else if (booking.packageId) {
      // paid with a package's credit (decision 006, «Packages»): in time the credit comes back, too late the session counts
      const settled = await settlePackageCancellation(tx, booking, { by: policyBy, startsAt: times.startsAt, bookedAt: booking.createdAt, now: times.now });
      ({ returnsCredit } = settled);
      money = { ...settled, refund: settled.returnsCredit ? 'not_paid' : settled.refund };
      if (by === 'mentor') await countMentorCancellation(tx, booking.mentorId);
    } else {
      const held = await lockHeldBookingPayments(tx, bookingId);
      // the booking's own payment names the refund (its top-ups, decision 024, go back with it)
      const payment = held.at(-1);
      if (payment) ({ payerId, id: paymentId } = payment);
      money = await settleCancellation(tx, held, { by: policyBy, startsAt: times.startsAt, bookedAt: booking.createdAt, now: times.now });
      // the mentor broke a consultation someone paid for: it counts on their profile (decision 012)
      if (by === 'mentor' && money.refund === 'full') await countMentorCancellation(tx, booking.mentorId);
    }
    const notices: NewNotification[] = [];
    // a booking nobody paid for never reached the mentor's schedule as a real appointment
    if (booking.status === 'paid') {
      const sides = await bookingSides(tx, bookingId);
      notices.push(by === 'buyer' ? bookingCanceledByBuyerNotice(sides) : bookingCanceledByMentorNotice(sides));
    }
    if (money.refund === 'full' && paymentId) {
      const reason = by === 'mentor' ? 'Ментор отменил консультацию.' : mentorAsked ? 'Вы отказались от предложенного ментором переноса, деньги возвращены полностью.' : 'Запись отменена вовремя, деньги возвращены полностью.';
      notices.push(refundNotice(payerId, paymentId, money.refundedKopecks, reason, bookingUrl(bookingId, CANCELLED_SCHEDULE_URL)));
    }
    const effects: Effects = { refundIds: money.refundIds, payoutIds: money.payoutIds, notifications: await storeNotifications(tx, notices) };
    return { kind: 'canceled', booking: canceled, refund: money.refund, returnsCredit, effects };
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
    const finished = await finishPaidBooking(tx, bookingId);
    return { kind: 'finished', booking: finished!, effects: noEffects() };
  });
  return outcome;
}
