// Sending stored payouts and refunds to the payment provider, after the transaction that booked them has
// committed. Each row carries its own idempotency key, so sending it twice (the request's own attempt and
// the scheduler's retry) moves the money once. A failure is kept on the row (last_error) and retried.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { payments, payoutCardTokens, payouts, refunds } from '../../drizzle/schema/payments.ts';
import type { ProviderContext, ProviderTransferStatus } from '../payments/payment-provider.ts';
import { PaymentProviderError } from '../payments/provider-error.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import { currentPayoutCard } from '../payments/payments.queries.ts';
import { NO_PAYOUT_CARD } from './money.ts';

const RETRY_BATCH = 200;

const transferStatus = (status: ProviderTransferStatus) => (status === 'canceled' ? 'failed' : status);

function describeFailure(e: unknown) {
  if (e instanceof PaymentProviderError) return `${e.code}: ${e.description}`.slice(0, 500);
  if (e instanceof Error && e.message) return e.message.slice(0, 500);
  return 'Платёжная система недоступна';
}

function logFailure(msg: string, id: string, e: unknown) {
  console.error(JSON.stringify({ level: 'error', msg, id, error: String(e) }));
}

/** Sends one pending payout that has no provider id yet; a payout with no card waits for the mentor's card. */
export async function sendPayout(ctx: ProviderContext, payoutId: string) {
  const { db } = ctx;
  const [row] = await db
    .select({ payout: payouts, dealId: payments.providerDealId, token: payoutCardTokens.payoutToken })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .leftJoin(payoutCardTokens, eq(payoutCardTokens.id, payouts.cardTokenId))
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending'), isNull(payouts.providerPayoutId)));
  if (!row) return;
  let token = row.token;
  if (!token) {
    // no card when it was released (or the card was removed since): the mentor's current card, if any now
    const card = await currentPayoutCard(db, row.payout.mentorId);
    await db.update(payouts).set({ cardTokenId: card?.id ?? null, lastError: card ? null : NO_PAYOUT_CARD }).where(eq(payouts.id, payoutId));
    if (!card) return;
    token = card.payoutToken;
  }
  try {
    const result = await paymentProvider(ctx).createPayout({
      payoutId,
      amountKopecks: row.payout.amountKopecks,
      payoutToken: token,
      dealId: row.dealId,
      description: `Выплата за оплату ${row.payout.paymentId}`,
      idempotencyKey: row.payout.idempotencyKey,
    });
    await db
      .update(payouts)
      .set({ providerPayoutId: result.providerPayoutId, status: transferStatus(result.status), lastError: null })
      .where(and(eq(payouts.id, payoutId), isNull(payouts.providerPayoutId)));
  } catch (e) {
    logFailure('payout failed', payoutId, e);
    await db.update(payouts).set({ lastError: describeFailure(e) }).where(and(eq(payouts.id, payoutId), isNull(payouts.providerPayoutId)));
  }
}

/** Sends one pending refund that has no provider id yet. */
export async function sendRefund(ctx: ProviderContext, refundId: string) {
  const { db } = ctx;
  const [row] = await db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId, dealId: payments.providerDealId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)));
  if (!row) return;
  try {
    if (!row.providerPaymentId) throw new Error('У платежа нет идентификатора платёжной системы');
    const result = await paymentProvider(ctx).createRefund({
      refundId,
      providerPaymentId: row.providerPaymentId,
      amountKopecks: row.refund.amountKopecks,
      dealId: row.dealId,
      description: row.refund.reason,
      idempotencyKey: row.refund.idempotencyKey,
    });
    await db
      .update(refunds)
      .set({ providerRefundId: result.providerRefundId, status: transferStatus(result.status), lastError: null })
      .where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
  } catch (e) {
    logFailure('refund failed', refundId, e);
    await db.update(refunds).set({ lastError: describeFailure(e) }).where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
  }
}

/** The scheduler's retry: payouts and refunds still pending without a provider id, oldest first, bounded. */
export async function retryPendingTransfers(ctx: ProviderContext, limit = RETRY_BATCH) {
  const { db } = ctx;
  const [payoutRows, refundRows] = await Promise.all([
    db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), isNull(payouts.providerPayoutId)))
      .orderBy(asc(payouts.createdAt))
      .limit(limit),
    db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)))
      .orderBy(asc(refunds.createdAt))
      .limit(limit),
  ]);
  for (const { id } of refundRows) await sendRefund(ctx, id);
  for (const { id } of payoutRows) await sendPayout(ctx, id);
  return { payouts: payoutRows.length, refunds: refundRows.length };
}
