// POST /api/payments/deals/ (the spec's name): the payer's booking, event seat or package, held for payment, becomes
// an ordinary payment with the provider (decision 020: Форма sells, its own escrow holds the money), and the browser is
// sent to the provider's confirmation page, where the payer picks a card or СБП. Asking again for
// the same service gives the same payment: one live payment per service is a unique index, and the
// provider call carries the payment's own idempotency key, so a retry never creates a second charge.
import type { Executor } from '../../drizzle/db.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { findUserById } from '../users/users.queries.ts';
import { findCallersService, findPayment, insertPendingPayment, storeProviderPayment, type PaymentRow } from './deals.queries.ts';
import type { DealBody } from './payments.schemas.ts';
import { PaymentProviderError } from './provider-error.ts';
import type { PaymentProvider, ProviderContext } from './payment-provider.ts';
import { paymentProvider } from './provider-choice.ts';
import { ownReturnUrl } from './return-url.ts';
import { paymentReceiptFor } from './receipts/fiscal-receipts.ts';

const NOT_FOUND = { consultation: 'Бронирование не найдено', event: 'Регистрация на мероприятие не найдена', package: 'Пакет не найден' } as const;
const notPayable = () => errors.conflict('not_payable', 'Оплата не требуется или время брони истекло');
const providerFailed = () => new ApiError(502, 'payment_provider_error', 'Платёжная система не ответила. Попробуйте ещё раз.');

/**
 * A fiscal receipt goes to the payer's e-mail or phone (decision 020); an account made through VK or Telegram may have
 * neither (decision 025), and the provider would refuse the receipt, so the payment is refused first, saying what to do.
 */
export async function assertReceiptContact(db: Executor, payerId: number) {
  const payer = await findUserById(db, payerId);
  if (payer && !payer.email && !payer.phone) {
    throw errors.conflict('receipt_contact_required', 'Для кассового чека нужна почта или телефон: добавьте телефон в профиле и оплатите снова');
  }
}

export async function createDeal(ctx: ProviderContext, payerId: number, body: DealBody) {
  const { db } = ctx;
  await assertReceiptContact(db, payerId);
  const service = await findCallersService(db, body.service_type, body.service_id, payerId);
  if (!service) throw errors.notFound(NOT_FOUND[body.service_type]);
  if (!service.payable) throw notPayable();

  const provider = paymentProvider(ctx);
  const id = crypto.randomUUID();
  const returnUrl = ownReturnUrl(body.return_url, ctx.origin, id);
  const payment = await insertPendingPayment(db, body.service_type, { id, provider: provider.name, serviceRef: service.serviceRef, payerId, returnUrl });
  // none (the hold ran out meanwhile), or one that is already paid (or released, refunded): nothing to pay
  if (!payment || payment.status !== 'pending') throw notPayable();
  if (payment.provider !== provider.name) throw providerFailed();

  const confirmationUrl = payment.confirmationUrl ?? (await startWithProvider(ctx, provider, payment, service.description));
  return { confirmation_url: confirmationUrl, payment_id: payment.id };
}

/** A payment stored by another service (a move's top-up, decision 024) started with the provider: its confirmation page. */
export async function startStoredPayment(ctx: ProviderContext, paymentId: string, description: (title: string) => string) {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment) throw errors.notFound('Платёж не найден');
  return startWithProvider(ctx, paymentProvider(ctx), payment, description(payment.serviceTitle ?? ''));
}

/** The provider's side of a stored payment (again, after a failed first try: the same key, the same object). */
async function startWithProvider(ctx: ProviderContext, provider: PaymentProvider, payment: PaymentRow, description: string) {
  let created: Awaited<ReturnType<PaymentProvider['createPayment']>>;
  // the payment's fiscal receipt (приход, decision 020): kept before the provider is asked, registered by its service
  const receipt = await paymentReceiptFor(ctx.db, ctx.env, payment.id, payment.amountKopecks);
  try {
    created = await provider.createPayment({
      paymentId: payment.id,
      amountKopecks: payment.amountKopecks,
      description,
      returnUrl: payment.returnUrl,
      idempotencyKey: payment.idempotencyKey,
      receipt,
    });
  } catch (e) {
    if (!(e instanceof PaymentProviderError)) throw e;
    console.error(JSON.stringify({ level: 'error', msg: 'createPayment failed', paymentId: payment.id, provider: e.provider, code: e.code, description: e.description }));
    throw providerFailed();
  }
  const stored = await storeProviderPayment(ctx.db, payment.id, created);
  return stored?.confirmationUrl ?? created.confirmationUrl;
}
