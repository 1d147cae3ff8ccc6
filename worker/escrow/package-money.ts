// A consultation package's money (decision 006, «Packages»). One payment pays for the package and stays `succeeded` in
// escrow while any of it is there; each consultation taken from the package is settled on its own, like a paid booking,
// for one session's price: released to the mentor less the 5 % fee when its dispute window closes (or when cancelled too
// late), refunded to the payer when the credit can no longer come back. Unused credits are refunded pro rata in one
// partial refund. Every settlement of a session is keyed by its booking in the ledger, the payouts and the refunds
// (unique NULLS NOT DISTINCT on payment, kind, booking), so none is booked twice; when nothing of the payment is left in
// escrow it closes: `released` if the mentor got any of it, else `refunded`. Lock order: booking, package, payment.
import type { Tx } from '../../drizzle/db.ts';
import { hasOpenDispute } from '../disputes/disputes.queries.ts';
import { currentPayoutCard } from '../payments/payments.queries.ts';
import { cancellationRefund, type CancelledBy } from './cancellation-policy.ts';
import { splitRelease } from './fee.ts';
import { NO_PAYOUT_CARD } from './money.ts';
import { insertLedgerEntries, insertPayout, insertRefund, type Payment } from './money.queries.ts';
import { closePackage, closePackagePayment, escrowBalance, lockHeldPackagePayment, lockPackage, returnCredit, sessionSettled } from './package-money.queries.ts';

export const PACKAGE_REFUND_REASON = 'Возврат за неиспользованные консультации пакета.';
export const PACKAGE_EXPIRED_REASON = 'Срок действия пакета истёк: возвращаем неиспользованные консультации.';
export const PACKAGE_SESSION_REFUND_REASON = 'Консультация из пакета отменена, а пакет уже закрыт: возвращаем её стоимость.';

type SessionBooking = { id: number; packageId: number | null };

/** Closes the payment once escrow holds nothing of it. */
async function closeIfSettled(tx: Tx, payment: Payment) {
  const { balance, paidOut } = await escrowBalance(tx, payment.id);
  if (balance < 0) throw new Error(`payment ${payment.id} paid out more than it received`);
  if (balance === 0) await closePackagePayment(tx, payment.id, paidOut);
}

/** Books `grossKopecks` of one session to the mentor (fee to the platform) and stores the payout; its id. */
async function bookSessionPayout(tx: Tx, payment: Payment, bookingId: number, grossKopecks: number) {
  const { feeKopecks, payoutKopecks } = splitRelease(grossKopecks);
  const entries: Parameters<typeof insertLedgerEntries>[1] = [];
  if (feeKopecks > 0) entries.push({ paymentId: payment.id, bookingId, kind: 'platform_fee', debit: 'escrow', credit: 'platform', amountKopecks: feeKopecks });
  entries.push({ paymentId: payment.id, bookingId, kind: 'mentor_payout', debit: 'escrow', credit: 'mentor', mentorId: payment.payeeId, amountKopecks: payoutKopecks });
  await insertLedgerEntries(tx, entries);
  const card = await currentPayoutCard(tx, payment.payeeId);
  return insertPayout(tx, {
    paymentId: payment.id,
    bookingId,
    mentorId: payment.payeeId,
    cardTokenId: card?.id ?? null,
    amountKopecks: payoutKopecks,
    feeKopecks,
    lastError: card ? null : NO_PAYOUT_CARD,
  });
}

/** The session's price in kopecks and the package's held payment, locked (package first); null when nothing is held. */
async function heldSession(tx: Tx, booking: SessionBooking) {
  if (!booking.packageId) return null;
  const pack = await lockPackage(tx, booking.packageId);
  const payment = pack && (await lockHeldPackagePayment(tx, pack.id));
  if (!pack || !payment || (await sessionSettled(tx, payment.id, booking.id))) return null;
  return { pack, payment, sessionKopecks: pack.pricePerSession * 100 };
}

/** Whether one consultation of a package still has its price in escrow (locks the package and its payment): a complaint may stop it. */
export async function packageSessionHeld(tx: Tx, booking: SessionBooking) {
  return (await heldSession(tx, booking)) !== null;
}

/**
 * Releases one consultation of a package to the mentor: its price less the 5 % fee. Nothing while a dispute on it is
 * open (as releaseHeld). The payout's id, or null when nothing was released (already settled, or nothing held).
 */
export async function releasePackageSession(tx: Tx, booking: SessionBooking, options: { ignoreDispute?: boolean } = {}): Promise<string | null> {
  const held = await heldSession(tx, booking);
  if (!held) return null;
  if (!options.ignoreDispute && (await hasOpenDispute(tx, booking.id))) return null;
  const payoutId = await bookSessionPayout(tx, held.payment, booking.id, held.sessionKopecks);
  await closeIfSettled(tx, held.payment);
  return payoutId;
}

