// Loyalty steps (issue 36, decision 006): «from the N-th paid consultation with this mentor, X % off». The booking's own
// insert prices it (forma_loyalty_price), keeps the regular price, the percent and the N on the booking, and the deal
// charges that price; escrow's fee, payouts and refunds then work on what was paid, and the ledger balances.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { ledgerEntries } from '../../drizzle/schema/payments.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, backdateBooking, bookingRow, books, DAY, paymentRow, providerPays, type User } from './escrow-fixtures.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

type Step = { from: number; percent: number };
let slotOffset = 0;

async function mentorType(steps: Step[], costs = 1000, mentor?: User) {
  const owner = mentor ?? (await createUser(t.db, { role: 'mentor', firstName: 'Анна' }));
  const [type] = await t.db
    .insert(consultationTypes)
    .values({ mentorId: owner.id, name: 'Разбор резюме', durationMinutes: 60, costs, loyaltySteps: steps })
    .returning();
  return { mentor: owner, type };
}

/** a new free slot of the type, 10 days ahead (each an hour after the last, so a mentor's slots never overlap) */
async function slotOf(type: { id: number; mentorId: number }) {
  const start = new Date(Date.now() + 10 * DAY + ++slotOffset * 2 * 3_600_000);
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId: type.mentorId, consultationTypeId: type.id, startsAt: start, endsAt: new Date(start.getTime() + 3_600_000) })
    .returning();
  return slot;
}

const bookingsOf = (user: User) => apiAs(asUser(user), { trailingSlash: true })['consultation-bookings'];
const typesOf = (user: User) => apiAs(asUser(user), { trailingSlash: true })['consultation-types'];
const priceOf = (user: User, typeId: number) => typesOf(user)[':id'].price.$get({ param: { id: String(typeId) } });
const cancel = (user: User, bookingId: number) =>
  bookingsOf(user)[':id'].cancel.$post({ param: { id: String(bookingId) }, json: { user_id: user.id } });

async function book(mentee: User, type: { id: number; mentorId: number }) {
  const slot = await slotOf(type);
  return expectOk(bookingsOf(mentee).create.$post({ json: { consultation_type_slot: slot.id, user_id: mentee.id, questions: '' } }), 201);
}

/** the deal as the web makes it: the amount comes from the booking, not from the test */
async function pay(mentee: User, bookingId: number) {
  const payments = apiAs(asUser(mentee), { trailingSlash: true }).payments;
  const { payment_id } = await expectOk(payments.deals.$post({ json: { service_type: 'consultation', service_id: bookingId, return_url: '/payment-return' } }), 200);
  const row = await paymentRow(t.db, payment_id);
  expect(await providerPays(t.db, { paymentId: payment_id, providerPaymentId: row.providerPaymentId! })).toBe('applied');
  return paymentRow(t.db, payment_id);
}

async function bookAndPay(mentee: User, type: { id: number; mentorId: number }) {
  const booking = await book(mentee, type);
  const payment = await pay(mentee, booking.id);
  return { booking, payment };
}

const priced = (b: { price: number; regular_price: number; discount_percent: number; consultation_number: number | null }) => [
  b.regular_price,
  b.discount_percent,
  b.price,
  b.consultation_number,
];

