// POST /api/payments/deals/ and GET /api/payments/{id}/: a held booking or event seat becomes one payment
// with the provider; the caller, the hold, the amount and the return address are checked.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { payments, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { userIdentities } from '../../drizzle/schema/social.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createApp } from '../../worker/app.ts';
import { ACCESS_COOKIE, signAccessToken } from '../../worker/auth/access-token.ts';
import { createUser } from '../factories.ts';
import { paymentRow } from './escrow-fixtures.ts';
import { heldBooking, heldRegistration } from './payments-fixtures.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, apiOver, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
type User = { id: number; role: 'mentee' | 'mentor' | 'admin' };
type DealJson = InferRequestType<typeof api.payments.deals.$post>['json'];

/** the typed client's payments as this user (a visitor without one), on the spec's paths with the trailing slash unless told */
const paymentsOf = (user?: User, trailingSlash = true) => apiAs(user && asUser(user), { trailingSlash }).payments;
const deal = (user: User | undefined, json: Omit<DealJson, 'return_url'> & { return_url?: string }) =>
  paymentsOf(user).deals.$post({ json: { return_url: '/payment-return', ...json } });
const paymentOf = (user: User | undefined, id: string, trailingSlash = true) =>
  paymentsOf(user, trailingSlash)[':id{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}'].$get({ param: { id } });
const bookingDeal = (user: User, bookingId: number, return_url = '/payment-return') =>
  deal(user, { service_type: 'consultation', service_id: bookingId, return_url });

