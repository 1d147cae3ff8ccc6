// The local sandbox payment provider (ENVIRONMENT development/test only; 404 in production, where the real
// provider's widget and checkout take their place): the payout-card widget, the checkout page and the stand-in for
// «Мой налог»'s permission request (decision 020).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { database } from '../middleware/database.ts';
import { devOnly } from '../middleware/dev-only.ts';
import { sandboxCardBody, sandboxCheckoutBody } from './payments.schemas.ts';
import { cardTypeOf, signSandboxCardToken } from './sandbox-card.ts';
import { widgetHtml } from './sandbox-widget.ts';
import { checkoutHtml } from './sandbox/checkout-page.ts';
import { newNonce, sandboxPageHeaders } from './sandbox/page-security.ts';
import { findObject } from './sandbox/sandbox-books.queries.ts';
import { DECLINED, DECLINED_CARD_DIGITS, finishCheckout, WALKED_AWAY, type Delivery } from './sandbox/sandbox-checkout.ts';
import type { SandboxPaymentRequest } from './sandbox/sandbox-provider.ts';
import { answerSelfEmployed, getSandboxSelfEmployed } from './sandbox/sandbox-self-employed.ts';
import { incomeReceiptHtml, selfEmployedHtml } from './sandbox/self-employed-page.ts';
import { sbpBankHtml } from './sandbox/sbp-bank-page.ts';
import type { Db } from '../../drizzle/db.ts';
import { kopecksText } from '../lib/money-text.ts';
import { PaymentProviderError } from './provider-error.ts';

// the sandbox's payment ids: anything else names no payment
const PAYMENT_ID = ':id{sbx_pay_[0-9a-f-]{36}}';
const CHECKOUT = `/checkout/${PAYMENT_ID}`;
// and its self-employed permission requests
const SELF_EMPLOYED = '/self-employed/:id{sbx_se_[0-9a-f-]{36}}';
// and a self-employed payout's income receipt, by the payout's id
const INCOME_RECEIPT = '/income-receipts/:id{sbx_po_[0-9a-f-]{36}}';

/** Where the checkout's notification goes: this app's webhook, through the app createApp handed to the request. */
function checkoutDelivery(c: Context<AppEnv>): Delivery {
  const deliver = c.var.deliverToSelf;
  if (!deliver) throw new Error('the sandbox routes run only inside createApp (deliverToSelf unset)');
  return { env: c.env, db: c.var.db, origin: new URL(c.req.url).origin, deliver };
}

/** A sandbox payment as its pages show it; an unknown id is a 404. */
async function checkoutView(db: Db, providerPaymentId: string) {
  const row = await findObject(db, 'payment', providerPaymentId);
  if (!row) throw errors.notFound('Платёж не найден');
  const request = row.request as SandboxPaymentRequest;
  return { id: row.id, amountKopecks: row.amountKopecks, description: request.description, status: row.status, returnUrl: request.return_url };
}

