// The YooKassa adapter against a local fake of its API v3: ordinary one-stage payments (decision 020), payouts through
// the payouts gateway, refunds, the safe deals of older payments, their bodies, Basic auth, idempotence keys and
// YooKassa's errors; and the fake's own checks of fiscal receipts.
import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../worker/payments/provider-error.ts';
import { configuredYookassa, paymentProvider } from '../../worker/payments/provider-choice.ts';
import { yookassaProvider } from '../../worker/payments/yookassa/yookassa-provider.ts';
import { paymentReceipt, refundReceipt, settlementReceipt, DEFAULT_FISCAL_SETTINGS, type Purchase } from '../../worker/payments/receipts/receipt-builder.ts';
import { FAKE_YOOKASSA_URL, fakeYookassa } from '../fakes/yookassa.ts';
import { bindings, ORIGIN, useTestDb } from './helpers.ts';

const SHOP = '123456';
const KEY = 'test_secret_key';
const GATEWAY = { agentId: '505050', secretKey: 'payout_secret' };
const t = useTestDb();

function setup() {
  const fake = fakeYookassa(SHOP, KEY, GATEWAY);
  const provider = yookassaProvider({ shopId: SHOP, secretKey: KEY, apiUrl: FAKE_YOOKASSA_URL, fetch: fake.fetch }, GATEWAY);
  return { fake, provider };
}

const paymentInput = () => ({
  paymentId: crypto.randomUUID(),
  amountKopecks: 150_000,
  description: 'Консультация «Карьера в IT», 12 марта',
  returnUrl: `${ORIGIN}/payment-return?payment_id=1`,
  idempotencyKey: crypto.randomUUID(),
});

