// Money of event registrations: unregistering applies the cancellation policy, a late payment for a seat
// that went to someone else goes back, and cancelling an event refunds every paid participant.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { fiscalReceipts, payments, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { expireRegistrationHolds } from '../../worker/escrow/holds.ts';
import { releaseDueEventPayments } from '../../worker/maintenance/settle-due.ts';
import { createEvent, createUser } from '../factories.ts';
import { addPayoutCard, books, DAY, HOUR, paymentRow, providerCtx, providerPays, startPayment, type User } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: User) => apiAs(user && asUser(user), { trailingSlash: true }).events;
const register = async (user: User, eventId: number) => expectOk(as(user).register_for_event.$post({ json: { event_id: eventId } }), 201);
const unregister = (user: User, eventId: number) => as(user).unregister.$post({ json: { event_id: eventId, user_id: user.id } });
const cancelEvent = (user: User | undefined, eventId: number) => as(user).cancel_event.$post({ json: { event_id: eventId } });

async function paidEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const mentor = await createUser(t.db, { role: 'mentor' });
  const event = await createEvent(t.db, mentor.id, { price: 2000, ...values });
  return { mentor, event };
}

/** Registers and pays through the provider: a confirmed seat with its money in escrow. */
async function paidSeat(event: typeof events.$inferSelect, user?: User) {
  const participant = user ?? (await createUser(t.db));
  const registration = await register(participant, event.id);
  const payment = await startPayment(t.db, { registrationId: registration.id }, participant.id, event.mentorId, event.price * 100);
  expect(await providerPays(t.db, payment)).toBe('applied');
  return { participant, registration, payment };
}

const backdateRegistration = (id: number, agoMs: number) =>
  t.db.update(eventRegistrations).set({ createdAt: new Date(Date.now() - agoMs) }).where(eq(eventRegistrations.id, id));

const registrationStatus = async (id: number) => (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0].status;

describe('unregistering from a paid event', () => {
  it('confirms the seat once the payment succeeds', async () => {
    const { event } = await paidEvent();
    const { registration, payment } = await paidSeat(event);
    expect(await registrationStatus(registration.id)).toBe('confirmed');
    expect((await books(t.db, payment.paymentId)).ledger).toEqual({ payment_received: 200_000 });
  });

  it('refunds in full at least 7 days before the start', async () => {
    const { event } = await paidEvent({ startsAt: new Date(Date.now() + 10 * DAY) });
    const { participant, registration, payment } = await paidSeat(event);
    await backdateRegistration(registration.id, 3 * DAY);
    expect(await expectOk(unregister(participant, event.id), 200)).toEqual({ detail: 'Регистрация отменена', refund: 'full' });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    expect((await books(t.db, payment.paymentId)).refund).toMatchObject({ amountKopecks: 200_000, status: 'succeeded' });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, participant.id));
    expect(notes.map((n) => n.kind).sort()).toEqual(['refund', 'registration_confirmed']);
  });

  it('refunds in full within 24 hours of registering', async () => {
    const { event } = await paidEvent({ startsAt: new Date(Date.now() + 2 * DAY) });
    const { participant, payment } = await paidSeat(event);
    expect((await expectOk(unregister(participant, event.id), 200)).refund).toBe('full');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
  });

  it('releases the money to the mentor, minus 5 %, when it is late', async () => {
    const { event, mentor } = await paidEvent({ startsAt: new Date(Date.now() + 2 * DAY) });
    await addPayoutCard(t.db, mentor.id);
    const { participant, registration, payment } = await paidSeat(event);
    await backdateRegistration(registration.id, 2 * DAY);
    expect(await expectOk(unregister(participant, event.id), 200)).toEqual({ detail: 'Регистрация отменена', refund: 'none' });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    const { ledger, payout, refund } = await books(t.db, payment.paymentId);
    expect(ledger).toEqual({ payment_received: 200_000, platform_fee: 10_000, mentor_payout: 190_000 });
    expect(refund).toBeNull();
    expect(payout).toMatchObject({ amountKopecks: 190_000, feeKopecks: 10_000, status: 'succeeded' });
    expect(await registrationStatus(registration.id)).toBe('canceled');
  });

  it('ends a seat still waiting for payment with its payment, and a free one with nothing to pay back', async () => {
    const { event } = await paidEvent();
    const participant = await createUser(t.db);
    const registration = await register(participant, event.id);
    const payment = await startPayment(t.db, { registrationId: registration.id }, participant.id, event.mentorId, 200_000);
    expect(await expectOk(unregister(participant, event.id), 200)).toEqual({ detail: 'Регистрация отменена', refund: 'not_paid' });
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'canceled_by_merchant' });
    // paying after unregistering: the money goes straight back
    expect(await providerPays(t.db, payment)).toBe('applied');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    expect(await registrationStatus(registration.id)).toBe('canceled');
    const { event: free } = await paidEvent({ price: 0 });
    await register(participant, free.id);
    expect((await expectOk(unregister(participant, free.id), 200)).refund).toBe('not_paid');
  });
});

