// POST /api/payments/webhooks/sandbox/: the sandbox provider's signed notifications. The signature covers
// the raw body, so the body's payment (id, status, amount) is the provider's word; our own payment row
// must still match it (webhook-events.ts).
import { z } from 'zod';
import { ApiError, errors } from '../../lib/errors.ts';
import { valueToKopecks } from '../amounts.ts';
import { storedCancelReason } from '../cancel-reasons.ts';
import { paymentMethodKind, type ProviderContext } from '../payment-provider.ts';
import { applyPaymentNotification, applyTransferNotification, eventStatus, PAYMENT_EVENTS, TRANSFER_EVENTS, type PaymentEvent, type TransferEvent } from '../webhook-events.ts';
import { verifySandboxNotification } from './sandbox-signature.ts';

export const sandboxNotification = z.object({
  type: z.literal('notification'),
  event: z.enum([...PAYMENT_EVENTS, ...TRANSFER_EVENTS] as [PaymentEvent | TransferEvent, ...(PaymentEvent | TransferEvent)[]]),
  object: z.object({
    id: z.string().min(1).max(200),
    status: z.string(),
    amount: z.object({ value: z.string(), currency: z.string() }).optional(),
    metadata: z.record(z.string(), z.string()).optional(),
    cancellation_details: z.object({ party: z.string().max(32), reason: z.string().max(64) }).optional(),
    payment_method: z.object({ type: z.string().max(32) }).optional(),
    receipt_registration: z.enum(['pending', 'succeeded', 'canceled']).optional(),
    // a self-employed payee's payout, as YooKassa's payout object has them (decision 020): the permission it went
    // under and, once paid, the income receipt registered in «Мой налог»
    self_employed: z.object({ id: z.string().min(1).max(200) }).optional(),
    receipt: z
      .object({
        service_name: z.string().max(50).optional(),
        npd_receipt_id: z.string().min(1).max(200),
        url: z.url({ protocol: /^https?$/ }).max(2000).optional(),
        amount: z.object({ value: z.string(), currency: z.string() }).optional(),
      })
      .optional(),
  }),
});
export type SandboxNotification = z.infer<typeof sandboxNotification>;

const invalid = (detail: string) => new ApiError(400, 'invalid_notification', detail);

export async function handleSandboxNotification(ctx: ProviderContext, rawBody: string, signature: string | undefined) {
  if (!(await verifySandboxNotification(ctx.env.JWT_SECRET, rawBody, signature))) {
    throw new ApiError(401, 'invalid_signature', 'Подпись уведомления неверна');
  }
  let parsed: ReturnType<typeof sandboxNotification.safeParse>;
  try {
    parsed = sandboxNotification.safeParse(JSON.parse(rawBody));
  } catch {
    throw invalid('Уведомление не в формате JSON');
  }
  if (!parsed.success) throw invalid('Некорректное уведомление');
  const { event, object } = parsed.data;
  if (object.status !== eventStatus(event)) throw invalid('Статус объекта не совпадает с событием');

  if (event === 'payment.succeeded' || event === 'payment.canceled') {
    const amountKopecks = valueToKopecks(object.amount?.value);
    if (amountKopecks === null || !object.amount) throw invalid('Некорректная сумма в уведомлении');
    const seen = {
      id: object.id,
      status: eventStatus(event),
      amountKopecks,
      currency: object.amount.currency,
      dealId: null,
      metadata: object.metadata ?? {},
      cancelReason: storedCancelReason(object.cancellation_details?.reason),
      method: paymentMethodKind(object.payment_method?.type),
      receiptRegistration: object.receipt_registration ?? null,
    };
    const outcome = await applyPaymentNotification(ctx, 'sandbox', event, seen, parsed.data);
    if (outcome === 'unknown_payment') throw errors.notFound('Платёж не найден');
    if (outcome === 'amount_mismatch') throw new ApiError(400, 'amount_mismatch', 'Сумма уведомления не совпадает с суммой платежа');
    return { result: outcome };
  }
  const payout = {
    selfEmployedId: object.self_employed?.id ?? null,
    incomeReceipt: object.receipt ? { npdReceiptId: object.receipt.npd_receipt_id, url: object.receipt.url ?? null } : null,
  };
  return { result: await applyTransferNotification(ctx, 'sandbox', event, object.id, parsed.data, event.startsWith('payout.') ? payout : undefined) };
}
