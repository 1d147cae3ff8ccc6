// The providers' notifications: the sandbox's checkout and signed webhook, and YooKassa's webhook, which we
// trust only through a re-fetch from its API. Each notification changes state once, whatever the order.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { fiscalReceipts, ledgerEntries, payouts, sandboxProviderObjects, webhookEvents } from '../../drizzle/schema/payments.ts';
import { createApp } from '../../worker/app.ts';
import { ACCESS_COOKIE, signAccessToken } from '../../worker/auth/access-token.ts';
import { kopecksToValue } from '../../worker/payments/amounts.ts';
import { signSandboxNotification } from '../../worker/payments/sandbox/sandbox-signature.ts';
import { yookassaProvider } from '../../worker/payments/yookassa/yookassa-provider.ts';
import { FAKE_YOOKASSA_URL } from '../fakes/yookassa.ts';
import { EXECUTION_CTX, fakeYookassaOnFetch, productionEnv } from './yookassa-production.ts';
import { bookingRow, paymentRow, providerCtx } from './escrow-fixtures.ts';
import { checkFiscalReceipts } from '../../worker/payments/receipts/fiscal-receipts.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { heldBooking, heldRegistration } from './payments-fixtures.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
type DealAnswer = { confirmation_url: string; payment_id: string };
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = (card_number = '4111 1111 1111 1111') => ({ card_number, expiry: `12/${nextYear}`, cvc: '123' });

/** A booking held for payment, its deal through the API, and the sandbox's payment id. */
async function bookingWithDeal(price = 1500) {
  const held = await heldBooking(t.db, { price });
  const answer = await expectJson<DealAnswer>(
    send('POST', '/api/payments/deals/', { user: asUser(held.mentee), body: { service_type: 'consultation', service_id: held.booking.id, return_url: '/payment-return' } }),
    200,
  );
  const providerId = answer.confirmation_url.split('/').at(-1)!;
  return { ...held, paymentId: answer.payment_id, providerId };
}