describe('leaving an event that has started (issue 34: attended, then refunded in full)', () => {
  /** A seat paid a few minutes after registering for an event that starts within the hour, as in the attack. */
  async function startedSeat() {
    const { event, mentor } = await paidEvent({ startsAt: new Date(Date.now() + HOUR), durationMinutes: 15 });
    const seat = await paidSeat(event);
    // the event began a minute ago; the registration is still well within its first 24 hours
    await t.db.update(events).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(events.id, event.id));
    return { event, mentor, ...seat };
  }
  const quote = (user: User, eventId: number) => as(user)['unregister-quote'].$get({ query: { event_id: String(eventId) } });

  it('before the start, the free cancellation the quote promises ends at the start, not 24 hours after registering', async () => {
    const startsAt = new Date(Date.now() + HOUR);
    const { event } = await paidEvent({ startsAt });
    const { participant } = await paidSeat(event);
    const q = await expectOk(quote(participant, event.id), 200);
    expect(q.refund).toBe('full');
    expect(Date.parse(q.free_until!)).toBe(startsAt.getTime());
  });

  it('refuses with 409 already_started, on both spec paths and in the quote, and keeps the money held', async () => {
    const { event, participant, registration, payment } = await startedSeat();
    expect(await expectError(quote(participant, event.id), 409)).toMatchObject({ code: 'already_started' });
    const refused = await expectError(unregister(participant, event.id), 409);
    expect(refused.code).toBe('already_started');
    expect(refused.detail).toContain('Мероприятие уже началось');
    const legacy = await expectError(as(participant).unregister_from_event.$post({ json: { event_id: event.id } }), 409);
    expect(legacy.code).toBe('already_started');
    expect(await registrationStatus(registration.id)).toBe('confirmed');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
    expect((await books(t.db, payment.paymentId)).refund).toBeNull();
  });

  it('still ends an unpaid hold after the start: nothing was paid, so nothing goes back', async () => {
    const { event } = await paidEvent({ startsAt: new Date(Date.now() + HOUR) });
    const participant = await createUser(t.db);
    const registration = await register(participant, event.id);
    await t.db.update(events).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(events.id, event.id));
    expect((await expectOk(unregister(participant, event.id), 200)).refund).toBe('not_paid');
    expect(await registrationStatus(registration.id)).toBe('canceled');
  });

  it("the mentor's cancellation of a started event still refunds every participant in full", async () => {
    const { event, mentor, payment } = await startedSeat();
    await expectOk(cancelEvent(mentor, event.id), 200);
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
  });
});

describe('holds of paid seats', () => {
  it('gives an expired seat back with its pending payment; money arriving later revives it if a seat is free, else goes back', async () => {
    const { event } = await paidEvent({ totalSpots: 1 });
    const [first, second] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const registration = await register(first, event.id);
    const payment = await startPayment(t.db, { registrationId: registration.id }, first.id, event.mentorId, 200_000);
    await t.db.update(eventRegistrations).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(eventRegistrations.id, registration.id));
    await expireRegistrationHolds(t.db, { eventId: event.id });
    expect(await registrationStatus(registration.id)).toBe('canceled');
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'expired_on_confirmation' });
    // the seat went to someone else meanwhile
    await register(second, event.id);
    expect(await providerPays(t.db, payment)).toBe('applied');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    expect(await registrationStatus(registration.id)).toBe('canceled');
  });

  it('revives an expired seat when one is still free', async () => {
    const { event } = await paidEvent({ totalSpots: 1 });
    const participant = await createUser(t.db);
    const registration = await register(participant, event.id);
    const payment = await startPayment(t.db, { registrationId: registration.id }, participant.id, event.mentorId, 200_000);
    await t.db.update(eventRegistrations).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(eventRegistrations.id, registration.id));
    await expireRegistrationHolds(t.db, { eventId: event.id });
    expect(await providerPays(t.db, payment)).toBe('applied');
    expect(await registrationStatus(registration.id)).toBe('confirmed');
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0].takenSpots).toBe(1);
  });
});

describe('cancelling an event', () => {
  it("is for the event's mentor only", async () => {
    const { event } = await paidEvent();
    const stranger = await createUser(t.db, { role: 'mentor' });
    expect(await expectError(cancelEvent(stranger, event.id), 403)).toEqual({ detail: 'Отменить мероприятие может только его организатор', code: 'forbidden' });
    expect((await expectError(cancelEvent(stranger, 2_147_000_000), 404)).code).toBe('not_found');
    expect((await expectError(cancelEvent(undefined, event.id), 401)).code).toBe('not_authenticated');
  });

  it('ends every live registration, refunds every paid participant in full and tells them', async () => {
    const { event, mentor } = await paidEvent({ startsAt: new Date(Date.now() + 3 * DAY), totalSpots: 10 });
    const seats = [await paidSeat(event), await paidSeat(event), await paidSeat(event)];
    const waiting = await createUser(t.db);
    const pending = await register(waiting, event.id);
    const pendingPayment = await startPayment(t.db, { registrationId: pending.id }, waiting.id, mentor.id, 200_000);
    const body = await expectOk(cancelEvent(mentor, event.id), 200);
    expect(body).toEqual({ detail: 'Мероприятие отменено', canceled_registrations: 4, refunds: 3 });
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ isCanceled: true, takenSpots: 0 });
    for (const seat of seats) {
      expect((await paymentRow(t.db, seat.payment.paymentId)).status).toBe('refunded');
      expect((await books(t.db, seat.payment.paymentId)).refund).toMatchObject({ amountKopecks: 200_000, status: 'succeeded' });
      const kinds = (await t.db.select().from(notifications).where(eq(notifications.userId, seat.participant.id))).map((n) => n.kind).sort();
      expect(kinds).toEqual(['event_canceled', 'refund', 'registration_confirmed']);
    }
    expect(await paymentRow(t.db, pendingPayment.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'canceled_by_merchant' });
    expect(await t.db.select().from(eventRegistrations).where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'confirmed')))).toHaveLength(0);
    expect((await expectError(cancelEvent(mentor, event.id), 409)).code).toBe('event_canceled');
  });
});

