// What happens when the payer presses «Оплатить» or «Отменить» on the sandbox's page: the sandbox settles
// the payment in its own books (once: pending → succeeded | canceled), then, like a real provider, notifies
// our webhook with a signed request, and sends the browser back to the shop's return URL. The
// notification goes through the Worker's own app (a real Request, the full middleware chain, no network: the
// route passes the app's `deliverToSelf`) and is awaited, so the payment's state has changed by the time the browser is back on our page.
import type { Db } from '../../../drizzle/db.ts';
import type { Bindings } from '../../env.ts';
import { errors } from '../../lib/errors.ts';
import { CURRENCY, kopecksToValue } from '../amounts.ts';
import { GENERAL_DECLINE, TIME_RAN_OUT } from '../cancel-reasons.ts';
import { findObject, settlePayment, type SandboxCancellation } from './sandbox-books.queries.ts';
import type { SandboxPaymentRequest } from './sandbox-provider.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxNotification } from './sandbox-signature.ts';
import type { SandboxNotification } from './sandbox-webhook.ts';

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox/';

/** The card the sandbox always declines, as digits. */
export const DECLINED_CARD_DIGITS = '4000000000000002';

export type Delivery = { env: Bindings; db: Db; origin: string; deliver: (request: Request) => Promise<Response> };

/** The payer's card was declined by their bank: YooKassa says so with the issuer as the party. */
export const DECLINED: SandboxCancellation = { party: 'payment_network', reason: GENERAL_DECLINE };
/** The payer left the checkout without paying: YooKassa lets such a payment expire. */
export const WALKED_AWAY: SandboxCancellation = { party: 'yoo_money', reason: TIME_RAN_OUT };

/** `canceled` is why the payment failed; without it the payment succeeds, paid by `method`. */
export async function finishCheckout(d: Delivery, providerPaymentId: string, canceled?: SandboxCancellation, method: 'bank_card' | 'sbp' = 'bank_card') {
  const status = canceled ? 'canceled' : 'succeeded';
  const settled = await settlePayment(d.db, providerPaymentId, status, canceled, canceled ? undefined : method);
  if (!settled) {
    if (await findObject(d.db, 'payment', providerPaymentId)) throw errors.conflict('payment_not_pending', 'Этот платёж уже обработан');
    throw errors.notFound('Платёж не найден');
  }
  const request = settled.request as SandboxPaymentRequest;
  await notifyShop(d, {
    type: 'notification',
    event: `payment.${status}`,
    object: {
      id: settled.id,
      status,
      amount: { value: kopecksToValue(settled.amountKopecks), currency: CURRENCY },
      metadata: request.metadata,
      ...(canceled ? { cancellation_details: canceled } : { payment_method: { type: method } }),
      // the receipt a payment carried is registered with its success (or dropped with its cancellation)
      ...(request.receipt ? { receipt_registration: canceled ? 'canceled' : 'succeeded' } : {}),
    },
  });
  return { redirect_url: request.return_url, status };
}

async function notifyShop(d: Delivery, notification: SandboxNotification) {
  const body = JSON.stringify(notification);
  const request = new Request(new URL(SANDBOX_WEBHOOK_PATH, d.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: await signSandboxNotification(d.env.JWT_SECRET, body) },
    body,
  });
  const res = await d.deliver(request);
  if (!res.ok) {
    // a real provider would retry; the payer still goes back, and the payment page shows what we know
    console.error(JSON.stringify({ level: 'error', msg: 'sandbox notification refused', event: notification.event, id: notification.object.id, status: res.status, body: (await res.text()).slice(0, 500) }));
  }
}
