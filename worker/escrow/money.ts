// The money transitions of a held payment, each inside the caller's transaction. The payment row is locked
// first and changed only from `succeeded`, so a transition that lost a race (or is replayed) does nothing;
// the ledger's unique (payment_id, kind) backs that up. Provider calls happen after the commit (effects.ts). The
// statements are money.queries.ts.
import type { Tx } from '../../drizzle/db.ts';
import { hasOpenDispute } from '../disputes/disputes.queries.ts';
import { currentPayoutCard } from '../payments/payments.queries.ts';
import { splitRelease } from './fee.ts';
import { insertLedgerEntries, insertPayout, insertRefund, lockPayment, markRefunded, markReleased, markReturned, type Payment } from './money.queries.ts';

export const NO_PAYOUT_CARD = 'Нет карты для выплаты';

/** Books the fee and the mentor's share of `grossKopecks` and stores the payout to send; its id. */
async function bookPayout(tx: Tx, payment: Payment, grossKopecks: number): Promise<string> {
  const { feeKopecks, payoutKopecks } = splitRelease(grossKopecks);
  const entries: Parameters<typeof insertLedgerEntries>[1] = [];
  if (feeKopecks > 0) entries.push({ paymentId: payment.id, kind: 'platform_fee', debit: 'escrow', credit: 'platform', amountKopecks: feeKopecks });
  entries.push({ paymentId: payment.id, kind: 'mentor_payout', debit: 'escrow', credit: 'mentor', mentorId: payment.payeeId, amountKopecks: payoutKopecks });
  await insertLedgerEntries(tx, entries);
  const card = await currentPayoutCard(tx, payment.payeeId);
  return insertPayout(tx, {
    paymentId: payment.id,
    mentorId: payment.payeeId,
    cardTokenId: card?.id ?? null,
    amountKopecks: payoutKopecks,
    feeKopecks,
    lastError: card ? null : NO_PAYOUT_CARD,
  });
}

/**
 * Releases a held payment to the mentor: succeeded → released, the 5 % fee to the platform, the rest to the
 * mentor's payout. Nothing happens while a dispute on the booking is open: a complaint locks the same
 * payment row before it is stored, and this check runs after our lock, so the two never both win.
 * Returns the payout's id, or null when nothing was released.
 */
export async function releaseHeld(tx: Tx, paymentId: string, options: { ignoreDispute?: boolean } = {}): Promise<string | null> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'succeeded') return null;
  if (payment.bookingId && !options.ignoreDispute && (await hasOpenDispute(tx, payment.bookingId))) return null;
  if (!(await markReleased(tx, paymentId))) return null;
  return bookPayout(tx, payment, heldKopecks(payment));
}

/** What a held payment still holds: all of it, less what went back when its booking moved to a cheaper type (decision 024). */
export const heldKopecks = (payment: Payment) => payment.amountKopecks - payment.returnedKopecks;

export type RefundBooked = { refundId: string; payoutId: string | null; amountKopecks: number; payment: Payment };

/**
 * Returns `amountKopecks` (all of it when omitted) of a held payment to the payer. A full refund leaves the
 * payment `refunded`; a partial one (a dispute's decision) refunds that part and releases the rest to the
 * mentor, fee included, leaving it `released`. Null when the payment is no longer held.
 */
export async function refundHeld(tx: Tx, paymentId: string, reason: string, amountKopecks?: number): Promise<RefundBooked | null> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'succeeded') return null;
  const held = heldKopecks(payment);
  const amount = Math.min(amountKopecks ?? held, held);
  if (!(amount > 0)) throw new RangeError(`refund of ${amount} kopecks`);
  const partial = amount < held;
  if (!(await markRefunded(tx, paymentId, partial))) return null;
  await insertLedgerEntries(tx, [{ paymentId, kind: 'refund', debit: 'escrow', credit: 'payer', amountKopecks: amount }]);
  const refundId = await insertRefund(tx, { paymentId, amountKopecks: amount, reason: reason.slice(0, 255) });
  const payoutId = partial ? await bookPayout(tx, payment, held - amount) : null;
  return { refundId, payoutId, amountKopecks: amount, payment };
}

/**
 * Gives `amountKopecks` of a held payment back to the payer while the rest stays held: the difference when its booking
 * moved to a cheaper type (decision 024), keyed by that move so a replay books nothing twice. A payment left with
 * nothing held is `refunded`. The refund's id, or null when the payment is no longer held or holds less than that.
 */
export async function returnPart(tx: Tx, paymentId: string, typeMoveId: number, amountKopecks: number, reason: string): Promise<string | null> {
  if (!(amountKopecks > 0)) throw new RangeError(`return of ${amountKopecks} kopecks`);
  if (!(await markReturned(tx, paymentId, amountKopecks))) return null;
  await insertLedgerEntries(tx, [{ paymentId, kind: 'refund', debit: 'escrow', credit: 'payer', typeMoveId, amountKopecks }]);
  return insertRefund(tx, { paymentId, typeMoveId, amountKopecks, reason: reason.slice(0, 255) });
}

/** What settling a booking's held money (its payment and its top-ups, decision 024) left to send after the commit. */
export type HeldSettled = { refundIds: string[]; payoutIds: string[]; refundedKopecks: number };

/** Releases every held payment of a service to the mentor; the payouts to send. */
export async function releaseAllHeld(tx: Tx, held: Payment[], options: { ignoreDispute?: boolean } = {}): Promise<string[]> {
  const payoutIds: string[] = [];
  for (const payment of held) {
    const payoutId = await releaseHeld(tx, payment.id, options);
    if (payoutId) payoutIds.push(payoutId);
  }
  return payoutIds;
}

/**
 * Returns `amountKopecks` (all of it when omitted) of a service's held payments to the payer, taken from them in the
 * order given (a booking's latest top-up first, its own payment last); what is not returned is released to the mentor.
 */
export async function refundAllHeld(tx: Tx, held: Payment[], reason: string, amountKopecks?: number): Promise<HeldSettled> {
  const settled: HeldSettled = { refundIds: [], payoutIds: [], refundedKopecks: 0 };
  let left = amountKopecks ?? Number.POSITIVE_INFINITY;
  for (const payment of held) {
    const part = Math.min(left, heldKopecks(payment));
    if (part <= 0) {
      const payoutId = await releaseHeld(tx, payment.id, { ignoreDispute: true });
      if (payoutId) settled.payoutIds.push(payoutId);
      continue;
    }
    const refund = await refundHeld(tx, payment.id, reason, part);
    if (!refund) continue;
    left -= refund.amountKopecks;
    settled.refundedKopecks += refund.amountKopecks;
    settled.refundIds.push(refund.refundId);
    if (refund.payoutId) settled.payoutIds.push(refund.payoutId);
  }
  return settled;
}