describe('a deal for a consultation booking', () => {
  it('refuses a payer with neither e-mail nor phone (an account made through VK): the receipt would have no contact', async () => {
    const { mentee, booking } = await heldBooking(t.db, { price: 1500 });
    await t.db.transaction(async (tx) => {
      await tx.insert(userIdentities).values({ provider: 'vk', subject: `vk-${mentee.id}`, userId: mentee.id });
      await tx.update(users).set({ email: null, phone: null }).where(eq(users.id, mentee.id));
    });
    const refused = await expectJson<{ code: string; detail: string }>(
      send('POST', '/api/payments/deals/', { user: asUser(mentee), body: { service_type: 'consultation', service_id: booking.id, return_url: '/payment-return' } }),
      409,
    );
    expect(refused).toEqual({ code: 'receipt_contact_required', detail: 'Для кассового чека нужна почта или телефон: добавьте телефон в профиле и оплатите снова' });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
  });

  it("creates the payment for the booker, pays the mentor, and sends the browser to the provider's page", async () => {
    const { mentor, mentee, booking } = await heldBooking(t.db, { price: 1500 });
    const answer = await expectOk(bookingDeal(mentee, booking.id), 200);
    expect(answer.confirmation_url).toMatch(new RegExp(`^${ORIGIN}/sandbox/checkout/sbx_pay_[0-9a-f-]{36}$`));
    const row = await paymentRow(t.db, answer.payment_id);
    expect(row).toMatchObject({
      provider: 'sandbox',
      serviceType: 'consultation',
      bookingId: booking.id,
      registrationId: null,
      payerId: mentee.id,
      payeeId: mentor.id,
      amountKopecks: 150_000,
      status: 'pending',
      confirmationUrl: answer.confirmation_url,
      returnUrl: `${ORIGIN}/payment-return?payment_id=${answer.payment_id}`,
      providerPaymentId: answer.confirmation_url.split('/').at(-1),
    });
    const [object] = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.id, row.providerPaymentId!));
    expect(object).toMatchObject({ kind: 'payment', status: 'pending', amountKopecks: 150_000, idempotencyKey: row.idempotencyKey });
    expect(object.request).toMatchObject({
      description: 'Консультация «Разбор резюме»',
      return_url: row.returnUrl,
      metadata: { payment_id: row.id },
    });
    // an ordinary payment held in our own escrow, no safe deal (decision 020): the payer may choose СБП
    expect(object.request).not.toHaveProperty('deal');
    expect(row.providerDealId).toBeNull();
  });

  it('gives the same payment when asked again, also five times at once', async () => {
    const { mentee, booking } = await heldBooking(t.db);
    const answers = await Promise.all(Array.from({ length: 5 }, () => expectOk(bookingDeal(mentee, booking.id), 200)));
    expect(new Set(answers.map((a) => a.payment_id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.confirmation_url)).size).toBe(1);
    const again = await expectOk(bookingDeal(mentee, booking.id, `${ORIGIN}/elsewhere`), 200);
    expect(again).toEqual(answers[0]);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    const row = await paymentRow(t.db, again.payment_id);
    expect(await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.idempotencyKey, row.idempotencyKey))).toHaveLength(1);
  });

  it('finishes a payment whose provider call failed before: same key, same provider object', async () => {
    const { mentee, booking } = await heldBooking(t.db);
    const first = await expectOk(bookingDeal(mentee, booking.id), 200);
    // as if the provider had not answered the first time
    await t.db.update(payments).set({ confirmationUrl: null, providerPaymentId: null, providerDealId: null }).where(eq(payments.id, first.payment_id));
    expect(await expectOk(bookingDeal(mentee, booking.id), 200)).toEqual(first);
  });

  it("is 404 for someone else's booking or a missing one, and 401 for a visitor", async () => {
    const { mentor, booking } = await heldBooking(t.db);
    const stranger = await createUser(t.db);
    expect(await expectError(bookingDeal(stranger, booking.id), 404)).toEqual({ detail: 'Бронирование не найдено', code: 'not_found' });
    // the mentor is not the payer either
    await expectError(bookingDeal(mentor, booking.id), 404);
    await expectError(bookingDeal(stranger, 2_000_000_000), 404);
    expect((await expectError(deal(undefined, { service_type: 'consultation', service_id: booking.id }), 401)).code).toBe('not_authenticated');
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
  });

  it('is 409 when nothing is awaiting payment: the hold ran out, or it is paid already', async () => {
    const expired = await heldBooking(t.db, { holdMinutes: -1 });
    const notPayable = { detail: 'Оплата не требуется или время брони истекло', code: 'not_payable' };
    expect(await expectError(bookingDeal(expired.mentee, expired.booking.id), 409)).toEqual(notPayable);
    const paid = await heldBooking(t.db, { status: 'paid' });
    expect(await expectError(bookingDeal(paid.mentee, paid.booking.id), 409)).toEqual(notPayable);

    // a payment that already succeeded: asking again is refused, not a second charge
    const held = await heldBooking(t.db);
    const first = await expectOk(bookingDeal(held.mentee, held.booking.id), 200);
    await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, first.payment_id));
    expect(await expectError(bookingDeal(held.mentee, held.booking.id), 409)).toEqual(notPayable);
  });

  it('refuses a return address off our site (no open redirect)', async () => {
    const { mentee, booking } = await heldBooking(t.db);
    for (const return_url of ['//evil.example/x', '/\\evil.example', 'https://evil.example/payment-return', `${ORIGIN}.evil.example/`, 'javascript:alert(1)', 'payment-return', `http://user:pw@127.0.0.1:8787/`, 'http://127.0.0.1:8788/']) {
      const refused = await expectError(bookingDeal(mentee, booking.id, return_url), 400);
      expect(refused, return_url).toEqual({ detail: 'Некорректный адрес возврата', code: 'validation_error', fields: { return_url: 'Некорректный адрес возврата' } });
    }
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
    const ok = await expectOk(bookingDeal(mentee, booking.id, `${ORIGIN}/payment-return?from=booking#top`), 200);
    expect((await paymentRow(t.db, ok.payment_id)).returnUrl).toBe(`${ORIGIN}/payment-return?from=booking&payment_id=${ok.payment_id}#top`);
  });

  it('checks the body', async () => {
    const user = await createUser(t.db);
    // an unknown service type, on purpose: the typed client would not send it
    const bad = await expectJson(send('POST', '/api/payments/deals/', { user: asUser(user), body: { service_type: 'course', service_id: 'x', return_url: '' } }), 400);
    expect(bad.fields).toEqual({ service_type: 'Неизвестный тип услуги', service_id: 'Некорректная услуга', return_url: 'Укажите адрес возврата' });
  });
});

