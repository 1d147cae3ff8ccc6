// The receipts job and the admins' list (decision 020, issue 37 item 2): a pending receipt is read back until it has
// its fiscal data (ФН/ФД/ФП), a refused one is made again as a separate receipt that YooKassa's fake validates, the
// bounds stop the retries, and admins see exactly the receipts that need a person, with «Повторить».
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fiscalReceipts, payments, refunds } from '../../drizzle/schema/payments.ts';
import { createApp } from '../../worker/app.ts';
import { ACCESS_COOKIE, signAccessToken } from '../../worker/auth/access-token.ts';
import { checkReceipt, RECEIPT_ATTEMPTS_MAX, RECEIPT_REMAKES_MAX } from '../../worker/payments/receipts/fiscal-receipts.ts';
import { dueReceipts } from '../../worker/payments/receipts/fiscal-receipts.queries.ts';
import { separateReceiptProblem } from '../../worker/payments/receipts/receipt-rules.ts';
import { createUser } from '../factories.ts';
import { fakeYookassa } from '../fakes/yookassa.ts';
import { EXECUTION_CTX, fakeYookassaOnFetch, productionEnv } from './yookassa-production.ts';
import { heldBooking } from './payments-fixtures.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const SHOP = '777111';
const KEY = 'receipts_secret';
const GATEWAY = { agentId: '505051', secretKey: 'payout_secret_r' };
const env = productionEnv(SHOP, KEY, GATEWAY);
const executionCtx = EXECUTION_CTX;
const ctx = () => ({ env, db: t.db, origin: ORIGIN });

afterEach(() => vi.restoreAllMocks());

/** The app in production with YooKassa configured; its calls to YooKassa reach the fake, whose receipts wait. */
function production() {
  const fake = fakeYookassaOnFetch(SHOP, KEY, GATEWAY);
  fake.holdReceipts();
  const app = createApp();
  const request = async (path: string, init: RequestInit & { user?: { id: number; role: 'mentee' | 'mentor' | 'admin' } } = {}) => {
    const { user, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (user) headers.set('cookie', `${ACCESS_COOKIE}=${await signAccessToken(user, bindings.JWT_SECRET)}`);
    if (rest.method === 'POST') headers.set('origin', ORIGIN);
    return app.request(`${ORIGIN}${path}`, { ...rest, headers }, env, executionCtx);
  };
  return { fake, request };
}

/** A consultation paid through YooKassa (its receipt inside the payment), the notification applied. */
async function paidWithYookassa(yk: ReturnType<typeof production>) {
  const held = await heldBooking(t.db, { price: 2500 });
  const answer = await expectJson<{ payment_id: string }>(
    yk.request('/api/payments/deals/', {
      method: 'POST',
      user: asUser(held.mentee),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service_type: 'consultation', service_id: held.booking.id, return_url: '/payment-return' }),
    }),
    200,
  );
  const [payment] = await t.db.select().from(payments).where(eq(payments.id, answer.payment_id));
  const providerId = payment.providerPaymentId!;
  yk.fake.succeed(providerId);
  const notified = await yk.request('/api/payments/webhooks/yookassa/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: providerId, status: 'succeeded' } }),
  });
  expect(notified.status).toBe(200);
  return { ...held, paymentId: payment.id, providerId, own: yk.fake.ownReceiptOf({ payment_id: providerId })! };
}

const receiptOf = async (paymentId: string, kind: 'payment' | 'refund' = 'payment') =>
  (await t.db.select().from(fiscalReceipts).where(and(eq(fiscalReceipts.paymentId, paymentId), eq(fiscalReceipts.kind, kind))))[0];
/** the receipt's next turn has come (the job waits minutes between polls) */
const dueNow = (id: string) => t.db.update(fiscalReceipts).set({ nextCheckAt: new Date(Date.now() - 1000) }).where(eq(fiscalReceipts.id, id));
/**
 * The job's turn for one payment's receipts only: test files share the database, and the whole job would also poll
 * other files' receipts (the first test runs the whole job itself).
 */
async function jobFor(paymentId: string, context: ReturnType<typeof ctx> | { env: typeof bindings; db: typeof t.db; origin: string } = ctx()) {
  const rows = await t.db.select({ id: fiscalReceipts.id }).from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, paymentId));
  for (const { id } of rows) {
    const [due] = await dueReceipts(t.db, { limit: 1, maxAttempts: RECEIPT_ATTEMPTS_MAX, maxRemakes: RECEIPT_REMAKES_MAX, id });
    if (due) await checkReceipt(context, due);
  }
}
const receiptPosts = (fake: ReturnType<typeof fakeYookassa>) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/receipts');