describe('the price of a booking with loyalty steps', () => {
  it('gives each step from its N-th paid consultation with the mentor, at the boundaries exactly', async () => {
    const { type, mentor } = await mentorType([{ from: 3, percent: 10 }, { from: 5, percent: 20 }]);
    const mentee = await createUser(t.db);
    const seen: unknown[] = [];
    for (let n = 1; n <= 5; n++) {
      const quote = await expectOk(priceOf(mentee, type.id), 200);
      const { booking, payment } = await bookAndPay(mentee, type);
      expect(quote).toEqual<typeof quote>({
        regular_price: 1000,
        discount_percent: booking.discount_percent,
        price: booking.price,
        consultation_number: n,
        mentor_name: 'Анна',
        package: null,
      });
      expect(payment.amountKopecks).toBe(booking.price * 100);
      seen.push(priced(booking));
    }
    expect(seen).toEqual([
      [1000, 0, 1000, null],
      [1000, 0, 1000, null],
      [1000, 10, 900, 3],
      [1000, 10, 900, 4],
      [1000, 20, 800, 5],
    ]);
    // the booking's detail and its payment say the same, with the reason's mentor
    const detail = await expectOk(bookingsOf(mentee)[':id'].detail.$get({ param: { id: String((await book(mentee, type)).id) } }), 200);
    expect(priced(detail)).toEqual([1000, 20, 800, 6]);
    expect(mentor.firstName).toBe('Анна');
  });

  it('counts paid consultations of any of the mentor’s types; free ones, unpaid holds and other mentors’ don’t count', async () => {
    const { type, mentor } = await mentorType([{ from: 2, percent: 15 }]);
    const { type: other } = await mentorType([], 500, mentor);
    const { type: free } = await mentorType([], 0, mentor);
    const { type: elsewhere } = await mentorType([]);
    const mentee = await createUser(t.db);
    await book(mentee, free);
    await book(mentee, other); // a hold, never paid
    await bookAndPay(mentee, elsewhere);
    expect((await expectOk(priceOf(mentee, type.id), 200)).consultation_number).toBe(1);
    await bookAndPay(mentee, other);
    // 999 − 15 % = 999 − 149 (the discount rounded down to the ruble)
    await t.db.update(consultationTypes).set({ costs: 999 }).where(eq(consultationTypes.id, type.id));
    const { booking, payment } = await bookAndPay(mentee, type);
    expect(priced(booking)).toEqual([999, 15, 850, 2]);
    expect(payment.amountKopecks).toBe(85_000);
  });

  it('does not count a consultation refunded in full; one paid out after a late cancellation counts', async () => {
    const { type, mentor } = await mentorType([{ from: 2, percent: 10 }]);
    const mentee = await createUser(t.db);
    const first = await bookAndPay(mentee, type);
    expect((await expectOk(cancel(mentor, first.booking.id), 200)).refund).toBe('full');
    expect((await paymentRow(t.db, first.payment.id)).status).toBe('refunded');
    expect(await expectOk(priceOf(mentee, type.id), 200)).toMatchObject({ consultation_number: 1, discount_percent: 0, price: 1000 });
    const second = await bookAndPay(mentee, type);
    expect(priced(second.booking)).toEqual([1000, 0, 1000, null]);
    // the mentee cancels late: the money is released to the mentor, so it was paid and counts
    await backdateBooking(t.db, second.booking.id, 3 * DAY);
    await t.db.execute(sql`update consultation_slots set starts_at = now() + interval '2 days', ends_at = now() + interval '2 days 1 hour'
      where id = (select slot_id from consultation_bookings where id = ${second.booking.id})`);
    expect((await expectOk(cancel(mentee, second.booking.id), 200)).refund).toBe('none');
    expect(await expectOk(priceOf(mentee, type.id), 200)).toMatchObject({ consultation_number: 2, discount_percent: 10, price: 900 });
  });

  it('keeps a booking’s price when the steps change later, and charges the kept price', async () => {
    const { type, mentor } = await mentorType([{ from: 2, percent: 10 }]);
    const mentee = await createUser(t.db);
    await bookAndPay(mentee, type);
    const booking = await book(mentee, type);
    expect(priced(booking)).toEqual([1000, 10, 900, 2]);
    await expectOk(typesOf(mentor)[':id'].update.$patch({ param: { id: String(type.id) }, json: { loyalty_steps: [], costs: 2000 } }), 200);
    expect(priced(await bookingRow(t.db, booking.id).then((b) => ({ price: b.price, regular_price: b.regularPrice!, discount_percent: b.discountPercent, consultation_number: b.consultationNumber })))).toEqual([1000, 10, 900, 2]);
    expect((await pay(mentee, booking.id)).amountKopecks).toBe(90_000);
  });

  it('prices two bookings made at once by one mentee alike: a pending one does not move the step', async () => {
    const { type } = await mentorType([{ from: 2, percent: 10 }, { from: 3, percent: 20 }]);
    const mentee = await createUser(t.db);
    await bookAndPay(mentee, type);
    const [a, b] = await Promise.all([book(mentee, type), book(mentee, type)]);
    expect([priced(a), priced(b)]).toEqual([
      [1000, 10, 900, 2],
      [1000, 10, 900, 2],
    ]);
    // a payment started but not yet received moves nothing either
    const payments = apiAs(asUser(mentee), { trailingSlash: true }).payments;
    await expectOk(payments.deals.$post({ json: { service_type: 'consultation', service_id: b.id, return_url: '/payment-return' } }), 200);
    expect(priced(await book(mentee, type))).toEqual([1000, 10, 900, 2]);
    // once one of them is paid, the next booking is the third
    await pay(mentee, a.id);
    expect(priced(await book(mentee, type))).toEqual([1000, 20, 800, 3]);
  });
});

