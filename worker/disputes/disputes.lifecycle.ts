// Opening a dispute and deciding it (decision 006, Disputes). While a dispute is open its payment stays in
// escrow: release (money.ts) checks for an open dispute after locking the payment row, and a complaint
// locks the same row before it is stored, so a complaint and a release never both win.
import type { Db } from '../../drizzle/db.ts';
import { storeNotifications } from '../notifications/notify.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { applyEffects, noEffects, type Effects } from '../escrow/effects.ts';
import { refundAllHeld, releaseAllHeld } from '../escrow/money.ts';
import { lockHeldBookingPayments } from '../escrow/money.queries.ts';
import { packageSessionHeld, refundPackageSession, releasePackageSession } from '../escrow/package-money.ts';
import { lockBooking } from '../escrow/service-locks.queries.ts';
import { transact } from '../lib/transact.ts';
import { disputeDeadline } from '../escrow/dispute-window.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { bookingSides, slotTimes } from '../bookings/bookings.queries.ts';
import { errors } from '../lib/errors.ts';
import { disputeMessages, partialRefundFits } from './dispute-rules.ts';
import { disputeOpenedNotice, disputeResolvedNotice, outcomeText } from './disputes.notices.ts';
import { decideOpenDispute, disputeExists, findBookingDisputeId, insertDispute, lockPaidPayment, setDisputeRefund, type Dispute } from './disputes.queries.ts';
import type { DisputeOutcome } from './disputes.schemas.ts';

export type ComplaintOutcome =
  | { kind: 'opened'; dispute: Dispute; effects: Effects }
  | { kind: 'not_found' | 'not_booker' | 'not_paid' | 'not_started' | 'window_closed' | 'released' | 'refunded' | 'exists' };

/**
 * The booker complains about a consultation that has started, until its dispute window closes (decision 010),
 * while its money is still in escrow: a review or a "finish" doesn't release it, so rating a consultation
 * never takes this right away. Once per booking: the unique index on disputes.booking_id decides between two
 * at once.
 */
export async function openComplaint(db: Db, bookingId: number, callerId: number, text: string): Promise<ComplaintOutcome> {
  try {
    return await transact(db, async (tx): Promise<ComplaintOutcome> => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || (booking.menteeId !== callerId && booking.mentorId !== callerId)) return { kind: 'not_found' };
      if (booking.menteeId !== callerId) return { kind: 'not_booker' };
      if ((await findBookingDisputeId(tx, bookingId)) !== null) return { kind: 'exists' };
      if (booking.status !== 'paid' && booking.status !== 'finished') return { kind: 'not_paid' };
      const times = await slotTimes(tx, booking.slotId);
      if (times.startsAt > times.now) return { kind: 'not_started' };
      if (times.now >= disputeDeadline(times.endsAt)) return { kind: 'window_closed' };
      if (booking.packageId) {
        // a consultation from a package: its own price in the package's payment, settled on its own (decision 006)
        if (!(await packageSessionHeld(tx, booking))) return { kind: 'released' };
      } else {
        // lock the payment whatever its state, then judge it: a release that got there first has moved it on
        const payment = await lockPaidPayment(tx, bookingId);
        if (!payment) return { kind: 'not_paid' };
        if (payment.status === 'released') return { kind: 'released' };
        if (payment.status === 'refunded') return { kind: 'refunded' };
      }
      const dispute = await insertDispute(tx, { bookingId, openedBy: callerId, source: 'buyer', text });
      const notes = await storeNotifications(tx, [disputeOpenedNotice(await bookingSides(tx, bookingId), dispute.id)]);
      return { kind: 'opened', dispute, effects: { ...noEffects(), notifications: notes } };
    });
  } catch (e) {
    if (isUniqueViolation(e, 'disputes_bookingId_unique')) return { kind: 'exists' };
    throw e;
  }
}

