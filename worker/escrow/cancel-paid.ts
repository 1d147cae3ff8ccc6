// What happens to held money when a paid booking or registration is cancelled (decision 006): the policy
// decides between a full refund and a release to the mentor.
import type { Tx } from '../../drizzle/db.ts';
import { cancellationRefund, type CancelledBy } from './cancellation-policy.ts';
import { releaseHeld, refundHeld } from './money.ts';
import type { Payment } from './money.queries.ts';

export type RefundAnswer = 'full' | 'none' | 'not_paid';

export type CancellationMoney = { refund: RefundAnswer; refundIds: string[]; payoutIds: string[]; refundedKopecks: number };

export const CANCEL_REFUND_REASON = {
  buyer: 'Отмена записи по правилам бесплатной отмены.',
  mentor: 'Ментор отменил запись.',
  event: 'Мероприятие отменено организатором.',
} as const;

/**
 * Settles the held payment (already locked by the caller's service lock; null for a free or unpaid one)
 * of a cancelled service.
 */
export async function settleCancellation(
  tx: Tx,
  payment: Payment | null,
  input: { by: CancelledBy; startsAt: Date; bookedAt: Date; now: Date; reason?: string },
): Promise<CancellationMoney> {
  const none: CancellationMoney = { refund: 'not_paid', refundIds: [], payoutIds: [], refundedKopecks: 0 };
  if (!payment) return none;
  if (cancellationRefund(input) === 'full') {
    const refund = await refundHeld(tx, payment.id, input.reason ?? CANCEL_REFUND_REASON[input.by]);
    if (!refund) return none;
    return { refund: 'full', refundIds: [refund.refundId], payoutIds: [], refundedKopecks: refund.amountKopecks };
  }
  const payoutId = await releaseHeld(tx, payment.id);
  return { refund: 'none', refundIds: [], payoutIds: payoutId ? [payoutId] : [], refundedKopecks: 0 };
}