describe('money of a discounted consultation', () => {
  it('takes the fee from, pays out and refunds the discounted amount, and the ledger sums to zero', async () => {
    const { type, mentor } = await mentorType([{ from: 2, percent: 10 }]);
    await addPayoutCard(t.db, mentor.id);
    const mentee = await createUser(t.db);
    await bookAndPay(mentee, type);
    // released: the mentee cancels late
    const released = await bookAndPay(mentee, type);
    expect(released.payment.amountKopecks).toBe(90_000);
    await backdateBooking(t.db, released.booking.id, 3 * DAY);
    await t.db.execute(sql`update consultation_slots set starts_at = now() + interval '2 days', ends_at = now() + interval '2 days 1 hour'
      where id = (select slot_id from consultation_bookings where id = ${released.booking.id})`);
    expect((await expectOk(cancel(mentee, released.booking.id), 200)).refund).toBe('none');
    const r = await books(t.db, released.payment.id);
    expect(r.ledger).toEqual({ payment_received: 90_000, platform_fee: 4500, mentor_payout: 85_500 });
    expect(r.payout).toMatchObject({ amountKopecks: 85_500, feeKopecks: 4500, status: 'succeeded' });
    // refunded: the mentor cancels; the refund is what was paid, not the regular price
    const refunded = await bookAndPay(mentee, type);
    expect(refunded.payment.amountKopecks).toBe(90_000);
    expect((await expectOk(cancel(mentor, refunded.booking.id), 200)).refund).toBe('full');
    const f = await books(t.db, refunded.payment.id);
    expect(f.ledger).toEqual({ payment_received: 90_000, refund: 90_000 });
    expect(f.refund).toMatchObject({ amountKopecks: 90_000, status: 'succeeded' });
    // every account's balance over these payments: escrow ends at zero, and all moves sum to zero
    const ids = [released.payment.id, refunded.payment.id];
    const entries = (await t.db.select().from(ledgerEntries)).filter((e) => ids.includes(e.paymentId));
    const balance: Record<string, number> = {};
    for (const e of entries) {
      balance[e.debit] = (balance[e.debit] ?? 0) - e.amountKopecks;
      balance[e.credit] = (balance[e.credit] ?? 0) + e.amountKopecks;
    }
    expect(balance).toEqual({ payer: -90_000, escrow: 0, platform: 4500, mentor: 85_500 });
    expect(Object.values(balance).reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe('what the mentee is shown after paying', () => {
  it('the payment and the receipt (listed and printed) say the regular price, the discount and why', async () => {
    const { type } = await mentorType([{ from: 2, percent: 10 }]);
    const mentee = await createUser(t.db);
    await bookAndPay(mentee, type);
    const { payment } = await bookAndPay(mentee, type);
    const payments = apiAs(asUser(mentee), { trailingSlash: true }).payments;
    const view = await expectOk(
      payments[':id{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}'].$get({ param: { id: payment.id } }),
      200,
    );
    expect(view.amount).toBe(900);
    expect(view.discount).toEqual({ regular_amount: 1000, percent: 10, consultation_number: 2, mentor_name: 'Анна' });
    const list = await expectOk(apiAs(asUser(mentee)).downloads.receipts.$get({ query: {} }), 200);
    expect(list.results.find((r) => r.id === payment.id)?.discount).toEqual({ regular_amount: 1000, percent: 10, consultation_number: 2, mentor_name: 'Анна' });
    const html = await (await call(`/api/downloads/receipts/${payment.id}/`, { user: asUser(mentee) })).text();
    expect(html).toContain('Стоимость без скидки');
    expect(html).toContain('2-я консультация с Анной: −10\u00a0%');
  });
});

describe('editing the steps', () => {
  const newMentor = () => createUser(t.db, { role: 'mentor' });
  const valid = { name: 'Разбор', description: '', duration_minutes: 60, costs: 3000 };
  const create = (mentor: User, loyalty_steps: unknown) =>
    typesOf(mentor).create.$post({ json: { ...valid, user_id: mentor.id, loyalty_steps: loyalty_steps as Step[] } });

  it('stores up to three increasing steps and answers them with the type', async () => {
    const mentor = await newMentor();
    const steps = [{ from: 3, percent: 5 }, { from: 5, percent: 10 }, { from: 10, percent: 15 }];
    const body = await expectOk(create(mentor, steps), 201);
    expect(body.loyalty_steps).toEqual(steps);
    expect((await expectOk(apiAs(undefined)['consultation-types'].all.$get({ query: { user_id: String(mentor.id) } }), 200))[0].loyalty_steps).toEqual(steps);
  });

  it('refuses N below 2, X outside 1..50, steps that do not increase and a fourth step, in Russian', async () => {
    const mentor = await newMentor();
    expect((await expectError(create(mentor, [{ from: 1, percent: 10 }]), 400)).fields).toEqual({
      'loyalty_steps.0.from': 'Скидка может действовать не раньше чем со 2-й консультации',
    });
    expect((await expectError(create(mentor, [{ from: 2, percent: 51 }]), 400)).fields).toEqual({ 'loyalty_steps.0.percent': 'Скидка не может превышать 50 %' });
    expect((await expectError(create(mentor, [{ from: 2, percent: 0 }]), 400)).fields).toEqual({ 'loyalty_steps.0.percent': 'Скидка должна быть не меньше 1 %' });
    expect((await expectError(create(mentor, [{ from: 5, percent: 10 }, { from: 5, percent: 10 }]), 400)).fields).toEqual({
      'loyalty_steps.1.from': 'Каждая следующая ступень начинается с более поздней консультации',
      'loyalty_steps.1.percent': 'Каждая следующая ступень даёт скидку больше предыдущей',
    });
    const four = [2, 3, 4, 5].map((from) => ({ from, percent: from }));
    expect((await expectError(create(mentor, four), 400)).fields).toEqual({ loyalty_steps: 'Не больше 3 ступеней скидки' });
  });

  it('holds the same rules in the database', async () => {
    const { type } = await mentorType([]);
    for (const bad of [[{ from: 1, percent: 10 }], [{ from: 3, percent: 20 }, { from: 4, percent: 10 }], [{ from: 2, percent: 60 }], [{ from: 2, percent: 1.5 }]]) {
      await expect(t.db.update(consultationTypes).set({ loyaltySteps: bad }).where(eq(consultationTypes.id, type.id))).rejects.toThrow();
    }
    const mentee = await createUser(t.db);
    const booking = await book(mentee, type);
    // the kept three agree: a price that is not the regular one less the percent is refused
    await expect(t.db.execute(sql`update consultation_bookings set price = 1 where id = ${booking.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update consultation_bookings set discount_percent = 10, price = 900 where id = ${booking.id}`)).rejects.toThrow();
  });
});
