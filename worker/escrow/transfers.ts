// Sending stored payouts and refunds to the payment provider, after the transaction that booked them has
// committed. Each row carries its own idempotency key, so sending it twice (the request's own attempt and
// the scheduler's retry) moves the money once. A failure is kept on the row (last_error) and retried.
import type { ProviderContext, ProviderTransferStatus } from '../payments/payment-provider.ts';
import { PaymentProviderError } from '../payments/provider-error.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import { currentPayoutCard } from '../payments/payments.queries.ts';
import { NO_PAYOUT_CARD } from './money.ts';
import { holdRefusedPayout, recordPayoutAttempt, recordRefundAttempt, setPayoutCard, unsentPayout, unsentRefund, unsentTransfers } from './transfers.queries.ts';
import { recordRefundReceipt, refundReceiptFor, settleOnFirstSend } from '../payments/receipts/fiscal-receipts.ts';
import { INCOME_SERVICE_NAME, refreshSelfEmployed, refusalReason } from './self-employed-payouts.ts';
import { NO_TAX_STATUS_REASON, permissionWaitingReason } from './payout-waiting.messages.ts';

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
  const row = await unsentPayout(db, payoutId);
  if (!row) return;
  // released money is a delivered service: its settlement receipt goes whatever happens to the payout (decision 020)
  if (!row.dealId) await settleOnFirstSend(ctx, row.payout.paymentId, row.payout.bookingId, row.payout.amountKopecks + row.payout.feeKopecks);
  let token = row.token;
  if (!token) {
    // no card when it was released (or the card was removed since): the mentor's current card, if any now
    const card = await currentPayoutCard(db, row.payout.mentorId);
    await setPayoutCard(db, payoutId, { cardTokenId: card?.id ?? null, lastError: card ? null : NO_PAYOUT_CARD });
    if (!card) return;
    token = card.payoutToken;
  }
  // Форма pays only a самозанятый or an ИП: paying a person without a status would make it his tax agent (decision 020);
  // a payment made inside a safe deal (before decision 020) is paid out as it was
  if (!row.dealId && (row.taxStatus === null || row.taxStatus === 'none')) {
    await recordPayoutAttempt(db, payoutId, { waitingReason: NO_TAX_STATUS_REASON });
    return;
  }
  // a self-employed mentor is paid with his income receipt registered, which his permission allows (decision 020);
  // a payment made inside a safe deal (before decision 020) is paid out as it was, without one
  const selfEmployed = row.taxStatus === 'self_employed' && !row.dealId;
  if (selfEmployed) {
    // no notification tells us the mentor answered: a permission not yet granted is read again before each try
    const state = row.selfEmployedId && row.selfEmployedStatus !== 'confirmed' ? await refreshSelfEmployed(ctx, row.payout.mentorId, row.selfEmployedId) : row.selfEmployedStatus;
    if (state !== 'confirmed') {
      await recordPayoutAttempt(db, payoutId, { waitingReason: permissionWaitingReason(state ?? row.selfEmployedStatus) });
      return;
    }
  }
  const provider = paymentProvider(ctx);
  try {
    const result = await provider.createPayout({
      payoutId,
      amountKopecks: row.payout.amountKopecks,
      payoutToken: token,
      dealId: row.dealId,
      description: `Выплата за оплату ${row.payout.paymentId}`,
      idempotencyKey: row.payout.idempotencyKey,
      ...(selfEmployed ? { selfEmployed: { id: row.selfEmployedId!, serviceName: INCOME_SERVICE_NAME } } : {}),
    });
    if (selfEmployed && result.status === 'canceled') {
      // YooKassa answers a refused self-employed payout with a canceled payout: wait as for a refusal, under a new key
      await holdRefusedPayout(db, payoutId, await refusalReason(ctx, row.payout.mentorId, row.selfEmployedId!), 'canceled by the provider');
      return;
    }
    await recordPayoutAttempt(db, payoutId, {
      providerPayoutId: result.providerPayoutId,
      status: transferStatus(result.status),
      lastError: null,
      waitingReason: null,
      npdReceiptId: result.incomeReceipt?.npdReceiptId ?? null,
      npdReceiptUrl: result.incomeReceipt?.url ?? null,
    });
  } catch (e) {
    logFailure('payout failed', payoutId, e);
    if (selfEmployed && e instanceof PaymentProviderError && e.httpStatus !== null && e.httpStatus < 500) {
      // refused for the mentor's status, his permission or the yearly limit: which one, the permission's state tells
      await holdRefusedPayout(db, payoutId, await refusalReason(ctx, row.payout.mentorId, row.selfEmployedId!), describeFailure(e));
      return;
    }
    await recordPayoutAttempt(db, payoutId, { lastError: describeFailure(e) });
  }
}

/** Sends one pending refund that has no provider id yet. */
export async function sendRefund(ctx: ProviderContext, refundId: string) {
  const { db } = ctx;
  const row = await unsentRefund(db, refundId);
  if (!row) return;
  try {
    if (!row.providerPaymentId) throw new Error('У платежа нет идентификатора платёжной системы');
    // every refund has its own fiscal receipt (возврат прихода, decision 020); a payment made in a deal had none
    const receipt = row.dealId ? null : await refundReceiptFor(db, ctx.env, row.refund.paymentId, refundId, row.refund.amountKopecks);
    const result = await paymentProvider(ctx).createRefund({
      refundId,
      providerPaymentId: row.providerPaymentId,
      amountKopecks: row.refund.amountKopecks,
      dealId: row.dealId,
      description: row.refund.reason,
      idempotencyKey: row.refund.idempotencyKey,
      receipt,
    });
    await recordRefundAttempt(db, refundId, { providerRefundId: result.providerRefundId, status: transferStatus(result.status), lastError: null });
    if (result.receiptRegistration) await recordRefundReceipt(db, refundId, result.receiptRegistration);
  } catch (e) {
    logFailure('refund failed', refundId, e);
    await recordRefundAttempt(db, refundId, { lastError: describeFailure(e) });
  }
}

/** The scheduler's retry: payouts and refunds still pending without a provider id, oldest first, bounded. */
export async function retryPendingTransfers(ctx: ProviderContext, limit = RETRY_BATCH) {
  const { payoutRows, refundRows } = await unsentTransfers(ctx.db, limit);
  for (const { id } of refundRows) await sendRefund(ctx, id);
  for (const { id } of payoutRows) await sendPayout(ctx, id);
  return { payouts: payoutRows.length, refunds: refundRows.length };
}
