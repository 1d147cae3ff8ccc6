// What a provider notification changes, once it has been verified (the sandbox's signature) or re-fetched
// (YooKassa): the payment named by the provider's id must be ours, with our amount and currency, and each
// notification (event + object id) is applied once: webhook_events' unique (provider, event_key) claims
// it before the escrow transition runs. The transitions themselves (worker/escrow/payment-events.ts) are
// conditional updates, so a succeeded and a canceled for one payment, in any order, still settle it once.
import { recordPaymentReceipt } from './receipts/fiscal-receipts.queries.ts';
import { onPaymentCanceled, onPaymentSucceeded, onPayoutResult, onRefundResult, type PayoutSeen } from '../escrow/payment-events.ts';
import { CURRENCY } from './amounts.ts';
import type { ProviderContext, ProviderPayment } from './payment-provider.ts';
import { claimWebhookEvent, findPaymentByProviderId, releaseWebhookClaim } from './webhook-events.queries.ts';

export type ProviderName = 'sandbox' | 'yookassa';
export type PaymentEvent = 'payment.succeeded' | 'payment.canceled';
export type TransferEvent = 'payout.succeeded' | 'payout.canceled' | 'refund.succeeded' | 'refund.canceled';
export type NotificationOutcome = 'applied' | 'already' | 'duplicate' | 'unknown_payment' | 'amount_mismatch';

export const PAYMENT_EVENTS: readonly PaymentEvent[] = ['payment.succeeded', 'payment.canceled'];
export const TRANSFER_EVENTS: readonly TransferEvent[] = ['payout.succeeded', 'payout.canceled', 'refund.succeeded', 'refund.canceled'];

/** The status an event reports: 'payment.succeeded' → 'succeeded'. */
export const eventStatus = (event: PaymentEvent | TransferEvent) => event.slice(event.indexOf('.') + 1) as 'succeeded' | 'canceled';

function warn(msg: string, details: Record<string, unknown>) {
  console.error(JSON.stringify({ level: 'warn', msg, ...details }));
}

/**
 * Claims the notification in webhook_events and applies it; 'duplicate' when it was claimed before. If
 * applying fails, the claim is given back so the provider's redelivery is applied instead of ignored.
 */
async function once<T>(ctx: ProviderContext, provider: ProviderName, eventKey: string, payload: unknown, apply: () => Promise<T>): Promise<T | 'duplicate'> {
  const claimId = await claimWebhookEvent(ctx.db, { provider, eventKey, payload });
  if (claimId === null) return 'duplicate';
  try {
    return await apply();
  } catch (e) {
    await releaseWebhookClaim(ctx.db, claimId).catch(() => {});
    throw e;
  }
}

/** `seen` is the provider's payment as we trust it: the signed body (sandbox) or a fresh GET (YooKassa). */
export async function applyPaymentNotification(ctx: ProviderContext, provider: ProviderName, event: PaymentEvent, seen: ProviderPayment, payload: unknown): Promise<NotificationOutcome> {
  const payment = await findPaymentByProviderId(ctx.db, provider, seen.id);
  if (!payment || (seen.metadata.payment_id !== undefined && seen.metadata.payment_id !== payment.id)) {
    warn('notification for an unknown payment', { provider, event, providerPaymentId: seen.id, metadata: seen.metadata });
    return 'unknown_payment';
  }
  if (seen.amountKopecks !== payment.amountKopecks || seen.currency !== CURRENCY) {
    warn('notification amount differs from the payment', { provider, event, paymentId: payment.id, ours: payment.amountKopecks, theirs: seen.amountKopecks, currency: seen.currency });
    return 'amount_mismatch';
  }
  const outcome = await once(ctx, provider, `${event}:${seen.id}`, payload, () =>
    event === 'payment.succeeded' ? onPaymentSucceeded(ctx, payment.id, seen.method) : onPaymentCanceled(ctx, payment.id, seen.cancelReason),
  );
  // the payment's receipt as the provider's receipt service reports it (decision 020)
  if (seen.receiptRegistration) await recordPaymentReceipt(ctx.db, payment.id, seen.receiptRegistration);
  return outcome;
}

/**
 * A payout's or refund's final status; an id we don't know yet throws (escrow), so the provider retries. `payout` is what
 * the payout object says of a self-employed payee (its permission, its income receipt), as trusted as `seen` above.
 */
export async function applyTransferNotification(ctx: ProviderContext, provider: ProviderName, event: TransferEvent, providerObjectId: string, payload: unknown, payout?: PayoutSeen) {
  const status = eventStatus(event);
  return once(ctx, provider, `${event}:${providerObjectId}`, payload, async () => {
    if (event.startsWith('payout.')) await onPayoutResult(ctx, providerObjectId, status, payout);
    else await onRefundResult(ctx, providerObjectId, status);
    return 'applied' as const;
  });
}