/** Under /api: the widget's tokenizer (the number is dropped at once) and the checkout page's buttons. */
export const sandboxApiRoutes = new Hono<AppEnv>()
  .post('/sandbox/payout-cards/tokenize', devOnly, validate('json', sandboxCardBody), async (c) => {
    const { number } = c.req.valid('json');
    const card = { last4: number.slice(-4), type: cardTypeOf(number) };
    const payoutToken = await signSandboxCardToken(c.env.JWT_SECRET, card);
    return c.json({ payout_token: payoutToken, card_last4: card.last4, card_type: card.type });
  })
  .post(`/sandbox${CHECKOUT}/pay`, devOnly, validate('json', sandboxCheckoutBody), async (c) => {
    const declined = c.req.valid('json').card_number === DECLINED_CARD_DIGITS;
    return c.json(await finishCheckout(checkoutDelivery(c), c.req.param('id'), declined ? DECLINED : undefined));
  })
  // СБП: the payer confirmed the payment in their bank's app (here: the sandbox's «Оплатить через СБП»)
  .post(`/sandbox${CHECKOUT}/pay-sbp`, devOnly, async (c) => {
    return c.json(await finishCheckout(checkoutDelivery(c), c.req.param('id'), undefined, 'sbp'));
  })
  // the checkout waiting for a СБП payment asks whether the bank confirmed it
  .get(`/sandbox${CHECKOUT}/status`, devOnly, async (c) => {
    const view = await checkoutView(c.var.db, c.req.param('id'));
    return c.json({ status: view.status, redirect_url: view.returnUrl });
  })
  .post(`/sandbox${CHECKOUT}/cancel`, devOnly, async (c) => {
    return c.json(await finishCheckout(checkoutDelivery(c), c.req.param('id'), WALKED_AWAY));
  })
  // the mentor's answer to the permission request; our app learns it by asking the provider, as with YooKassa
  .post(`/sandbox${SELF_EMPLOYED}/confirm`, devOnly, async (c) => c.json(await answerSelfEmployed(c.var.db, c.req.param('id'), true)))
  .post(`/sandbox${SELF_EMPLOYED}/reject`, devOnly, async (c) => c.json(await answerSelfEmployed(c.var.db, c.req.param('id'), false)));

/** Under /sandbox: the widget page the settings screen frames, and the payer's checkout page. */
export const sandboxPageRoutes = new Hono<AppEnv>()
  .get('/payout-card-widget', devOnly, (c) => {
    const nonce = newNonce();
    return c.html(widgetHtml(nonce), 200, sandboxPageHeaders(nonce, "'self'"));
  })
  .get(CHECKOUT, devOnly, database, async (c) => {
    const view = await checkoutView(c.var.db, c.req.param('id'));
    const nonce = newNonce();
    const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
    return c.html(checkoutHtml(nonce, view, nextYear, new URL(c.req.url).origin), 200, sandboxPageHeaders(nonce, "'none'"));
  })
  // the payer's bank app in a СБП payment: where the checkout's QR code and «Открыть приложение банка» lead
  .get(`/sbp/${PAYMENT_ID}`, devOnly, database, async (c) => {
    const view = await checkoutView(c.var.db, c.req.param('id'));
    const nonce = newNonce();
    return c.html(sbpBankHtml(nonce, view), 200, sandboxPageHeaders(nonce, "'none'"));
  })
  .get(SELF_EMPLOYED, devOnly, database, async (c) => {
    const object = await getSandboxSelfEmployed(c.var.db, c.req.param('id')).catch((e) => {
      throw e instanceof PaymentProviderError ? errors.notFound('Запрос не найден') : e;
    });
    const nonce = newNonce();
    return c.html(selfEmployedHtml(nonce, object, object.itn ? `ИНН ${object.itn}.` : 'ИНН найдём по номеру телефона.'), 200, sandboxPageHeaders(nonce, "'none'"));
  })
  .get(INCOME_RECEIPT, devOnly, database, async (c) => {
    const payout = await findObject(c.var.db, 'payout', c.req.param('id'));
    const request = payout?.request as { receipt?: { npd_receipt_id: string; service_name: string }; self_employed?: { id: string } } | undefined;
    if (!payout || !request?.receipt) throw errors.notFound('Чек не найден');
    const permission = request.self_employed ? await findObject(c.var.db, 'self_employed', request.self_employed.id) : null;
    const nonce = newNonce();
    const view = {
      npdReceiptId: request.receipt.npd_receipt_id,
      serviceName: request.receipt.service_name,
      amountText: kopecksText(payout.amountKopecks),
      itn: (permission?.request as { itn?: string } | undefined)?.itn ?? null,
      registeredAt: payout.createdAt,
    };
    return c.html(incomeReceiptHtml(nonce, view), 200, sandboxPageHeaders(nonce, "'none'"));
  });