describe('the receipts job', () => {
  it('reads a pending payment receipt back until it is registered, then keeps its ФН/ФД/ФП; it waits between polls', async () => {
    const yk = production();
    const { paymentId, own } = await paidWithYookassa(yk);
    const before = await receiptOf(paymentId);
    expect(before).toMatchObject({ status: 'pending', providerReceiptId: null, fiscalStorageNumber: null });

    // this payment's turn in the job (the job's batch over the shared database may be other files' receipts)
    await jobFor(paymentId);
    const polled = await receiptOf(paymentId);
    expect(polled).toMatchObject({ status: 'pending', providerReceiptId: own.id, attempts: 1, fiscalStorageNumber: null });
    expect(polled.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    // registered meanwhile; not asked again before its turn
    yk.fake.settleReceipt(own.id, 'succeeded');
    await jobFor(paymentId);
    expect(await receiptOf(paymentId)).toMatchObject({ status: 'pending', attempts: 1 });
    await dueNow(before.id);
    await jobFor(paymentId);
    const registered = await receiptOf(paymentId);
    expect(registered).toMatchObject({
      status: 'succeeded',
      providerReceiptId: own.id,
      fiscalStorageNumber: own.fiscal_storage_number,
      fiscalDocumentNumber: own.fiscal_document_number,
      fiscalAttribute: own.fiscal_attribute,
      registeredAt: new Date(own.registered_at!),
      lastError: null,
    });
    expect(receiptPosts(yk.fake)).toHaveLength(0);
  });

  it('makes a refused payment receipt again as a separate receipt (type payment, same customer and items) that the fake validates', async () => {
    const yk = production();
    const { paymentId, providerId, own, mentee } = await paidWithYookassa(yk);
    yk.fake.settleReceipt(own.id, 'canceled');
    await jobFor(paymentId);

    const [post] = receiptPosts(yk.fake);
    const body = post.body as Record<string, any>;
    expect(separateReceiptProblem(body)).toBeNull();
    expect(body).toEqual({
      type: 'payment',
      payment_id: providerId,
      send: true,
      customer: { email: mentee.email },
      items: own.items,
      tax_system_code: 3,
      settlements: [{ type: 'cashless', amount: { value: '2500.00', currency: 'RUB' } }],
    });
    const remade = [...yk.fake.receipts.values()].find((r) => r.id !== own.id && r.payment_id === providerId)!;
    const row = await receiptOf(paymentId);
    expect(row).toMatchObject({ status: 'pending', providerReceiptId: remade.id, remakes: 1, idempotencyKey: post.idempotenceKey, lastError: null });
    // a repeated payment notification still says «canceled» of the first receipt: the remade one is left alone
    await yk.request('/api/payments/webhooks/yookassa/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: providerId, status: 'succeeded' } }),
    });
    expect(await receiptOf(paymentId)).toMatchObject({ status: 'pending', providerReceiptId: remade.id });

    yk.fake.settleReceipt(remade.id, 'succeeded');
    await dueNow(row.id);
    await jobFor(paymentId);
    expect(await receiptOf(paymentId)).toMatchObject({ status: 'succeeded', providerReceiptId: remade.id, fiscalStorageNumber: remade.fiscal_storage_number });
  });

  it('makes a refused refund receipt again as a separate receipt of type refund', async () => {
    const yk = production();
    const { paymentId, booking, mentee } = await paidWithYookassa(yk);
    // the mentee cancels in good time: a full refund with its own receipt
    const canceled = await yk.request(`/api/consultation-bookings/${booking.id}/cancel/`, {
      method: 'POST',
      user: asUser(mentee),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: mentee.id }),
    });
    expect(canceled.status).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    const own = yk.fake.ownReceiptOf({ refund_id: refund.providerRefundId! })!;
    expect((await receiptOf(paymentId, 'refund')).status).toBe('pending');
    yk.fake.settleReceipt(own.id, 'canceled');
    await jobFor(paymentId);
    const body = receiptPosts(yk.fake)[0].body as Record<string, any>;
    expect(separateReceiptProblem(body)).toBeNull();
    expect(body).toMatchObject({ type: 'refund', refund_id: refund.providerRefundId, items: own.items, settlements: [{ type: 'cashless' }] });
    expect(body).not.toHaveProperty('payment_id');
    expect(await receiptOf(paymentId, 'refund')).toMatchObject({ status: 'pending', remakes: 1 });
  });

  it(`stops after ${RECEIPT_REMAKES_MAX} remakes; the admin sees it and «Повторить» makes it once more`, async () => {
    const yk = production();
    const { paymentId, own } = await paidWithYookassa(yk);
    yk.fake.settleReceipt(own.id, 'canceled');
    for (let i = 0; i <= RECEIPT_REMAKES_MAX + 1; i++) {
      await jobFor(paymentId);
      const row = await receiptOf(paymentId);
      // the register refuses every remade receipt too
      if (row.status === 'pending') yk.fake.settleReceipt(row.providerReceiptId!, 'canceled');
      await dueNow(row.id);
    }
    expect(receiptPosts(yk.fake)).toHaveLength(RECEIPT_REMAKES_MAX);
    const row = await receiptOf(paymentId);
    expect(row).toMatchObject({ status: 'canceled', remakes: RECEIPT_REMAKES_MAX, lastError: 'Сервис чеков не зарегистрировал чек' });

    const admin = await createUser(t.db, { role: 'admin' });
    const list = await expectJson(yk.request('/api/admin/fiscal-receipts/?limit=100', { user: asUser(admin) }), 200);
    expect(list.results.find((r: { id: string }) => r.id === row.id)).toMatchObject({ kind: 'payment', status: 'canceled', remakes: RECEIPT_REMAKES_MAX, payment: { id: paymentId } });

    const retried = await expectJson(yk.request(`/api/admin/fiscal-receipts/${row.id}/retry/`, { method: 'POST', user: asUser(admin) }), 200);
    expect(retried).toMatchObject({ id: row.id, status: 'pending', attempts: 1, registered: false });
    expect(receiptPosts(yk.fake)).toHaveLength(RECEIPT_REMAKES_MAX + 1);
    const after = await expectJson(yk.request('/api/admin/fiscal-receipts/?limit=100', { user: asUser(admin) }), 200);
    expect(after.results.map((r: { id: string }) => r.id)).not.toContain(row.id);
  });
});

