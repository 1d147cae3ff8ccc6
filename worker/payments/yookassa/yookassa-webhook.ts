// POST /api/payments/webhooks/yookassa/: YooKassa's HTTP notifications carry no signature, so the body is
// only a hint of what changed: we re-fetch the named payment, payout or refund from YooKassa's API and act
// on that answer alone. A notification whose object YooKassa doesn't confirm (unknown id, another status,
// another amount) is acknowledged with 200 and changes nothing, so a forger learns nothing and YooKassa
// doesn't redeliver it; a failure to reach YooKassa answers 500, so YooKassa delivers it again later.
import { z } from 'zod';
import { ApiError } from '../../lib/errors.ts';
import { PaymentProviderError } from '../provider-error.ts';
import type { ProviderContext } from '../payment-provider.ts';
import type { PayoutSeen } from '../../escrow/payment-events.ts';
import { applyPaymentNotification, applyTransferNotification, eventStatus, PAYMENT_EVENTS, TRANSFER_EVENTS, type PaymentEvent, type TransferEvent } from '../webhook-events.ts';
import type { YookassaProvider } from './yookassa-provider.ts';

const yookassaNotification = z.object({
  type: z.literal('notification'),
  event: z.string().min(1).max(64),
  object: z.looseObject({ id: z.string().min(1).max(200) }),
});

const isPaymentEvent = (event: string): event is PaymentEvent => (PAYMENT_EVENTS as readonly string[]).includes(event);
const isTransferEvent = (event: string): event is TransferEvent => (TRANSFER_EVENTS as readonly string[]).includes(event);

function ignored(reason: string, details: Record<string, unknown>) {
  console.error(JSON.stringify({ level: 'warn', msg: `yookassa notification ignored: ${reason}`, ...details }));
  return { result: 'ignored' as const };
}

/** The object as YooKassa has it, or null when YooKassa has no such object. */
async function refetch<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof PaymentProviderError && e.httpStatus === 404) return null;
    throw e;
  }
}

export async function handleYookassaNotification(ctx: ProviderContext, yookassa: YookassaProvider, body: unknown) {
  const parsed = yookassaNotification.safeParse(body);
  if (!parsed.success) throw new ApiError(400, 'invalid_notification', 'Некорректное уведомление');
  const { event, object } = parsed.data;
  const details = { event, id: object.id };

  if (isPaymentEvent(event)) {
    const seen = await refetch(() => yookassa.getPayment(object.id));
    if (!seen) return ignored('no such payment', details);
    if (seen.status !== eventStatus(event)) return ignored('status differs', { ...details, status: seen.status });
    const outcome = await applyPaymentNotification(ctx, 'yookassa', event, seen, parsed.data);
    return { result: outcome };
  }
  if (isTransferEvent(event)) {
    const load = event.startsWith('payout.') ? () => yookassa.getPayout(object.id) : () => yookassa.getRefund(object.id);
    const seen = await refetch<{ id: string; status: string } & Partial<PayoutSeen>>(load);
    if (!seen) return ignored('no such object', details);
    if (seen.status !== eventStatus(event)) return ignored('status differs', { ...details, status: seen.status });
    // a payout's own object names a self-employed payee's permission and, once paid, his income receipt (decision 020)
    const payout = { selfEmployedId: seen.selfEmployedId ?? null, incomeReceipt: seen.incomeReceipt ?? null };
    return { result: await applyTransferNotification(ctx, 'yookassa', event, seen.id, parsed.data, payout) };
  }
  // payment.waiting_for_capture (we capture at once), deal.closed and the like need nothing from us
  return { result: 'ignored' as const };
}