describe('after an event', () => {
  it("releases the participants' payments 24 hours after the end", async () => {
    const { event, mentor } = await paidEvent({ startsAt: new Date(Date.now() + 3 * DAY), durationMinutes: 90 });
    await addPayoutCard(t.db, mentor.id);
    const { payment } = await paidSeat(event);
    await t.db.update(events).set({ startsAt: new Date(Date.now() - 24 * HOUR) }).where(eq(events.id, event.id));
    await releaseDueEventPayments(providerCtx(t.db));
    // ended 22.5 hours ago: not yet
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
    await t.db.update(events).set({ startsAt: new Date(Date.now() - 26 * HOUR) }).where(eq(events.id, event.id));
    await releaseDueEventPayments(providerCtx(t.db));
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    expect((await books(t.db, payment.paymentId)).payout).toMatchObject({ amountKopecks: 190_000, status: 'succeeded' });
    await releaseDueEventPayments(providerCtx(t.db));
    expect(await t.db.select().from(payments).where(eq(payments.id, payment.paymentId))).toHaveLength(1);
  });

  // issue 37, decision 020: the seat was paid in advance (полная предоплата); once the event is over and its money
  // released, the seat is delivered and gets its settlement receipt (зачёт предоплаты) for the seat's price
  it("gives a seat released after the event its settlement receipt for the seat's price, once", async () => {
    const { event, mentor } = await paidEvent({ startsAt: new Date(Date.now() + 3 * DAY), durationMinutes: 90, price: 1200 });
    await addPayoutCard(t.db, mentor.id);
    const participant = await createUser(t.db);
    await register(participant, event.id);
    // paid as the web pays: the payment with its receipt, then the sandbox's checkout and its signed webhook
    const { payment_id, confirmation_url } = await expectOk(
      apiAs(asUser(participant), { trailingSlash: true }).payments.deals.$post({ json: { service_type: 'event', service_id: event.id, return_url: '/payment-return' } }),
      200,
    );
    const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
    await expectJson(send('POST', `/api/sandbox/checkout/${confirmation_url.split('/').at(-1)}/pay/`, { body: { card_number: '4111 1111 1111 1111', expiry, cvc: '123' } }), 200);
    const receipts = () => t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, payment_id));
    expect((await receipts()).map((r) => r.kind)).toEqual(['payment']);

    await t.db.update(events).set({ startsAt: new Date(Date.now() - 26 * HOUR) }).where(eq(events.id, event.id));
    await releaseDueEventPayments(providerCtx(t.db));
    expect((await paymentRow(t.db, payment_id)).status).toBe('released');
    const settlement = (await receipts()).find((r) => r.kind === 'settlement');
    expect(settlement).toMatchObject({ bookingId: null, refundId: null, amountKopecks: 120_000, status: 'succeeded', fiscalStorageNumber: expect.stringMatching(/^\d{16}$/) });
    expect(settlement!.items).toEqual([
      expect.objectContaining({ description: expect.stringMatching(/^Мероприятие «.+», \d\d\.\d\d\.\d{4}/), quantity: 1, amount: { value: '1200.00', currency: 'RUB' }, payment_mode: 'full_payment' }),
    ]);
    expect(settlement!.items[0]).not.toMatchObject({ description: expect.stringContaining('по условиям отмены') });
    const { providerPaymentId } = await paymentRow(t.db, payment_id);
    const [sent] = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.id, settlement!.providerReceiptId!));
    expect(sent!.request).toMatchObject({ type: 'payment', payment_id: providerPaymentId, settlements: [{ type: 'prepayment', amount: { value: '1200.00', currency: 'RUB' } }] });
    // the mentor's payout is the seat less the fee; releasing again makes no second receipt
    expect((await books(t.db, payment_id)).payout).toMatchObject({ amountKopecks: 114_000, feeKopecks: 6000, status: 'succeeded' });
    await releaseDueEventPayments(providerCtx(t.db));
    expect((await receipts()).filter((r) => r.kind === 'settlement')).toEqual([settlement]);
  });
});