describe('the sandbox receipt service', () => {
  it('lists a paid payment’s receipt with fiscal data, which the job stores', async () => {
    const held = await heldBooking(t.db, { price: 1200 });
    const answer = await expectJson<{ confirmation_url: string; payment_id: string }>(
      send('POST', '/api/payments/deals/', { user: asUser(held.mentee), body: { service_type: 'consultation', service_id: held.booking.id, return_url: '/payment-return' } }),
      200,
    );
    const providerId = answer.confirmation_url.split('/').at(-1)!;
    const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
    const paid = await call(`/api/sandbox/checkout/${providerId}/pay/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ card_number: '4111 1111 1111 1111', expiry: `12/${nextYear}`, cvc: '123' }),
    });
    expect(paid.status).toBe(200);
    expect(await receiptOf(answer.payment_id)).toMatchObject({ status: 'succeeded', fiscalStorageNumber: null });
    await jobFor(answer.payment_id, { env: bindings, db: t.db, origin: ORIGIN });
    const row = await receiptOf(answer.payment_id);
    expect(row).toMatchObject({
      status: 'succeeded',
      providerReceiptId: `sbx_rc_${providerId}`,
      fiscalStorageNumber: expect.stringMatching(/^9999\d{12}$/),
      fiscalDocumentNumber: expect.stringMatching(/^\d+$/),
      fiscalAttribute: expect.stringMatching(/^\d{10}$/),
    });
    // read again, the sandbox answers the same fiscal data
    await t.db.update(fiscalReceipts).set({ fiscalStorageNumber: null, nextCheckAt: new Date(0) }).where(eq(fiscalReceipts.id, row.id));
    await jobFor(answer.payment_id, { env: bindings, db: t.db, origin: ORIGIN });
    expect((await receiptOf(answer.payment_id)).fiscalStorageNumber).toBe(row.fiscalStorageNumber);
  });
});

describe('GET /api/admin/fiscal-receipts/', () => {
  it('lists exactly the receipts that need a person, newest problem first, paged; refuses others', async () => {
    const held = await heldBooking(t.db, { price: 1000 });
    const { mentor } = held;
    const DAY = 24 * 3600_000;
    const make = async (paid: boolean) => {
      const { booking } = await heldBooking(t.db, { price: 1000 });
      const [p] = await t.db
        .insert(payments)
        .values({
          provider: 'sandbox',
          serviceType: 'consultation',
          serviceTitle: 'Разбор резюме',
          bookingId: booking.id,
          payerId: held.mentee.id,
          payeeId: mentor.id,
          amountKopecks: 100_000,
          returnUrl: '/r',
          providerPaymentId: `sbx_pay_${crypto.randomUUID()}`,
          status: paid ? 'succeeded' : 'pending',
          paidAt: paid ? new Date() : null,
        })
        .returning();
      return p.id;
    };
    const items = [{ description: 'Консультация', quantity: 1, measure: 'piece', amount: { value: '1000.00', currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment' }];
    const row = async (paid: boolean, values: Partial<typeof fiscalReceipts.$inferInsert>) => {
      const [r] = await t.db.insert(fiscalReceipts).values({ kind: 'payment', paymentId: await make(paid), amountKopecks: 100_000, items, nextCheckAt: new Date(Date.now() + DAY), ...values }).returning();
      return r.id;
    };
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const stalePending = await row(true, { status: 'pending', createdAt: ago(4), updatedAt: ago(0.01) });
    const refused = await row(true, { status: 'canceled', remakes: RECEIPT_REMAKES_MAX, attempts: 5, lastError: 'Сервис чеков не зарегистрировал чек', updatedAt: ago(0.5) });
    const unsent = await row(true, { kind: 'settlement', status: 'not_sent', attempts: 2, lastError: 'YooKassa: 500', updatedAt: ago(2) });
    const fine = [
      await row(true, { status: 'pending', createdAt: ago(1) }),
      await row(true, { status: 'canceled', remakes: 1, updatedAt: ago(0.1) }),
      await row(true, { status: 'not_sent' }),
      await row(true, { status: 'succeeded', fiscalStorageNumber: '9999000011112222', fiscalDocumentNumber: '1', fiscalAttribute: '1234567890', registeredAt: new Date() }),
      // an abandoned payment's receipt was never due
      await row(false, { status: 'pending', createdAt: ago(5) }),
    ];
    const mine = new Set([stalePending, refused, unsent, ...fine]);

    const admin = await createUser(t.db, { role: 'admin' });
    const all = await expectJson(send('GET', '/api/admin/fiscal-receipts/?limit=100', { user: asUser(admin) }), 200);
    const listed = all.results.filter((r: { id: string }) => mine.has(r.id));
    // the stale pending one's problem began a day ago (3 days after it was made)
    expect(listed.map((r: { id: string }) => r.id)).toEqual([refused, stalePending, unsent]);
    expect(listed[0]).toEqual({
      id: refused,
      kind: 'payment',
      status: 'canceled',
      amount_kopecks: 100_000,
      attempts: 5,
      remakes: RECEIPT_REMAKES_MAX,
      last_error: 'Сервис чеков не зарегистрировал чек',
      created_at: expect.any(String),
      problem_at: expect.any(String),
      provider_receipt_id: null,
      payment: { id: expect.any(String), title: expect.any(String), amount_kopecks: 100_000, paid_at: expect.any(String) },
      payer: { id: held.mentee.id, name: expect.any(String), email: held.mentee.email },
    });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const first = await expectJson(send('GET', '/api/admin/fiscal-receipts/?limit=1', { user: asUser(admin) }), 200);
    expect(first).toMatchObject({ has_more: true, results: [expect.any(Object)] });

    await expectJson(send('GET', '/api/admin/fiscal-receipts/', { user: asUser(held.mentee) }), 403);
    await expectJson(send('GET', '/api/admin/fiscal-receipts/', { user: asUser(mentor) }), 403);
    await expectJson(send('GET', '/api/admin/fiscal-receipts/'), 401);
    await expectJson(send('POST', `/api/admin/fiscal-receipts/${refused}/retry/`, { user: asUser(mentor) }), 403);
    await expectJson(send('POST', `/api/admin/fiscal-receipts/${crypto.randomUUID()}/retry/`, { user: asUser(admin) }), 404);
    await t.db.delete(fiscalReceipts).where(inArray(fiscalReceipts.id, [...mine]));
  });
});
