// The sandbox payment provider's books: idempotent creates, payouts only to its own card tokens, refunds
// never above the payment.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { PaymentProviderError } from '../../worker/payments/provider-error.ts';
import { paymentProvider } from '../../worker/payments/provider-choice.ts';
import { settlePayment } from '../../worker/payments/sandbox/sandbox-books.ts';
import { signSandboxCardToken } from '../../worker/payments/sandbox-card.ts';
import { bindings, ORIGIN, useTestDb } from './helpers.ts';

const t = useTestDb();
const provider = () => paymentProvider({ env: bindings, db: t.db, origin: ORIGIN });

function paymentInput(amountKopecks = 150_000) {
  return {
    paymentId: crypto.randomUUID(),
    amountKopecks,
    description: 'Консультация',
    returnUrl: `${ORIGIN}/payment-return?payment_id=x`,
    idempotencyKey: crypto.randomUUID(),
  };
}

describe('sandbox provider', () => {
  it('is the provider in test without YooKassa settings, and production without them is 503', () => {
    expect(provider().name).toBe('sandbox');
    try {
      paymentProvider({ env: { ...bindings, ENVIRONMENT: 'production' }, db: t.db, origin: ORIGIN });
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ status: 503, code: 'payments_unavailable', message: 'Оплата временно недоступна' });
    }
  });

  it('creates a pending ordinary payment (no safe deal, decision 020) with a checkout page, once per idempotency key', async () => {
    const input = paymentInput();
    const first = await provider().createPayment(input);
    expect(first.providerPaymentId).toMatch(/^sbx_pay_[0-9a-f-]{36}$/);
    expect(first.confirmationUrl).toBe(`${ORIGIN}/sandbox/checkout/${first.providerPaymentId}`);
    expect(await provider().createPayment(input)).toEqual(first);
    expect(await provider().getPayment(first.providerPaymentId)).toEqual({
      id: first.providerPaymentId,
      status: 'pending',
      amountKopecks: 150_000,
      currency: 'RUB',
      dealId: null,
      metadata: { payment_id: input.paymentId },
      cancelReason: null,
      method: null,
      receiptRegistration: null,
    });
    const rows = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.idempotencyKey, input.idempotencyKey));
    expect(rows).toHaveLength(1);
    await expect(provider().getPayment('sbx_pay_nope')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('pays out only to a card token its widget signed, and at once', async () => {
    const token = await signSandboxCardToken(bindings.JWT_SECRET, { last4: '4242', type: 'Visa' });
    const input = { payoutId: crypto.randomUUID(), amountKopecks: 142_500, payoutToken: token, dealId: 'sbx_deal_x', description: 'Выплата', idempotencyKey: crypto.randomUUID() };
    const payout = await provider().createPayout(input);
    expect(payout).toEqual({ providerPayoutId: expect.stringMatching(/^sbx_po_/), status: 'succeeded', incomeReceipt: null });
    expect(await provider().createPayout(input)).toEqual(payout);
    const forged = await signSandboxCardToken('another-secret', { last4: '4242', type: 'Visa' });
    const refused = await provider().createPayout({ ...input, payoutToken: forged, idempotencyKey: crypto.randomUUID() }).catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused.code).toBe('invalid_payout_token');
  });

  it('refunds a succeeded payment, never more than was paid, once per key', async () => {
    const created = await provider().createPayment(paymentInput(100_000));
    const refund = (amountKopecks: number, idempotencyKey = crypto.randomUUID()) =>
      provider().createRefund({ refundId: crypto.randomUUID(), providerPaymentId: created.providerPaymentId, amountKopecks, dealId: null, description: 'Возврат', idempotencyKey });
    await expect(refund(100_000)).rejects.toMatchObject({ code: 'invalid_request' });
    await settlePayment(t.db, created.providerPaymentId, 'succeeded', undefined, 'sbp');
    // a payment by СБП is refunded as a card payment is
    expect((await provider().getPayment(created.providerPaymentId)).method).toBe('sbp');
    const key = crypto.randomUUID();
    const first = await refund(60_000, key);
    expect(first).toEqual({ providerRefundId: expect.stringMatching(/^sbx_rf_/), status: 'succeeded', receiptRegistration: null });
    expect(await refund(60_000, key)).toEqual(first);
    await expect(refund(40_001)).rejects.toMatchObject({ code: 'invalid_request', description: 'Сумма возврата больше суммы платежа' });
    expect((await refund(40_000)).status).toBe('succeeded');
  });
});