/** a payment made before decision 020 inside a safe deal, straight through the fake's HTTP, and paid */
async function dealPayment(fake: ReturnType<typeof fakeYookassa>) {
  const headers = { authorization: `Basic ${btoa(`${SHOP}:${KEY}`)}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await (await fake.fetch(`${FAKE_YOOKASSA_URL}${path}`, { method: 'POST', headers: { ...headers, 'idempotence-key': crypto.randomUUID() }, body: JSON.stringify(body) })).json()) as { id: string };
  const deal = await post('/deals', { type: 'safe_deal', fee_moment: 'deal_closed' });
  const payment = await post('/payments', {
    amount: { value: '1500.00', currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: `${ORIGIN}/r` },
    deal: { id: deal.id, settlements: [{ type: 'payout', amount: { value: '1425.00', currency: 'RUB' } }] },
  });
  fake.succeed(payment.id);
  return { dealId: deal.id, providerPaymentId: payment.id };
}

describe('YooKassa adapter', () => {
  it('is chosen when the shop id and secret key are set, in any environment', () => {
    const env = { ...bindings, ENVIRONMENT: 'production' as const, YOOKASSA_SHOP_ID: SHOP, YOOKASSA_SECRET_KEY: KEY };
    expect(paymentProvider({ env, db: t.db, origin: ORIGIN }).name).toBe('yookassa');
    expect(configuredYookassa({ ...env, YOOKASSA_SECRET_KEY: '' })).toBeNull();
  });

  it('creates an ordinary one-stage payment, no deal, amounts as strings; reads how the payer paid', async () => {
    const { fake, provider } = setup();
    const input = paymentInput();
    const created = await provider.createPayment(input);
    expect(created).toEqual({ providerPaymentId: expect.any(String), confirmationUrl: expect.stringContaining(created.providerPaymentId) });
    expect(fake.requests).toEqual([{
      method: 'POST',
      path: '/v3/payments',
      idempotenceKey: input.idempotencyKey,
      body: {
        amount: { value: '1500.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: input.returnUrl },
        description: input.description,
        metadata: { payment_id: input.paymentId },
      },
    }]);
    expect(await provider.getPayment(created.providerPaymentId)).toEqual({
      id: created.providerPaymentId,
      status: 'pending',
      amountKopecks: 150_000,
      currency: 'RUB',
      dealId: null,
      metadata: { payment_id: input.paymentId },
      cancelReason: null,
      method: null,
      receiptRegistration: null,
    });
    fake.succeed(created.providerPaymentId, 'sbp');
    expect(await provider.getPayment(created.providerPaymentId)).toMatchObject({ status: 'succeeded', method: 'sbp' });
    const byCard = await provider.createPayment(paymentInput());
    fake.succeed(byCard.providerPaymentId);
    expect((await provider.getPayment(byCard.providerPaymentId)).method).toBe('bank_card');
  });

  it('reuses the idempotence key: a repeated create gives the same payment', async () => {
    const { fake, provider } = setup();
    const input = paymentInput();
    const first = await provider.createPayment(input);
    expect(await provider.createPayment(input)).toEqual(first);
    expect(fake.payments.size).toBe(1);
    const other = await provider.createPayment({ ...input, idempotencyKey: crypto.randomUUID() });
    expect(other.providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('pays out to a card token through the payouts gateway, and refunds naming the payment', async () => {
    const { fake, provider } = setup();
    const created = await provider.createPayment(paymentInput());
    fake.succeed(created.providerPaymentId);

    const payoutInput = { payoutId: crypto.randomUUID(), amountKopecks: 142_500, payoutToken: 'pt-card-token', dealId: null, description: 'Выплата', idempotencyKey: crypto.randomUUID() };
    const payout = await provider.createPayout(payoutInput);
    expect(payout).toMatchObject({ providerPayoutId: expect.stringMatching(/^po-/), status: 'pending' });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/payouts',
      idempotenceKey: payoutInput.idempotencyKey,
      body: { amount: { value: '1425.00', currency: 'RUB' }, payout_token: 'pt-card-token', description: 'Выплата', metadata: { payout_id: payoutInput.payoutId } },
    });
    expect(await provider.createPayout(payoutInput)).toEqual(payout);
    expect(fake.payouts.size).toBe(1);
    fake.settlePayout(payout.providerPayoutId, 'succeeded');
    expect(await provider.getPayout(payout.providerPayoutId)).toEqual({ id: payout.providerPayoutId, status: 'succeeded', amountKopecks: 142_500, selfEmployedId: null, incomeReceipt: null });

    const refundInput = { refundId: crypto.randomUUID(), providerPaymentId: created.providerPaymentId, amountKopecks: 50_000, dealId: null, description: 'Возврат', idempotencyKey: crypto.randomUUID() };
    const refund = await provider.createRefund(refundInput);
    expect(refund).toMatchObject({ providerRefundId: expect.any(String), status: 'succeeded' });
    expect(fake.requests.at(-1)!.body).toEqual({ payment_id: created.providerPaymentId, amount: { value: '500.00', currency: 'RUB' }, description: 'Возврат' });
    expect(await provider.createRefund(refundInput)).toEqual(refund);
    expect(fake.refunds.size).toBe(1);
    expect((await provider.getRefund(refund.providerRefundId)).amountKopecks).toBe(50_000);

    // without the gateway's credentials an ordinary payout cannot be made
    const shopOnly = yookassaProvider({ shopId: SHOP, secretKey: KEY, apiUrl: FAKE_YOOKASSA_URL, fetch: fake.fetch });
    expect(await shopOnly.createPayout({ ...payoutInput, idempotencyKey: crypto.randomUUID() }).catch((e) => e)).toMatchObject({ code: 'payouts_not_configured' });
  });

  it("keeps an older safe deal's payment in its deal: the shop pays out and refunds inside it", async () => {
    const { fake, provider } = setup();
    const { dealId, providerPaymentId } = await dealPayment(fake);
    expect((await provider.getPayment(providerPaymentId)).dealId).toBe(dealId);
    const payout = await provider.createPayout({ payoutId: crypto.randomUUID(), amountKopecks: 142_500, payoutToken: 'pt-card-token', dealId, description: 'Выплата', idempotencyKey: crypto.randomUUID() });
    expect(fake.requests.at(-1)!.body).toMatchObject({ deal: { id: dealId } });
    fake.settlePayout(payout.providerPayoutId, 'succeeded');
    // made with the shop's key, so read back with it after the gateway does not know it
    expect(await provider.getPayout(payout.providerPayoutId)).toMatchObject({ status: 'succeeded', amountKopecks: 142_500 });
    await provider.createRefund({ refundId: crypto.randomUUID(), providerPaymentId, amountKopecks: 50_000, dealId, description: 'Возврат', idempotencyKey: crypto.randomUUID() });
    expect(fake.requests.at(-1)!.body).toMatchObject({ deal: { refund_settlements: [{ type: 'payout', amount: { value: '500.00', currency: 'RUB' } }] } });
  });

  it("turns YooKassa's refusals into a typed error with its code and description", async () => {
    const { fake, provider } = setup();
    const created = await provider.createPayment(paymentInput());
    // still pending: nothing to refund
    const refused = await provider
      .createRefund({ refundId: crypto.randomUUID(), providerPaymentId: created.providerPaymentId, amountKopecks: 100, dealId: null, description: 'x', idempotencyKey: crypto.randomUUID() })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ provider: 'yookassa', code: 'invalid_request', description: 'Payment is not succeeded (payment_id)', httpStatus: 400, retryable: false });

    const missing = await provider.getPayment('no-such-payment').catch((e) => e);
    expect(missing).toMatchObject({ code: 'not_found', httpStatus: 404 });

    const wrongKey = yookassaProvider({ shopId: SHOP, secretKey: 'wrong', apiUrl: FAKE_YOOKASSA_URL, fetch: fake.fetch });
    expect(await wrongKey.getPayment(created.providerPaymentId).catch((e) => e)).toMatchObject({ code: 'invalid_credentials', httpStatus: 401 });

    const down = yookassaProvider({ shopId: SHOP, secretKey: KEY, apiUrl: FAKE_YOOKASSA_URL, fetch: () => Promise.reject(new TypeError('connection refused')) });
    expect(await down.getPayment(created.providerPaymentId).catch((e) => e)).toMatchObject({ code: 'network_error', retryable: true });
  });

  it('the fake refuses a POST without an idempotence key, and a key reused with another body', async () => {
    const { fake } = setup();
    const auth = { authorization: `Basic ${btoa(`${SHOP}:${KEY}`)}`, 'content-type': 'application/json' };
    const noKey = await fake.fetch(`${FAKE_YOOKASSA_URL}/deals`, { method: 'POST', headers: auth, body: JSON.stringify({ type: 'safe_deal', fee_moment: 'deal_closed' }) });
    expect(noKey.status).toBe(400);
    const headers = { ...auth, 'idempotence-key': 'k1' };
    expect((await fake.fetch(`${FAKE_YOOKASSA_URL}/deals`, { method: 'POST', headers, body: JSON.stringify({ type: 'safe_deal', fee_moment: 'deal_closed' }) })).status).toBe(200);
    const reused = await fake.fetch(`${FAKE_YOOKASSA_URL}/deals`, { method: 'POST', headers, body: JSON.stringify({ type: 'safe_deal', fee_moment: 'payment_succeeded' }) });
    expect(reused.status).toBe(400);
  });
});

// Decision 020: receipts travel in POST /payments and /refunds, settlement receipts by POST /receipts. Until the
// adapter sends them, the fake's HTTP is called directly; it refuses a malformed receipt as YooKassa does.
describe('the fake of YooKassa: fiscal receipts, the payouts gateway\'s key, payment methods', () => {
  const purchase: Purchase = { kind: 'consultation', title: 'Разбор резюме', startsAt: new Date('2026-03-12T16:00:00Z'), mentorName: 'Анна Соколова' };
  const common = { email: 'mentee@forma.test', purchase, settings: DEFAULT_FISCAL_SETTINGS };
  const rub = (value: string) => ({ value, currency: 'RUB' });

  function api(fake: ReturnType<typeof fakeYookassa>) {
    const headers = { authorization: `Basic ${btoa(`${SHOP}:${KEY}`)}`, 'content-type': 'application/json' };
    const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fake.fetch(`${FAKE_YOOKASSA_URL}${path}`, {
        method,
        headers: method === 'POST' ? { ...headers, 'idempotence-key': crypto.randomUUID() } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    return { post: (path: string, body: unknown) => send('POST', path, body), get: (path: string) => send('GET', path) };
  }
  const payment = (receipt: unknown) => ({ amount: rub('1500.00'), capture: true, confirmation: { type: 'redirect', return_url: `${ORIGIN}/r` }, receipt });

  it('refuses a malformed receipt on a payment with 400 invalid_request naming the field, and keeps a good one', async () => {
    const fake = fakeYookassa(SHOP, KEY);
    const { post, get } = api(fake);
    const good = paymentReceipt({ ...common, amountKopecks: 150_000 });

    const badVat = await post('/payments', payment({ ...good, items: [{ ...good.items[0], vat_code: 13 }] }));
    expect(badVat).toEqual({ status: 400, body: { type: 'error', id: expect.any(String), code: 'invalid_request', description: expect.any(String), parameter: 'receipt.items[0].vat_code' } });
    expect((await post('/payments', payment({ ...good, customer: {} }))).body.parameter).toBe('receipt.customer');
    expect((await post('/payments', payment({ ...good, items: [{ ...good.items[0], amount: rub('1499.99') }] }))).body.parameter).toBe('receipt.items');
    expect((await post('/payments', payment({ ...good, items: [{ ...good.items[0], amount: { value: '1500', currency: 'RUB' } }] }))).body.parameter).toBe('receipt.items[0].amount.value');
    expect(fake.payments.size).toBe(0);

    const created = await post('/payments', payment(good));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'pending', receipt_registration: 'pending' });
    expect(created.body).not.toHaveProperty('receipt');
    expect(fake.payments.get(created.body.id)?.receipt).toEqual(good);
    fake.succeed(created.body.id);
    expect((await get(`/payments/${created.body.id}`)).body.receipt_registration).toBe('succeeded');
  });

  it('checks a refund\'s receipt against the refunded amount', async () => {
    const fake = fakeYookassa(SHOP, KEY);
    const { post } = api(fake);
    const created = await post('/payments', payment(paymentReceipt({ ...common, amountKopecks: 150_000 })));
    fake.succeed(created.body.id);
    const partial = refundReceipt({ ...common, amountKopecks: 75_001 });
    const wrongSum = await post('/refunds', { payment_id: created.body.id, amount: rub('750.00'), receipt: partial });
    expect(wrongSum).toMatchObject({ status: 400, body: { code: 'invalid_request', parameter: 'receipt.items' } });
    const badMode = await post('/refunds', { payment_id: created.body.id, amount: rub('750.01'), receipt: { ...partial, items: [{ ...partial.items[0], payment_mode: 'refund' }] } });
    expect(badMode).toMatchObject({ status: 400, body: { code: 'invalid_request', parameter: 'receipt.items[0].payment_mode' } });
    expect(fake.refunds.size).toBe(0);
    const refund = await post('/refunds', { payment_id: created.body.id, amount: rub('750.01'), receipt: partial });
    expect(refund).toMatchObject({ status: 200, body: { status: 'succeeded', receipt_registration: 'succeeded' } });
    expect(fake.refunds.get(refund.body.id)?.receipt).toEqual(partial);
  });

  it('registers a settlement receipt (POST /receipts) with fiscal data, and refuses a malformed one', async () => {
    const fake = fakeYookassa(SHOP, KEY);
    const { post, get } = api(fake);
    const created = await post('/payments', payment(paymentReceipt({ ...common, amountKopecks: 150_000 })));
    const settlement = settlementReceipt({ ...common, providerPaymentId: created.body.id, amountKopecks: 150_000 });
    // not paid yet: nothing to settle
    expect(await post('/receipts', settlement)).toMatchObject({ status: 400, body: { code: 'invalid_request', parameter: 'payment_id' } });
    fake.succeed(created.body.id);
    expect(await post('/receipts', { ...settlement, payment_id: 'no-such-payment' })).toMatchObject({ status: 400, body: { parameter: 'payment_id' } });
    expect(await post('/receipts', { ...settlement, send: false })).toMatchObject({ status: 400, body: { code: 'invalid_request', parameter: 'send' } });
    expect(await post('/receipts', { ...settlement, settlements: [{ type: 'barter', amount: rub('1500.00') }] })).toMatchObject({ status: 400, body: { parameter: 'settlements[0].type' } });
    expect(await post('/receipts', { ...settlement, items: [{ ...settlement.items[0], measure: undefined }] })).toMatchObject({ status: 400, body: { parameter: 'items[0].measure' } });
    // only the payment's own receipt, registered when the payment succeeded
    expect([...fake.receipts.values()]).toEqual([expect.objectContaining({ type: 'payment', payment_id: created.body.id, status: 'succeeded', settlements: [{ type: 'cashless', amount: rub('1500.00') }] })]);
    const own = fake.ownReceiptOf({ payment_id: created.body.id })!;

    const registered = await post('/receipts', settlement);
    expect(registered).toEqual({
      status: 200,
      body: {
        id: expect.any(String),
        type: 'payment',
        payment_id: created.body.id,
        status: 'succeeded',
        items: settlement.items,
        settlements: settlement.settlements,
        tax_system_code: 3,
        fiscal_document_number: expect.stringMatching(/^\d+$/),
        fiscal_storage_number: expect.stringMatching(/^\d{16}$/),
        fiscal_attribute: expect.stringMatching(/^\d{10}$/),
        registered_at: expect.any(String),
        fiscal_provider_id: expect.any(String),
      },
    });
    expect(registered.body.id).toHaveLength(39);
    expect(await get(`/receipts/${registered.body.id}`)).toEqual(registered);
    expect((await get(`/receipts?payment_id=${created.body.id}`)).body.items.map((r: { id: string }) => r.id)).toEqual([own.id, registered.body.id]);
    expect((await get('/receipts/rt-none')).status).toBe(404);

    // a slow register: pending until it answers
    fake.holdReceipts();
    const late = settlementReceipt({ ...common, providerPaymentId: created.body.id, amountKopecks: 1050, lateCancellation: true });
    const pending = await post('/receipts', late);
    expect(pending.body).toMatchObject({ status: 'pending' });
    expect(pending.body).not.toHaveProperty('fiscal_document_number');
    fake.settleReceipt(pending.body.id, 'succeeded');
    expect((await get(`/receipts/${pending.body.id}`)).body).toMatchObject({ status: 'succeeded', fiscal_attribute: expect.any(String) });
  });

  it('takes an ordinary payment with no deal (decision 020), and refuses a refund inside a deal for it', async () => {
    const fake = fakeYookassa(SHOP, KEY);
    const { post } = api(fake);
    const created = await post('/payments', { amount: rub('1500.00'), capture: true, confirmation: { type: 'redirect', return_url: `${ORIGIN}/r` } });
    expect(created.status).toBe(200);
    expect(created.body).not.toHaveProperty('deal');
    fake.succeed(created.body.id);
    expect(await post('/refunds', { payment_id: created.body.id, amount: rub('10.00'), deal: { refund_settlements: [] } })).toMatchObject({ status: 400, body: { parameter: 'deal' } });
  });

  it('keeps the payouts gateway apart: its key opens payouts only, and each key sees only its own payouts', async () => {
    const fake = fakeYookassa(SHOP, KEY, GATEWAY);
    const call = (method: 'GET' | 'POST', path: string, [user, password]: [string, string], body?: unknown) =>
      fake
        .fetch(`${FAKE_YOOKASSA_URL}${path}`, {
          method,
          headers: { authorization: `Basic ${btoa(`${user}:${password}`)}`, 'content-type': 'application/json', 'idempotence-key': crypto.randomUUID() },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
    const shop: [string, string] = [SHOP, KEY];
    const gateway: [string, string] = [GATEWAY.agentId, GATEWAY.secretKey];
    expect((await call('GET', '/payments/p-1', gateway)).status).toBe(401);
    expect((await call('GET', '/payments/p-1', shop)).status).toBe(404);
    const payout = { amount: { value: '100.00', currency: 'RUB' }, payout_token: 'pt-1' };
    // an ordinary payout is the gateway's; the shop makes only a safe deal's
    expect(await call('POST', '/payouts', shop, payout)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const made = await call('POST', '/payouts', gateway, payout);
    expect(made.status).toBe(200);
    expect((await call('GET', `/payouts/${made.body.id}`, gateway)).status).toBe(200);
    expect((await call('GET', `/payouts/${made.body.id}`, shop)).status).toBe(404);
  });

  it('takes the payment method the shop names, and only one stage for СБП', async () => {
    const fake = fakeYookassa(SHOP, KEY);
    const { post } = api(fake);
    const sbp = await post('/payments', { ...payment(undefined), payment_method_data: { type: 'sbp' } });
    expect(sbp.body.payment_method).toEqual({ type: 'sbp', id: sbp.body.id, saved: false });
    fake.succeed(sbp.body.id);
    expect(fake.payments.get(sbp.body.id)!.payment_method).toMatchObject({ type: 'sbp', sbp_operation_id: expect.any(String) });
    expect(await post('/payments', { ...payment(undefined), capture: false, payment_method_data: { type: 'sbp' } })).toMatchObject({ status: 400, body: { parameter: 'capture' } });
    expect(await post('/payments', { ...payment(undefined), payment_method_data: { type: 'cash' } })).toMatchObject({ status: 400, body: { parameter: 'payment_method_data.type' } });
  });
});

// Decision 020: a self-employed mentor's payout carries `self_employed` and `receipt_data`, and YooKassa registers his
// income receipt. Until the adapter asks for permissions, the fake's HTTP is called with the gateway's key directly.
describe('the fake of YooKassa: self-employed payees', () => {
  function gatewayApi(fake: ReturnType<typeof fakeYookassa>) {
    const headers = { authorization: `Basic ${btoa(`${GATEWAY.agentId}:${GATEWAY.secretKey}`)}`, 'content-type': 'application/json' };
    const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fake.fetch(`${FAKE_YOOKASSA_URL}${path}`, {
        method,
        headers: method === 'POST' ? { ...headers, 'idempotence-key': crypto.randomUUID() } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    return { post: (path: string, body: unknown) => send('POST', path, body), get: (path: string) => send('GET', path) };
  }
  const rub = (value: string) => ({ value, currency: 'RUB' });
  const payout = (id: string, value = '3610.00') => ({
    amount: rub(value),
    payout_token: 'pt-card',
    description: 'Выплата за консультацию 12.03',
    self_employed: { id },
    receipt_data: { service_name: 'Консультации на платформе Форма', amount: rub(value) },
  });

  it('asks a permission, keeps its states, and registers the income receipt with a confirmed payee\'s payout', async () => {
    const fake = fakeYookassa(SHOP, KEY, GATEWAY);
    const { post, get } = gatewayApi(fake);
    expect(await post('/self_employed', { confirmation: { type: 'redirect' } })).toMatchObject({ status: 400, body: { code: 'invalid_request', parameter: 'itn' } });
    expect(await post('/self_employed', { itn: '7701', confirmation: { type: 'redirect' } })).toMatchObject({ status: 400, body: { parameter: 'itn' } });
    const asked = await post('/self_employed', { itn: '770112345678', confirmation: { type: 'redirect' } });
    expect(asked).toEqual({
      status: 200,
      body: { id: expect.stringMatching(/^se-/), status: 'pending', created_at: expect.any(String), itn: '770112345678', confirmation: { type: 'redirect', confirmation_url: expect.stringContaining(asked.body.id) }, test: true },
    });
    const id = asked.body.id as string;

    // not yet confirmed: the payout is refused (canceled by YooKassa)
    const early = await post('/payouts', payout(id));
    expect(early.body).toMatchObject({ status: 'canceled', cancellation_details: { party: 'yoo_money' } });

    fake.setSelfEmployed(id, 'confirmed');
    expect((await get(`/self_employed/${id}`)).body.status).toBe('confirmed');
    expect(await post('/payouts', { ...payout(id), receipt_data: { service_name: 'x'.repeat(51) } })).toMatchObject({ status: 400, body: { parameter: 'receipt_data.service_name' } });
    expect(await post('/payouts', { ...payout(id), receipt_data: { service_name: 'Консультации', amount: rub('1.00') } })).toMatchObject({ status: 400, body: { parameter: 'receipt_data.amount' } });
    expect(await post('/payouts', { ...payout(id), self_employed: { id: 'se-none' } })).toMatchObject({ status: 400, body: { parameter: 'self_employed.id' } });
    const made = await post('/payouts', payout(id));
    expect(made.body).toMatchObject({ status: 'pending', self_employed: { id } });
    expect(made.body).not.toHaveProperty('receipt');
    fake.settlePayout(made.body.id, 'succeeded');
    expect((await get(`/payouts/${made.body.id}`)).body.receipt).toEqual({
      service_name: 'Консультации на платформе Форма',
      amount: rub('3610.00'),
      npd_receipt_id: expect.stringMatching(/^[0-9a-f]{10}$/),
      url: expect.stringMatching(/^https:\/\/www\.nalog\.gov\.ru\/api\/v1\/770112345678\/[0-9a-f]{10}\/print$/),
    });

    // a payout that succeeds in its own answer carries the receipt at once
    fake.settlePayoutsAtOnce();
    expect((await post('/payouts', payout(id, '100.00'))).body).toMatchObject({ status: 'succeeded', receipt: { npd_receipt_id: expect.any(String), amount: rub('100.00') } });

    // revoked later: refused again, as a 400 when the test asks for that form
    fake.setSelfEmployed(id, 'canceled');
    fake.refuseSelfEmployedPayoutsAs('error');
    expect(await post('/payouts', payout(id))).toMatchObject({ status: 400, body: { code: 'invalid_request', parameter: 'self_employed' } });
  });

  it('the adapter asks and reads a permission, pays a self-employed payee with his income receipt, and sends a receipt of its own', async () => {
    const { fake, provider } = setup();
    const asked = await provider.createSelfEmployed({ itn: '770112345678', idempotencyKey: crypto.randomUUID() });
    expect(asked).toEqual({ id: expect.stringMatching(/^se-/), status: 'pending', itn: '770112345678', confirmationUrl: expect.stringContaining(asked.id) });
    fake.setSelfEmployed(asked.id, 'confirmed');
    expect(await provider.getSelfEmployed(asked.id)).toEqual({ id: asked.id, status: 'confirmed', itn: '770112345678' });
    fake.settlePayoutsAtOnce();
    const paid = await provider.createPayout({
      payoutId: crypto.randomUUID(),
      amountKopecks: 361_000,
      payoutToken: 'pt-1',
      dealId: null,
      description: 'Выплата',
      idempotencyKey: crypto.randomUUID(),
      selfEmployed: { id: asked.id, serviceName: 'Консультации на платформе Форма' },
    });
    expect(paid).toEqual({ providerPayoutId: expect.stringMatching(/^po-/), status: 'succeeded', incomeReceipt: { npdReceiptId: expect.stringMatching(/^[0-9a-f]{10}$/), url: expect.stringContaining('nalog.gov.ru') } });
    const sent = fake.requests.find((r) => r.path === '/v3/payouts' && (r.body as { self_employed?: unknown }).self_employed);
    expect(sent?.body).toMatchObject({ self_employed: { id: asked.id }, receipt_data: { service_name: 'Консультации на платформе Форма', amount: { value: '3610.00', currency: 'RUB' } } });

    // the settlement receipt (зачёт предоплаты) of a paid payment, sent on its own
    const created = await provider.createPayment(paymentInput());
    fake.succeed(created.providerPaymentId);
    const purchase: Purchase = { kind: 'consultation', title: 'Разбор резюме', startsAt: new Date('2026-03-12T16:00:00Z'), mentorName: 'Анна Соколова' };
    const receipt = await provider.createReceipt(
      settlementReceipt({ email: 'mentee@example.ru', purchase, settings: DEFAULT_FISCAL_SETTINGS, providerPaymentId: created.providerPaymentId, amountKopecks: 150_000 }),
      crypto.randomUUID(),
    );
    expect(receipt).toEqual({ id: expect.any(String), status: 'succeeded', fiscal: { storageNumber: expect.any(String), documentNumber: expect.any(String), attribute: expect.any(String), registeredAt: expect.any(String) } });
  });

  it('refuses a payout over the yearly НПД limit of 2.4 M ₽, this payout included', async () => {
    const fake = fakeYookassa(SHOP, KEY, GATEWAY);
    const { post } = gatewayApi(fake);
    const { body: person } = await post('/self_employed', { phone: '79001234567', confirmation: { type: 'redirect' } });
    fake.setSelfEmployed(person.id, 'confirmed');
    expect((await post('/payouts', payout(person.id, '2399999.00'))).body.status).toBe('pending');
    expect((await post('/payouts', payout(person.id, '2.00'))).body.status).toBe('canceled');
    expect((await post('/payouts', payout(person.id, '1.00'))).body.status).toBe('pending');
    // asked by phone: the ИНН is known once he confirmed
    expect(fake.selfEmployed.get(person.id)!.itn).toMatch(/^\d{12}$/);
  });

  it('keeps self-employed calls on the payouts gateway and off safe deals', async () => {
    const fake = fakeYookassa(SHOP, KEY, GATEWAY);
    const shopHeaders = { authorization: `Basic ${btoa(`${SHOP}:${KEY}`)}`, 'content-type': 'application/json', 'idempotence-key': crypto.randomUUID() };
    const byShop = await fake.fetch(`${FAKE_YOOKASSA_URL}/self_employed`, { method: 'POST', headers: shopHeaders, body: JSON.stringify({ itn: '770112345678' }) });
    expect(byShop.status).toBe(403);
    const { post } = gatewayApi(fake);
    expect(await post('/payouts', { amount: rub('10.00'), payout_token: 'pt', receipt_data: { service_name: 'Консультации' } })).toMatchObject({ status: 400, body: { parameter: 'receipt_data' } });
  });
});
