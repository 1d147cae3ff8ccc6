// «Вернуть неиспользованные» (decision 006, «Packages»): the mentee ends a package and gets its unused credits back pro
// rata, and the scheduler does the same for a package whose time is up. The money moves in escrow/package-money.ts; the
// provider's partial refund is sent after the commit.
import type { Db } from '../../drizzle/db.ts';
import { applyEffects, noEffects } from '../escrow/effects.ts';
import { refundNotice } from '../escrow/notices.ts';
import { lockPackage } from '../escrow/package-money.queries.ts';
import { PACKAGE_EXPIRED_REASON, PACKAGE_REFUND_REASON, refundUnusedCredits } from '../escrow/package-money.ts';
import { storeNotifications } from '../notifications/notify.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { transact } from '../lib/transact.ts';
import { duePackageIds, findPackageOf } from './packages.queries.ts';

export const PACKAGES_URL = '/CalendarPage';

/** A package's payment may see several refunds (sessions, then the unused rest): this one has a key of its own. */
const unusedRefundNotice = (payerId: number, paymentId: string, kopecks: number, reason: string) => ({
  ...refundNotice(payerId, paymentId, kopecks, reason, PACKAGES_URL),
  dedupeKey: `refund:${paymentId}:unused`,
});

/** What refunding now would give back: the credits left and their price (rubles); null for no package of the caller's. */
export async function packageRefundQuote(db: Db, packageId: number, menteeId: number) {
  const row = await findPackageOf(db, packageId, menteeId);
  if (!row) return null;
  const credits = row.status === 'active' ? Number(row.credits_left) : 0;
  return { credits, amount: credits * Number(row.price_per_session), status: row.status };
}

export type RefundOutcome = { kind: 'refunded' } | { kind: 'not_found' | 'not_paid' | 'nothing_left' };

export async function refundPackage(ctx: ProviderContext, packageId: number, menteeId: number): Promise<RefundOutcome> {
  const outcome = await transact(ctx.db, async (tx) => {
    const pack = await lockPackage(tx, packageId);
    if (!pack || pack.menteeId !== menteeId) return { kind: 'not_found' as const };
    if (pack.status === 'pending_payment') return { kind: 'not_paid' as const };
    if (pack.status !== 'active' || pack.creditsLeft === 0) return { kind: 'nothing_left' as const };
    const refund = await refundUnusedCredits(tx, packageId, 'refunded');
    if (!refund) return { kind: 'nothing_left' as const };
    const effects = noEffects();
    if (refund.refundId && refund.payment) {
      effects.refundIds.push(refund.refundId);
      effects.notifications = await storeNotifications(tx, [unusedRefundNotice(menteeId, refund.payment.id, refund.amountKopecks, PACKAGE_REFUND_REASON)]);
    }
    return { kind: 'refunded' as const, effects };
  });
  if (outcome.kind !== 'refunded') return outcome;
  await applyEffects(ctx, outcome.effects);
  return { kind: 'refunded' };
}

export const EXPIRY_BATCH = 200;

/** The minute job: open packages whose time is up end `expired`, their unused credits refunded. */
export async function expireDuePackages(ctx: ProviderContext, limit = EXPIRY_BATCH) {
  const due = await duePackageIds(ctx.db, limit);
  const effects = noEffects();
  let expired = 0;
  for (const id of due) {
    const done = await transact(ctx.db, async (tx) => {
      const refund = await refundUnusedCredits(tx, id, 'expired');
      if (!refund) return null;
      const notes =
        refund.refundId && refund.payment
          ? await storeNotifications(tx, [unusedRefundNotice(refund.payment.payerId, refund.payment.id, refund.amountKopecks, PACKAGE_EXPIRED_REASON)])
          : [];
      return { refundId: refund.refundId, notes };
    });
    if (!done) continue;
    expired += 1;
    if (done.refundId) effects.refundIds.push(done.refundId);
    effects.notifications.push(...done.notes);
  }
  await applyEffects(ctx, effects);
  return { packagesExpired: expired, packageRefunds: effects.refundIds.length };
}
