// The cancellation policy (spec 000: the event page and §9; decision 006): the buyer gets a full refund
// when cancelling at least 7 days before the start or within 24 hours of booking; otherwise the money is
// released to the mentor. A mentor's cancellation always refunds in full. Nothing the buyer does after the start
// refunds by this policy: once a service has begun it may have been used (issue 34: a paid event attended, then
// left for a full refund), so from then on only a dispute or an admin returns money. The cancellations refuse
// a started service before they get here; this is the last guard.

const DAY_MS = 86_400_000;
export const FREE_CANCEL_DAYS_BEFORE = 7;
export const FREE_CANCEL_HOURS_AFTER_BOOKING = 24;

export type CancelledBy = 'buyer' | 'mentor';
export type RefundDecision = 'full' | 'none';

export function cancellationRefund(input: { by: CancelledBy; startsAt: Date; bookedAt: Date; now: Date }): RefundDecision {
  if (input.by === 'mentor') return 'full';
  const now = input.now.getTime();
  if (now >= input.startsAt.getTime()) return 'none';
  if (input.startsAt.getTime() - now >= FREE_CANCEL_DAYS_BEFORE * DAY_MS) return 'full';
  if (now - input.bookedAt.getTime() <= (FREE_CANCEL_HOURS_AFTER_BOOKING * DAY_MS) / 24) return 'full';
  return 'none';
}