export type ResolveOutcome =
  | { kind: 'resolved'; dispute: Dispute; refundedKopecks: number; consultation: string; bookingId: number; buyerId: number; mentorId: number; effects: Effects }
  | { kind: 'not_found' | 'already_resolved' };

const statusOf: Record<DisputeOutcome, Dispute['status']> = { refund: 'resolved_refund', partial_refund: 'resolved_partial', release: 'resolved_release' };

export const DISPUTE_REFUND_REASON = 'Решение по диспуту.';

/**
 * The admin decides: the dispute leaves `open` with one conditional update (a second decision finds
 * nothing to change), then the held money moves: all back to the buyer, part back and the rest to the
 * mentor (fee on the rest), or all to the mentor. Both sides are notified.
 */
export async function resolveDispute(
  ctx: ProviderContext,
  disputeId: number,
  adminId: number,
  input: { outcome: DisputeOutcome; refundRubles?: number | null; resolution: string },
): Promise<ResolveOutcome> {
  const outcome = await transact(ctx.db, async (tx): Promise<ResolveOutcome> => {
    const dispute = await decideOpenDispute(tx, disputeId, { status: statusOf[input.outcome], resolution: input.resolution, resolvedBy: adminId, resolvedAt: new Date() });
    if (!dispute) return { kind: (await disputeExists(tx, disputeId)) ? 'already_resolved' : 'not_found' };
    const booking = (await lockBooking(tx, dispute.bookingId))!;
    if (input.outcome === 'partial_refund' && !partialRefundFits(input.refundRubles!, booking.price)) {
      throw errors.validation({ refund_amount: disputeMessages.refundOutOfRange(booking.price) });
    }
    // the booking's own payment and its top-ups (decision 024), the latest first
    const held = booking.packageId ? [] : await lockHeldBookingPayments(tx, booking.id);
    const effects = noEffects();
    let refundedKopecks = 0;
    if (booking.packageId) {
      // a package's consultation: its session price alone moves, keyed by the booking (decision 006, «Packages»)
      if (input.outcome === 'release') {
        const payoutId = await releasePackageSession(tx, booking, { ignoreDispute: true });
        if (payoutId) effects.payoutIds.push(payoutId);
      } else {
        const refund = await refundPackageSession(tx, booking, DISPUTE_REFUND_REASON, input.outcome === 'refund' ? undefined : input.refundRubles! * 100);
        if (refund) {
          refundedKopecks = refund.amountKopecks;
          effects.refundIds.push(refund.refundId);
          if (refund.payoutId) effects.payoutIds.push(refund.payoutId);
        }
      }
    } else if (input.outcome === 'release') {
      effects.payoutIds.push(...(await releaseAllHeld(tx, held, { ignoreDispute: true })));
    } else {
      const refund = await refundAllHeld(tx, held, DISPUTE_REFUND_REASON, input.outcome === 'refund' ? undefined : input.refundRubles! * 100);
      refundedKopecks = refund.refundedKopecks;
      effects.refundIds.push(...refund.refundIds);
      effects.payoutIds.push(...refund.payoutIds);
    }
    const stored = await setDisputeRefund(tx, disputeId, refundedKopecks || null);
    const sides = await bookingSides(tx, booking.id);
    // the name as bought: a type renamed since is not what the two met for
    const consultation = sides.typeName ?? 'Консультация';
    effects.notifications = await storeNotifications(tx, [
      disputeResolvedNotice(sides, 'mentee', disputeId, outcomeText(input.outcome, 'buyer', refundedKopecks)),
      disputeResolvedNotice(sides, 'mentor', disputeId, outcomeText(input.outcome, 'mentor', refundedKopecks)),
    ]);
    return { kind: 'resolved', dispute: stored, refundedKopecks, consultation, bookingId: booking.id, buyerId: booking.menteeId, mentorId: booking.mentorId, effects };
  });
  if (outcome.kind === 'resolved') await applyEffects(ctx, outcome.effects);
  return outcome;
}