export type SessionRefund = { refundId: string; payoutId: string | null; amountKopecks: number; payment: Payment };

/**
 * Refunds `amountKopecks` (the whole session when omitted) of one consultation of a package to the payer; the rest of
 * the session, if any, goes to the mentor (a dispute's partial refund). Null when nothing of it is held.
 */
export async function refundPackageSession(tx: Tx, booking: SessionBooking, reason: string, amountKopecks?: number): Promise<SessionRefund | null> {
  const held = await heldSession(tx, booking);
  if (!held) return null;
  const amount = Math.min(amountKopecks ?? held.sessionKopecks, held.sessionKopecks);
  if (!(amount > 0)) throw new RangeError(`refund of ${amount} kopecks`);
  const { payment } = held;
  await insertLedgerEntries(tx, [{ paymentId: payment.id, bookingId: booking.id, kind: 'refund', debit: 'escrow', credit: 'payer', amountKopecks: amount }]);
  const refundId = await insertRefund(tx, { paymentId: payment.id, bookingId: booking.id, amountKopecks: amount, reason: reason.slice(0, 255) });
  const payoutId = amount < held.sessionKopecks ? await bookSessionPayout(tx, payment, booking.id, held.sessionKopecks - amount) : null;
  await closeIfSettled(tx, payment);
  return { refundId, payoutId, amountKopecks: amount, payment };
}

export type PackageCancellation = { returnsCredit: boolean; refund: 'full' | 'none'; refundIds: string[]; payoutIds: string[]; refundedKopecks: number };

/**
 * A cancelled consultation of a package, by the same policy as a paid booking (cancellation-policy.ts): when it would
 * refund in full, the credit goes back to the package instead, or, if the package has meanwhile expired or been
 * refunded, the session's price goes back to the payer; otherwise the session counts as taken and its price goes to the
 * mentor. The booking is locked by the caller.
 */
export async function settlePackageCancellation(
  tx: Tx,
  booking: SessionBooking,
  input: { by: CancelledBy; startsAt: Date; bookedAt: Date; now: Date; reason?: string },
): Promise<PackageCancellation> {
  const none: PackageCancellation = { returnsCredit: false, refund: 'none', refundIds: [], payoutIds: [], refundedKopecks: 0 };
  if (!booking.packageId) return none;
  if (cancellationRefund(input) === 'full') {
    await lockPackage(tx, booking.packageId);
    if (await returnCredit(tx, booking.packageId)) return { ...none, returnsCredit: true };
    const refund = await refundPackageSession(tx, booking, input.reason ?? PACKAGE_SESSION_REFUND_REASON);
    return refund ? { ...none, refund: 'full', refundIds: [refund.refundId], refundedKopecks: refund.amountKopecks } : none;
  }
  const payoutId = await releasePackageSession(tx, booking);
  return { ...none, payoutIds: payoutId ? [payoutId] : [] };
}

export type UnusedRefund = { credits: number; refundId: string | null; amountKopecks: number; payment: Payment | null };

/**
 * Ends an open package and refunds its unused credits pro rata (credits × the session's price) in one partial refund
 * of its payment: `refunded` at the mentee's request, `expired` by the scheduler (forfeiting prepaid, unused services is
 * not lawful for consumers: ЗоЗПП ст. 32). Consultations booked and not yet held stay, and are settled as usual. Null
 * when the package was not open (or, for expiry, not yet due).
 */
export async function refundUnusedCredits(tx: Tx, packageId: number, status: 'refunded' | 'expired'): Promise<UnusedRefund | null> {
  const pack = await lockPackage(tx, packageId);
  if (!pack) return null;
  const credits = await closePackage(tx, packageId, status);
  if (credits === null) return null;
  const payment = await lockHeldPackagePayment(tx, packageId);
  if (!credits || !payment) return { credits, refundId: null, amountKopecks: 0, payment };
  const amount = credits * pack.pricePerSession * 100;
  await insertLedgerEntries(tx, [{ paymentId: payment.id, kind: 'refund', debit: 'escrow', credit: 'payer', amountKopecks: amount }]);
  const reason = status === 'expired' ? PACKAGE_EXPIRED_REASON : PACKAGE_REFUND_REASON;
  const refundId = await insertRefund(tx, { paymentId: payment.id, amountKopecks: amount, reason });
  await closeIfSettled(tx, payment);
  return { credits, refundId, amountKopecks: amount, payment };
}