describe('a deal for an event seat', () => {
  it('charges the price less the discount, in kopecks, and pays the mentor', async () => {
    const { mentor, participant, event, registration } = await heldRegistration(t.db, { price: 2000, discountPercent: 15, title: 'Мастер-класс <b>акварель</b>' });
    const answer = await expectOk(deal(participant, { service_type: 'event', service_id: event.id }), 200);
    expect(await paymentRow(t.db, answer.payment_id)).toMatchObject({
      serviceType: 'event',
      registrationId: registration.id,
      bookingId: null,
      payerId: participant.id,
      payeeId: mentor.id,
      amountKopecks: 170_000,
    });
    const view = await expectOk(paymentOf(participant, answer.payment_id), 200);
    expect(view).toEqual<typeof view>({ id: answer.payment_id, status: 'pending', service_type: 'event', service_id: event.id, booking_id: null, package_id: null, event_id: event.id, amount: 1700, is_top_up: false, cancel_reason: null, discount: null });
  });

  it('is 404 without a registration, 409 when the seat is no longer held', async () => {
    const { participant, event, registration } = await heldRegistration(t.db);
    const stranger = await createUser(t.db);
    expect(await expectError(deal(stranger, { service_type: 'event', service_id: event.id }), 404)).toEqual({ detail: 'Регистрация на мероприятие не найдена', code: 'not_found' });
    await t.db.update(eventRegistrations).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(eventRegistrations.id, registration.id));
    expect((await expectError(deal(participant, { service_type: 'event', service_id: event.id }), 409)).code).toBe('not_payable');
    await t.db.update(eventRegistrations).set({ status: 'canceled', canceledAt: new Date() }).where(eq(eventRegistrations.id, registration.id));
    expect((await expectError(deal(participant, { service_type: 'event', service_id: event.id }), 409)).code).toBe('not_payable');
  });
});

describe('GET /api/payments/{id}/', () => {
  it('shows the payment to its payer and payee only', async () => {
    const { mentor, mentee, booking } = await heldBooking(t.db, { price: 990 });
    const { payment_id } = await expectOk(bookingDeal(mentee, booking.id), 200);
    const mine = await expectOk(paymentOf(mentee, payment_id), 200);
    expect(mine).toEqual<typeof mine>({ id: payment_id, status: 'pending', service_type: 'consultation', service_id: booking.id, booking_id: booking.id, package_id: null, event_id: null, amount: 990, is_top_up: false, cancel_reason: null, discount: null });
    expect(await expectOk(paymentOf(mentor, payment_id, false), 200)).toEqual(mine);
    expect(await expectOk(paymentOf(mentee, payment_id.toUpperCase()), 200)).toEqual(mine);
    await expectError(paymentOf(await createUser(t.db), payment_id), 404);
    await expectError(paymentOf(mentee, crypto.randomUUID()), 404);
    await expectError(paymentOf(mentee, '12345'), 404);
    await expectError(paymentOf(undefined, payment_id), 401);
  });
});

describe('the sandbox checkout page', () => {
  it('shows the amount and description on a self-contained page with a nonce-only CSP', async () => {
    const { mentee, booking } = await heldBooking(t.db, { price: 1500, typeName: 'Карьера <script>alert(1)</script>' });
    const { confirmation_url } = await expectOk(bookingDeal(mentee, booking.id), 200);
    const res = await call(new URL(confirmation_url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('Тестовая оплата');
    // money as everywhere else: «1 500 ₽» (issue 35; it said «1 500,00 ₽»)
    expect(html).toContain('<p class="amount">1\u00A0500\u00A0₽</p>');
    expect(html).toContain('Консультация «Карьера &lt;script&gt;alert(1)&lt;/script&gt;»');
    expect(html).toContain('Тестовая карта: <b>4111 1111 1111 1111</b>');
    expect(html).toContain('>Оплатить<');
    expect(html).toContain('>Отменить<');
    expect(html).not.toMatch(/https?:\/\//);
    const tags = html.match(/<(script|style)[^>]*>/g)!;
    expect(tags.length).toBe(3);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('is 404 for an unknown payment and does not exist in production', async () => {
    expect((await call(`/sandbox/checkout/sbx_pay_${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call('/sandbox/checkout/anything')).status).toBe(404);
    const { mentee, booking } = await heldBooking(t.db);
    const { confirmation_url } = await expectOk(bookingDeal(mentee, booking.id), 200);
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const production = { ...bindings, ENVIRONMENT: 'production' as const };
    expect((await createApp().request(new URL(confirmation_url).pathname, {}, production, ctx)).status).toBe(404);
  });

  it('production without YooKassa takes no payments (503)', async () => {
    const { mentee, booking } = await heldBooking(t.db);
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const cookie = `${ACCESS_COOKIE}=${await signAccessToken(asUser(mentee), bindings.JWT_SECRET)}`;
    // an app of its own, with production bindings
    const production = apiOver(
      (path, init) => {
        const headers = new Headers(init?.headers);
        headers.set('cookie', cookie);
        return createApp().request(path, { ...init, headers }, { ...bindings, ENVIRONMENT: 'production' }, ctx);
      },
      { trailingSlash: true },
    );
    const res = production.payments.deals.$post({ json: { service_type: 'consultation', service_id: booking.id, return_url: '/payment-return' } });
    expect(await expectError(res, 503)).toEqual({ detail: 'Оплата временно недоступна', code: 'payments_unavailable' });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
  });
});
