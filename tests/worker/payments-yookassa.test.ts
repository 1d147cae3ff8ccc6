// The YooKassa adapter against a local fake of its API v3: the safe-deal calls, their bodies, Basic auth,
// idempotence keys and YooKassa's errors.
import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../worker/payments/provider-error.ts';
import { configuredYookassa, paymentProvider } from '../../worker/payments/provider-choice.ts';
import { yookassaProvider } from '../../worker/payments/yookassa/yookassa-provider.ts';
import { FAKE_YOOKASSA_URL, fakeYookassa } from '../fakes/yookassa.ts';
import { bindings, ORIGIN, useTestDb } from './helpers.ts';

const SHOP = '123456';
const KEY = 'test_secret_key';
const t = useTestDb();

function setup() {
  const fake = fakeYookassa(SHOP, KEY);
  const provider = yookassaProvider({ shopId: SHOP, secretKey: KEY, apiUrl: FAKE_YOOKASSA_URL, fetch: fake.fetch });
  return { fake, provider };
}

const paymentInput = () => ({
  paymentId: crypto.randomUUID(),
  amountKopecks: 150_000,
  payoutKopecks: 142_500,
  description: 'Консультация «Карьера в IT», 12 марта',
  returnUrl: `${ORIGIN}/payment-return?payment_id=1`,
  idempotencyKey: crypto.randomUUID(),
});

describe('YooKassa adapter', () => {
  it('is chosen when the shop id and secret key are set, in any environment', () => {
    const env = { ...bindings, ENVIRONMENT: 'production' as const, YOOKASSA_SHOP_ID: SHOP, YOOKASSA_SECRET_KEY: KEY };
    expect(paymentProvider({ env, db: t.db, origin: ORIGIN }).name).toBe('yookassa');
    expect(configuredYookassa({ ...env, YOOKASSA_SECRET_KEY: '' })).toBeNull();
  });

  it('creates a safe deal and a payment in it, with amounts as strings and the payout settlement', async () => {
    const { fake, provider } = setup();
    const input = paymentInput();
    const created = await provider.createPayment(input);
    expect(created).toEqual({
      providerPaymentId: expect.any(String),
      providerDealId: expect.stringMatching(/^dl-/),
      confirmationUrl: expect.stringContaining(created.providerPaymentId),
    });
    const [deal, payment] = fake.requests;
    expect(deal).toEqual({
      method: 'POST',
      path: '/v3/deals',
      idempotenceKey: `deal-${input.idempotencyKey}`,
      body: { type: 'safe_deal', fee_moment: 'deal_closed', description: input.description, metadata: { payment_id: input.paymentId } },
    });
    expect(payment).toEqual({
      method: 'POST',
      path: '/v3/payments',
      idempotenceKey: input.idempotencyKey,
      body: {
        amount: { value: '1500.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: input.returnUrl },
        description: input.description,
        metadata: { payment_id: input.paymentId },
        deal: { id: created.providerDealId, settlements: [{ type: 'payout', amount: { value: '1425.00', currency: 'RUB' } }] },
      },
    });
    expect(await provider.getPayment(created.providerPaymentId)).toEqual({
      id: created.providerPaymentId,
      status: 'pending',
      amountKopecks: 150_000,
      currency: 'RUB',
      dealId: created.providerDealId,
      metadata: { payment_id: input.paymentId },
      cancelReason: null,
    });
    fake.succeed(created.providerPaymentId);
    expect((await provider.getPayment(created.providerPaymentId)).status).toBe('succeeded');
  });

  it('reuses the idempotence key: a repeated create gives the same deal and payment', async () => {
    const { fake, provider } = setup();
    const input = paymentInput();
    const first = await provider.createPayment(input);
    expect(await provider.createPayment(input)).toEqual(first);
    expect(fake.deals.size).toBe(1);
    expect(fake.payments.size).toBe(1);
    const other = await provider.createPayment({ ...input, idempotencyKey: crypto.randomUUID() });
    expect(other.providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('pays out to a card token inside the deal, and refunds inside the deal', async () => {
    const { fake, provider } = setup();
    const created = await provider.createPayment(paymentInput());
    fake.succeed(created.providerPaymentId);

    const payoutInput = { payoutId: crypto.randomUUID(), amountKopecks: 142_500, payoutToken: 'pt-card-token', dealId: created.providerDealId, description: 'Выплата', idempotencyKey: crypto.randomUUID() };
    const payout = await provider.createPayout(payoutInput);
    expect(payout).toEqual({ providerPayoutId: expect.stringMatching(/^po-/), status: 'pending' });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/payouts',
      idempotenceKey: payoutInput.idempotencyKey,
      body: { amount: { value: '1425.00', currency: 'RUB' }, payout_token: 'pt-card-token', description: 'Выплата', metadata: { payout_id: payoutInput.payoutId }, deal: { id: created.providerDealId } },
    });
    expect(await provider.createPayout(payoutInput)).toEqual(payout);
    expect(fake.payouts.size).toBe(1);
    fake.settlePayout(payout.providerPayoutId, 'succeeded');
    expect(await provider.getPayout(payout.providerPayoutId)).toEqual({ id: payout.providerPayoutId, status: 'succeeded', amountKopecks: 142_500 });

    const refundInput = { refundId: crypto.randomUUID(), providerPaymentId: created.providerPaymentId, amountKopecks: 50_000, dealId: created.providerDealId, description: 'Возврат', idempotencyKey: crypto.randomUUID() };
    const refund = await provider.createRefund(refundInput);
    expect(refund).toEqual({ providerRefundId: expect.any(String), status: 'succeeded' });
    expect(fake.requests.at(-1)!.body).toEqual({
      payment_id: created.providerPaymentId,
      amount: { value: '500.00', currency: 'RUB' },
      description: 'Возврат',
      deal: { refund_settlements: [{ type: 'payout', amount: { value: '500.00', currency: 'RUB' } }] },
    });
    expect(await provider.createRefund(refundInput)).toEqual(refund);
    expect(fake.refunds.size).toBe(1);
    expect((await provider.getRefund(refund.providerRefundId)).amountKopecks).toBe(50_000);
  });

  it("turns YooKassa's refusals into a typed error with its code and description", async () => {
    const { fake, provider } = setup();
    const created = await provider.createPayment(paymentInput());
    // still pending: nothing to refund
    const refused = await provider
      .createRefund({ refundId: crypto.randomUUID(), providerPaymentId: created.providerPaymentId, amountKopecks: 100, dealId: created.providerDealId, description: 'x', idempotencyKey: crypto.randomUUID() })
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