const checkout = (providerId: string, action: 'pay' | 'pay-sbp' | 'cancel', body: object = {}) =>
  call(`/api/sandbox/checkout/${providerId}/${action}/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) });

function notification(event: 'payment.succeeded' | 'payment.canceled', providerId: string, paymentId: string, kopecks: number) {
  const status = event.slice('payment.'.length);
  return { type: 'notification', event, object: { id: providerId, status, amount: { value: kopecksToValue(kopecks), currency: 'RUB' }, metadata: { payment_id: paymentId } } };
}

/** A notification as the sandbox sends it: no Origin, no cookies, the body signed. */
async function deliver(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return call('/api/payments/webhooks/sandbox/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature ?? (await signSandboxNotification(bindings.JWT_SECRET, raw)) },
    body: raw,
  });
}

const ledger = (paymentId: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
const webhookRows = (key: string) => t.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, key));

describe('sandbox checkout', () => {
  it('pays: the sandbox notifies our webhook, the booking is paid, the browser goes back to the return URL', async () => {
    const { booking, paymentId, providerId } = await bookingWithDeal(1500);
    const answer = await expectJson(checkout(providerId, 'pay', card()), 200);
    expect(answer).toEqual({ redirect_url: `${ORIGIN}/payment-return?payment_id=${paymentId}`, status: 'succeeded' });
    expect(await paymentRow(t.db, paymentId)).toMatchObject({ status: 'succeeded', paidAt: expect.any(Date) });
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
    expect(await ledger(paymentId)).toMatchObject([{ kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks: 150_000 }]);
    expect(await webhookRows(`payment.succeeded:${providerId}`)).toHaveLength(1);
    // the page can't be paid twice
    expect(await expectJson(checkout(providerId, 'pay', card()), 409)).toEqual({ detail: 'Этот платёж уже обработан', code: 'payment_not_pending' });
    expect(await expectJson(checkout(providerId, 'cancel'), 409)).toMatchObject({ code: 'payment_not_pending' });
    const page = await (await call(`/sandbox/checkout/${providerId}`)).text();
    expect(page).toContain('Этот платёж уже оплачен.');
    expect(page).not.toContain('<form');
  });

  it('pays by СБП (decision 020): the payment keeps its method, the receipt says it, a refund goes back the same way', async () => {
    const { mentee, booking, paymentId, providerId } = await bookingWithDeal(1500);
    // the checkout page offers a card and СБП, as YooKassa's does for an ordinary payment
    const page = await (await call(`/sandbox/checkout/${providerId}`)).text();
    expect(page).toMatch(/value="sbp"> СБП/);
    // on a computer a QR code, on a phone a link: both lead to the payer's bank (the sandbox's bank page) for this payment
    const bankPath = `/sandbox/sbp/${providerId}`;
    expect(page).toMatch(/aria-label="QR-код для оплаты через СБП"><svg[^>]*>[\s\S]*<\/svg><\/div>/);
    expect(page).toContain(`href="${bankPath}">Открыть приложение банка</a>`);
    const status = () => expectJson<{ status: string; redirect_url: string }>(call(`/api/sandbox/checkout/${providerId}/status/`), 200);
    expect(await status()).toEqual({ status: 'pending', redirect_url: `${ORIGIN}/payment-return?payment_id=${paymentId}` });
    const bank = await (await call(bankPath)).text();
    expect(bank).toContain('Подтвердить оплату');
    expect(bank).toContain(`/api/sandbox/checkout/${providerId}/pay-sbp`);
    expect(await expectJson(checkout(providerId, 'pay-sbp'), 200)).toEqual({ redirect_url: `${ORIGIN}/payment-return?payment_id=${paymentId}`, status: 'succeeded' });
    // the checkout waiting on the computer learns it and goes back to the shop
    expect((await status()).status).toBe('succeeded');
    expect(await (await call(bankPath)).text()).toContain('Этот платёж уже оплачен.');
    expect(await paymentRow(t.db, paymentId)).toMatchObject({ status: 'succeeded', paymentMethod: 'sbp' });
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
    expect(await ledger(paymentId)).toMatchObject([{ kind: 'payment_received', amountKopecks: 150_000 }]);
    const receipt = await (await call(`/api/downloads/receipts/${paymentId}/`, { headers: { cookie: `${ACCESS_COOKIE}=${await signAccessToken(asUser(mentee), bindings.JWT_SECRET)}` } })).text();
    expect(receipt).toMatch(/Способ оплаты<\/th>\s*<td[^>]*>СБП/);
    // the buyer cancels in time: the whole sum goes back to the payment (СБП refunds as a card does)
    const canceled = await expectJson<{ refund: string }>(
      send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentee), body: { user_id: mentee.id } }),
      200,
    );
    expect(canceled.refund).toBe('full');
    const refunds = (await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.kind, 'refund'))).filter(
      (o) => (o.request as { payment_id?: string }).payment_id === providerId,
    );
    expect(refunds).toMatchObject([{ status: 'succeeded', amountKopecks: 150_000 }]);

    // decision 020: the payment carried its fiscal receipt (приход, prepayment) and the refund its own (возврат прихода)
    const receipts = await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, paymentId));
    const byKind = Object.fromEntries(receipts.map((r) => [r.kind, r]));
    expect(byKind.payment).toMatchObject({ status: 'succeeded', amountKopecks: 150_000, refundId: null });
    expect(byKind.payment.items).toEqual([
      {
        description: expect.stringMatching(/^Консультация «Разбор резюме», \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, \S/),
        quantity: 1,
        measure: 'piece',
        amount: { value: '1500.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
      },
    ]);
    expect(byKind.refund).toMatchObject({ status: 'succeeded', amountKopecks: 150_000, refundId: expect.any(String) });
    expect((refunds[0].request as { receipt?: { customer: { email: string } } }).receipt?.customer.email).toBe(mentee.email);
  });

  it('a late cancellation releases the money to the mentor with its settlement receipt (зачёт предоплаты, decision 020)', async () => {
    const { mentee, booking, paymentId, providerId } = await bookingWithDeal(1500);
    await expectJson(checkout(providerId, 'pay', card()), 200);
    // booked three days ago for a start two days ahead: too late for a refund, the money goes to the mentor
    await t.db.update(consultationBookings).set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) }).where(eq(consultationBookings.id, booking.id));
    const canceled = await expectJson<{ refund: string }>(
      send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentee), body: { user_id: mentee.id } }),
      200,
    );
    expect(canceled.refund).toBe('none');
    const receipts = await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, paymentId));
    const settlement = receipts.find((r) => r.kind === 'settlement');
    expect(settlement).toMatchObject({
      status: 'succeeded',
      amountKopecks: 150_000,
      providerReceiptId: expect.stringMatching(/^sbx_rc_/),
      fiscalStorageNumber: expect.stringMatching(/^\d{16}$/),
      fiscalDocumentNumber: expect.stringMatching(/^\d+$/),
      fiscalAttribute: expect.stringMatching(/^\d{10}$/),
      registeredAt: expect.any(Date),
    });
    expect(settlement!.items).toEqual([
      expect.objectContaining({ description: expect.stringMatching(/, по условиям отмены$/), quantity: 1, amount: { value: '1500.00', currency: 'RUB' }, payment_mode: 'full_payment' }),
    ]);
    // once: the scheduler's retry leaves this receipt as it is (other files' receipts in the shared database may be sent)
    await checkFiscalReceipts(providerCtx(t.db));
    const after = await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, paymentId));
    expect(after.filter((r) => r.kind === 'settlement')).toEqual([settlement]);
  });

  it('cancel and a declined card cancel the payment and end the hold', async () => {
    const canceled = await bookingWithDeal();
    expect((await expectJson(checkout(canceled.providerId, 'cancel'), 200)).status).toBe('canceled');
    // leaving the checkout is time that ran out, not a decline: the payment page tells the two apart (issue 35)
    expect(await paymentRow(t.db, canceled.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'expired_on_confirmation' });
    expect((await bookingRow(t.db, canceled.booking.id)).status).toBe('expired');
    expect(await expectJson(send('GET', `/api/payments/${canceled.paymentId}/`, { user: asUser(canceled.mentee) }), 200)).toMatchObject({ status: 'canceled', cancel_reason: 'expired_on_confirmation' });

    const declined = await bookingWithDeal();
    const answer = await expectJson(checkout(declined.providerId, 'pay', card('4000 0000 0000 0002')), 200);
    expect(answer).toEqual({ redirect_url: `${ORIGIN}/payment-return?payment_id=${declined.paymentId}`, status: 'canceled' });
    expect(await paymentRow(t.db, declined.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'general_decline' });
    expect(await expectJson(send('GET', `/api/payments/${declined.paymentId}/`, { user: asUser(declined.mentee) }), 200)).toMatchObject({ cancel_reason: 'general_decline' });
    const [object] = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.id, declined.providerId));
    // the sandbox keeps the details as YooKassa's payment object does
    expect(object).toMatchObject({ status: 'canceled', request: { cancellation_details: { party: 'payment_network', reason: 'general_decline' } } });
  });

  it('confirms an event seat', async () => {
    const { participant, event, registration } = await heldRegistration(t.db, { price: 800 });
    const { confirmation_url, payment_id } = await expectJson<DealAnswer>(
      send('POST', '/api/payments/deals/', { user: asUser(participant), body: { service_type: 'event', service_id: event.id, return_url: '/payment-return' } }),
      200,
    );
    await expectJson(checkout(confirmation_url.split('/').at(-1)!, 'pay', card()), 200);
    expect((await paymentRow(t.db, payment_id)).status).toBe('succeeded');
    const [row] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registration.id));
    expect(row.status).toBe('confirmed');
  });

  it('checks the card like a real form and changes nothing for a bad one', async () => {
    const { paymentId, providerId } = await bookingWithDeal();
    const bad = await expectJson(checkout(providerId, 'pay', { card_number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12' }), 400);
    expect(bad.fields).toEqual({ card_number: 'Неверный номер карты', expiry: 'Срок действия карты истёк', cvc: 'CVC — три цифры с обратной стороны карты' });
    expect((await paymentRow(t.db, paymentId)).status).toBe('pending');
    await expectJson(checkout(`sbx_pay_${crypto.randomUUID()}`, 'pay', card()), 404);
  });
});

describe('sandbox webhook', () => {
  it('refuses a forged, missing or foreign signature with 401 and changes nothing', async () => {
    const { paymentId, providerId } = await bookingWithDeal(1500);
    const body = notification('payment.succeeded', providerId, paymentId, 150_000);
    const genuine = await signSandboxNotification(bindings.JWT_SECRET, JSON.stringify(body));
    const flipped = genuine.slice(0, -1) + (genuine.endsWith('0') ? '1' : '0');
    for (const signature of [flipped, '', 'zz', await signSandboxNotification('another-secret', JSON.stringify(body))]) {
      expect(await expectJson(deliver(body, signature), 401)).toEqual({ detail: 'Подпись уведомления неверна', code: 'invalid_signature' });
    }
    // the signature covers the body: the same signature on another body is refused
    expect((await deliver({ ...body, event: 'payment.canceled' }, genuine)).status).toBe(401);
    expect((await paymentRow(t.db, paymentId)).status).toBe('pending');
    expect(await webhookRows(`payment.succeeded:${providerId}`)).toHaveLength(0);
  });

  it('applies the same notification once: five copies in a row', async () => {
    const { booking, paymentId, providerId } = await bookingWithDeal();
    const body = notification('payment.succeeded', providerId, paymentId, 150_000);
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await expectJson(deliver(body), 200)).result);
    expect(results).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await ledger(paymentId)).toHaveLength(1);
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
  });

  it('five succeeded and five canceled copies at once, in any order, settle the payment once', async () => {
    const { booking, paymentId, providerId } = await bookingWithDeal();
    const succeeded = notification('payment.succeeded', providerId, paymentId, 150_000);
    const canceled = notification('payment.canceled', providerId, paymentId, 150_000);
    const copies = [...Array(5).fill(succeeded), ...Array(5).fill(canceled)].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(copies.map((body) => deliver(body)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // the payer's money arrived: the payment ends succeeded however the two kinds interleaved
    expect((await paymentRow(t.db, paymentId)).status).toBe('succeeded');
    expect(await ledger(paymentId)).toHaveLength(1);
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
    expect(await webhookRows(`payment.succeeded:${providerId}`)).toHaveLength(1);
    expect(await webhookRows(`payment.canceled:${providerId}`)).toHaveLength(1);
    // a late canceled copy after the payment succeeded changes nothing
    expect((await expectJson(deliver(canceled), 200)).result).toBe('duplicate');
    expect((await paymentRow(t.db, paymentId)).status).toBe('succeeded');
  });

  it('refuses an amount or currency other than the payment’s, without using up the notification', async () => {
    const { booking, paymentId, providerId } = await bookingWithDeal(1500);
    const wrongAmount = notification('payment.succeeded', providerId, paymentId, 1_500);
    expect(await expectJson(deliver(wrongAmount), 400)).toEqual({ detail: 'Сумма уведомления не совпадает с суммой платежа', code: 'amount_mismatch' });
    const wrongCurrency = notification('payment.succeeded', providerId, paymentId, 150_000);
    wrongCurrency.object.amount.currency = 'USD';
    expect((await expectJson(deliver(wrongCurrency), 400)).code).toBe('amount_mismatch');
    expect((await paymentRow(t.db, paymentId)).status).toBe('pending');
    expect((await bookingRow(t.db, booking.id)).status).toBe('pending_payment');
    expect(await webhookRows(`payment.succeeded:${providerId}`)).toHaveLength(0);
    expect((await expectJson(deliver(notification('payment.succeeded', providerId, paymentId, 150_000)), 200)).result).toBe('applied');
  });

  it('refuses a notification for a payment that is not ours, and a malformed one', async () => {
    const { paymentId, providerId } = await bookingWithDeal();
    expect((await expectJson(deliver(notification('payment.succeeded', 'sbx_pay_unknown', paymentId, 150_000)), 404)).code).toBe('not_found');
    // our id in metadata must be the payment the provider id belongs to
    expect((await expectJson(deliver(notification('payment.succeeded', providerId, crypto.randomUUID(), 150_000)), 404)).code).toBe('not_found');
    const mismatched = notification('payment.succeeded', providerId, paymentId, 150_000);
    mismatched.object.status = 'canceled';
    expect((await expectJson(deliver(mismatched), 400)).code).toBe('invalid_notification');
    expect((await expectJson(deliver({ hello: 'world' }), 400)).code).toBe('invalid_notification');
    expect((await paymentRow(t.db, paymentId)).status).toBe('pending');
  });
});

describe('YooKassa webhook', () => {
  const SHOP = '654321';
  const KEY = 'live_secret';
  // the payouts gateway: its own id and key (decision 020: ordinary payouts are the gateway's, not the shop's)
  const GATEWAY = { agentId: '505050', secretKey: 'payout_secret' };
  const env = productionEnv(SHOP, KEY, GATEWAY);
  const ctx = EXECUTION_CTX;

  afterEach(() => vi.restoreAllMocks());

  /** The app in production with YooKassa configured; its calls to YooKassa reach the fake. */
  function production() {
    const fake = fakeYookassaOnFetch(SHOP, KEY, GATEWAY);
    const app = createApp();
    const request = async (path: string, init: RequestInit & { user?: { id: number; role: 'mentee' | 'mentor' | 'admin' } } = {}) => {
      const { user, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (user) headers.set('cookie', `${ACCESS_COOKIE}=${await signAccessToken(user, bindings.JWT_SECRET)}`);
      return app.request(path, { ...rest, headers }, env, ctx);
    };
    const notify = (event: string, id: string) =>
      request('/api/payments/webhooks/yookassa/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'notification', event, object: { id, status: event.split('.')[1] } }) });
    return { fake, request, notify };
  }

  async function yookassaDeal(yk: ReturnType<typeof production>) {
    const held = await heldBooking(t.db, { price: 2500 });
    const res = await yk.request('/api/payments/deals/', {
      method: 'POST',
      user: asUser(held.mentee),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service_type: 'consultation', service_id: held.booking.id, return_url: '/payment-return' }),
    });
    const answer = await expectJson<DealAnswer>(res, 200);
    const row = await paymentRow(t.db, answer.payment_id);
    return { ...held, answer, row };
  }

  it('creates an ordinary payment with YooKassa (no safe deal, decision 020) and sends the browser to its confirmation page', async () => {
    const yk = production();
    const { answer, row } = await yookassaDeal(yk);
    expect(row).toMatchObject({ provider: 'yookassa', providerDealId: null, amountKopecks: 250_000 });
    expect(yk.fake.requests.map((r) => r.path)).not.toContain('/v3/deals');
    expect(answer.confirmation_url).toBe(yk.fake.payments.get(row.providerPaymentId!)!.confirmation.confirmation_url);
  });

  it("trusts only YooKassa's own answer: a 'succeeded' for a payment it calls pending changes nothing", async () => {
    const yk = production();
    const { booking, row } = await yookassaDeal(yk);
    const providerId = row.providerPaymentId!;
    expect(await expectJson(yk.notify('payment.succeeded', providerId), 200)).toEqual({ result: 'ignored' });
    expect((await paymentRow(t.db, row.id)).status).toBe('pending');
    expect((await bookingRow(t.db, booking.id)).status).toBe('pending_payment');
    expect(await webhookRows(`payment.succeeded:${providerId}`)).toHaveLength(0);
    // an id YooKassa doesn't know: acknowledged, nothing happens
    expect(await expectJson(yk.notify('payment.succeeded', crypto.randomUUID()), 200)).toEqual({ result: 'ignored' });

    yk.fake.succeed(providerId);
    expect(await expectJson(yk.notify('payment.succeeded', providerId), 200)).toEqual({ result: 'applied' });
    expect(await expectJson(yk.notify('payment.succeeded', providerId), 200)).toEqual({ result: 'duplicate' });
    expect((await paymentRow(t.db, row.id)).status).toBe('succeeded');
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
    expect(await ledger(row.id)).toHaveLength(1);
    // YooKassa says succeeded, so a 'canceled' notification is ignored
    expect(await expectJson(yk.notify('payment.canceled', providerId), 200)).toEqual({ result: 'ignored' });
    expect((await paymentRow(t.db, row.id)).status).toBe('succeeded');
  });

  it("keeps YooKassa's reason for a canceled payment, read from its own answer, not from the notification", async () => {
    const yk = production();
    const { booking, row } = await yookassaDeal(yk);
    const providerId = row.providerPaymentId!;
    yk.fake.cancel(providerId, { party: 'payment_network', reason: 'card_expired' });
    // the notification's body claims nothing about the reason: only the re-fetched payment does
    expect(await expectJson(yk.notify('payment.canceled', providerId), 200)).toEqual({ result: 'applied' });
    expect(await paymentRow(t.db, row.id)).toMatchObject({ status: 'canceled', cancelReason: 'card_expired' });
    expect((await bookingRow(t.db, booking.id)).status).toBe('expired');

    // a reason that is not one of YooKassa's words is not stored
    const other = await yookassaDeal(yk);
    yk.fake.cancel(other.row.providerPaymentId!, { party: 'yoo_money', reason: '<script>' });
    await expectJson(yk.notify('payment.canceled', other.row.providerPaymentId!), 200);
    expect(await paymentRow(t.db, other.row.id)).toMatchObject({ status: 'canceled', cancelReason: null });
  });

  it('acknowledges but ignores a payment whose amount at YooKassa differs from ours', async () => {
    const yk = production();
    const { row } = await yookassaDeal(yk);
    const providerId = row.providerPaymentId!;
    yk.fake.succeed(providerId);
    yk.fake.payments.get(providerId)!.amount = { value: '25.00', currency: 'RUB' };
    expect(await expectJson(yk.notify('payment.succeeded', providerId), 200)).toEqual({ result: 'amount_mismatch' });
    expect((await paymentRow(t.db, row.id)).status).toBe('pending');
    expect(await webhookRows(`payment.succeeded:${providerId}`)).toHaveLength(0);
  });

  it("settles a payout by YooKassa's word on it", async () => {
    const yk = production();
    const { mentor, row } = await yookassaDeal(yk);
    yk.fake.succeed(row.providerPaymentId!);
    await expectJson(yk.notify('payment.succeeded', row.providerPaymentId!), 200);
    const adapter = yookassaProvider({ shopId: SHOP, secretKey: KEY, apiUrl: FAKE_YOOKASSA_URL, fetch: yk.fake.fetch }, GATEWAY);
    const sent = await adapter.createPayout({ payoutId: crypto.randomUUID(), amountKopecks: 237_500, payoutToken: 'pt-1', dealId: row.providerDealId, description: 'Выплата', idempotencyKey: crypto.randomUUID() });
    const [payout] = await t.db
      .insert(payouts)
      .values({ paymentId: row.id, mentorId: mentor.id, amountKopecks: 237_500, feeKopecks: 12_500, providerPayoutId: sent.providerPayoutId })
      .returning();
    expect(await expectJson(yk.notify('payout.succeeded', sent.providerPayoutId), 200)).toEqual({ result: 'ignored' });
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0].status).toBe('pending');
    yk.fake.settlePayout(sent.providerPayoutId, 'succeeded');
    expect(await expectJson(yk.notify('payout.succeeded', sent.providerPayoutId), 200)).toEqual({ result: 'applied' });
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0].status).toBe('succeeded');
  });

  it('is not there when YooKassa is not configured, and refuses a malformed body', async () => {
    const res = await call('/api/payments/webhooks/yookassa/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'x' } }) });
    expect(res.status).toBe(404);
    const yk = production();
    expect((await expectJson(yk.request('/api/payments/webhooks/yookassa/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' }), 400)).code).toBe('invalid_notification');
    // the sandbox's webhook does not exist in production
    expect((await yk.request('/api/payments/webhooks/sandbox/', { method: 'POST', body: '{}' })).status).toBe(404);
  });
});
