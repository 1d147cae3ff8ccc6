// What happens to held money when a paid booking or registration is cancelled (decision 006): the policy
// decides between a full refund and a release to the mentor.
import type { Tx } from '../../drizzle/db.ts';
import { cancellationRefund, type CancelledBy } from './cancellation-policy.ts';
import { refundAllHeld, releaseAllHeld } from './money.ts';
import type { Payment } from './money.queries.ts';

export type RefundAnswer = 'full' | 'none' | 'not_paid';

export type CancellationMoney = { refund: RefundAnswer; refundIds: string[]; payoutIds: string[]; refundedKopecks: number };

export const CANCEL_REFUND_REASON = {
  buyer: 'Отмена записи по правилам бесплатной отмены.',
  mentor: 'Ментор отменил запись.',
  event: 'Мероприятие отменено организатором.',
} as const;

/**
 * Settles the held payments (already locked by the caller's service lock; none for a free or unpaid service) of a
 * cancelled service: a booking's own payment and its top-ups (decision 024) go together, a registration's one.
 */
export async function settleCancellation(
  tx: Tx,
  held: Payment[],
  input: { by: CancelledBy; startsAt: Date; bookedAt: Date; now: Date; reason?: string },
): Promise<CancellationMoney> {
  const none: CancellationMoney = { refund: 'not_paid', refundIds: [], payoutIds: [], refundedKopecks: 0 };
  if (held.length === 0) return none;
  if (cancellationRefund(input) === 'full') {
    const refund = await refundAllHeld(tx, held, input.reason ?? CANCEL_REFUND_REASON[input.by]);
    if (refund.refundIds.length === 0) return none;
    return { refund: 'full', ...refund };
  }
  return { refund: 'none', refundIds: [], payoutIds: await releaseAllHeld(tx, held), refundedKopecks: 0 };
}
