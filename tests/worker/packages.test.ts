// Consultation packages (issue 36, decision 006 «Packages»): the mentor offers N consultations of a type paid at once
// with X % off; the mentee buys one (one payment, through the sandbox's checkout and its signed webhook), books sessions
// with its credits, and the money stays per session: each consultation is settled like a paid one (released to the
// mentor less the 5 % fee, or its credit given back), unused credits are refunded pro rata, and the ledger of the
// package's payment sums to zero.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conferenceAttendance, conferences } from '../../drizzle/schema/conferences.ts';
import { consultationPackages, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { fiscalReceipts, ledgerEntries, payouts, refunds, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { createUser } from '../factories.ts';
import { DISPUTE_WINDOW_HOURS } from '../../worker/escrow/dispute-window.ts';
import { runMinuteJobs } from '../../worker/maintenance/minute-jobs.ts';
import { cancelMentorNoShows } from '../../worker/maintenance/no-show.ts';
import { settleDueBookings } from '../../worker/maintenance/settle-due.ts';
import { addPayoutCard, backdateBooking, bookingRow, DAY, HOUR, paymentRow, providerCtx, shiftSlot, type User } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

type Offer = { sessions: number; percent: number; valid_days: number };
const FIVE: Offer = { sessions: 5, percent: 10, valid_days: 180 };

let slotOffset = 0;

async function mentorType(offers: Offer[] = [FIVE], costs = 2000) {
  const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Анна' });
  const [type] = await t.db
    .insert(consultationTypes)
    .values({ mentorId: mentor.id, name: 'Разбор резюме', durationMinutes: 60, costs, packages: offers })
    .returning();
  return { mentor, type };
}

/** a new free slot of the type, `startsIn` from now (each two hours after the last, so a mentor's slots never overlap) */
async function slotOf(type: { id: number; mentorId: number }, startsIn = 10 * DAY) {
  const start = new Date(Date.now() + startsIn + ++slotOffset * 2 * HOUR);
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId: type.mentorId, consultationTypeId: type.id, startsAt: start, endsAt: new Date(start.getTime() + HOUR) })
    .returning();
  return slot;
}

const as = (user: User) => apiAs(asUser(user), { trailingSlash: true });
const buy = (user: User, typeId: number, sessions: number) =>
  as(user)['consultation-packages'].buy.$post({ json: { consultation_type_id: typeId, sessions } });
const bookFrom = (user: User, slotId: number, packageId: number) =>
  as(user)['consultation-bookings'].create.$post({ json: { consultation_type_slot: slotId, user_id: user.id, questions: '', package_id: packageId } });
const myPackages = async (user: User) => (await expectOk(as(user)['consultation-packages'].my.$get(), 200)).results;

/** The mentee pays the package the way the web does: the deal, then the sandbox's checkout, whose webhook reaches escrow. */
async function payPackage(mentee: User, packageId: number) {
  const { payment_id } = await expectOk(
    as(mentee).payments.deals.$post({ json: { service_type: 'package', service_id: packageId, return_url: '/payment-return' } }),
    200,
  );
  const row = await paymentRow(t.db, payment_id);
  const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
  await expectJson(
    send('POST', `/api/sandbox/checkout/${row.providerPaymentId}/pay/`, { body: { card_number: '4111 1111 1111 1111', expiry, cvc: '123' } }),
    200,
  );
  return paymentRow(t.db, payment_id);
}

async function boughtPackage(offers: Offer[] = [FIVE], costs = 2000) {
  const { mentor, type } = await mentorType(offers, costs);
  const mentee = await createUser(t.db, { firstName: 'Борис' });
  const pack = await expectOk(buy(mentee, type.id, offers[0].sessions), 201);
  const payment = await payPackage(mentee, pack.id);
  return { mentor, type, mentee, pack, payment };
}

describe('package offers on a consultation type', () => {
  it('are priced by the server on the type and on the mentor page', async () => {
    const { mentor, type } = await mentorType([FIVE, { sessions: 10, percent: 15, valid_days: 180 }], 1999);
    const detail = await expectOk(as(mentor)['consultation-types'][':id'].detail.$get({ param: { id: String(type.id) }, query: {} }), 200);
    expect(detail.packages).toEqual([
      // round(1999 × 0.9) = 1799 (1799.1), round(1999 × 0.85) = 1699 (1699.15)
      { sessions: 5, percent: 10, valid_days: 180, price_per_session: 1799, total_price: 8995, regular_total: 9995 },
      { sessions: 10, percent: 15, valid_days: 180, price_per_session: 1699, total_price: 16_990, regular_total: 19_990 },
    ]);
    const page = await expectOk(apiAs().users.GetUser.$get({ query: { id: String(mentor.id) } }), 200);
    expect(page.consultation_types[0].packages).toEqual(detail.packages);
  });

  it('are refused with Russian messages (zod) and by the database CHECK for any other writer', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const create = (packages: unknown, costs = 2000) =>
      as(mentor)['consultation-types'].create.$post({ json: { name: 'Разбор', duration_minutes: 60, costs, packages } as never });
    expect((await expectError(create([{ sessions: 1, percent: 60, valid_days: 30 }]), 400)).fields).toEqual({
      'packages.0.sessions': 'В пакете не меньше 2 консультаций',
      'packages.0.percent': 'Скидка не может превышать 50 %',
      'packages.0.valid_days': 'Пакет должен действовать не меньше 90 дней',
    });
    // a package is one safe deal, and a deal lives at most 180 days (migration 0049)
    expect((await expectError(create([{ sessions: 5, percent: 10, valid_days: 181 }]), 400)).fields).toEqual({
      'packages.0.valid_days': 'Пакет может действовать не больше 180 дней',
    });
    expect((await expectError(create([FIVE, { ...FIVE, percent: 20 }]), 400)).fields).toEqual({ 'packages.1.sessions': 'Пакет с таким числом консультаций уже есть' });
    expect((await expectError(create([FIVE, { ...FIVE, sessions: 3 }, { ...FIVE, sessions: 4 }, { ...FIVE, sessions: 6 }]), 400)).fields).toEqual({ packages: 'Не больше 3 пакетов' });
    expect((await expectError(create([FIVE], 0), 400)).fields).toEqual({ packages: 'Пакеты можно предложить только для платной консультации' });
    // a paid type with packages made free by a patch meets the CHECK, answered like the form
    const made = await expectOk(create([FIVE]), 201);
    const patch = await expectError(as(mentor)['consultation-types'][':id'].update.$patch({ param: { id: String(made.id) }, json: { costs: 0 } }), 400);
    expect(patch.fields).toEqual({ packages: 'Пакеты можно предложить только для платной консультации' });

    const write = (packages: unknown) =>
      t.db.execute(sql`update consultation_types set packages = ${JSON.stringify(packages)}::jsonb where id = ${made.id}`);
    for (const bad of [[{ sessions: 21, percent: 10, valid_days: 90 }], [{ sessions: 5, percent: 10, valid_days: 181 }], [FIVE, FIVE], [{ sessions: 5, percent: 10 }], [{ ...FIVE, extra: 1 }]]) {
      await expect(write(bad), JSON.stringify(bad)).rejects.toMatchObject({ cause: { constraint: 'consultation_types_packages' } });
    }
    await write([{ sessions: 20, percent: 50, valid_days: 180 }]);
  });
});

describe('buying a package and booking from it', () => {
  it('is one payment of sessions × the session price; paid through the sandbox webhook, its credits can be booked', async () => {
    const { mentor, type, mentee, pack, payment } = await boughtPackage();
    expect(pack).toMatchObject({ status: 'pending_payment', sessions: 5, left: 5, used: 0, reserved: 0, price_per_session: 1800, total_price: 9000, expires_at: null });
    expect(payment).toMatchObject({ status: 'succeeded', serviceType: 'package', packageId: pack.id, amountKopecks: 900_000, payeeId: mentor.id, serviceTitle: expect.any(String) });
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id));
    expect(ledger.map((e) => [e.kind, e.amountKopecks])).toEqual([['payment_received', 900_000]]);

    const [active] = await myPackages(mentee);
    expect(active).toMatchObject({ id: pack.id, status: 'active', left: 5, refundable_amount: 9000 });
    // usable for valid_days from the payment
    expect(new Date(active.expires_at!).getTime() - new Date(active.paid_at!).getTime()).toBe(180 * DAY);
    const price = await expectOk(as(mentee)['consultation-types'][':id'].price.$get({ param: { id: String(type.id) } }), 200);
    expect(price.package).toEqual({ id: pack.id, left: 5, sessions: 5, expires_at: active.expires_at });

    const booked = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    expect(booked).toMatchObject({ status: 'paid', price: 1800, package_id: pack.id, hold_expires_at: null });
    const detail = await expectOk(as(mentee)['consultation-bookings'][':id'].detail.$get({ param: { id: String(booked.id) } }), 200);
    expect(detail).toMatchObject({ status: 'paid', package_id: pack.id, payment: null });
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 4, reserved: 1, used: 0, refundable_amount: 7200 });
    // no second payment: nothing to pay for the booking
    await expectError(as(mentee).payments.deals.$post({ json: { service_type: 'consultation', service_id: booked.id, return_url: '/payment-return' } }), 409);
  });

  it('refuses buying one’s own package, an offer the type does not have, and a package of someone else’s (404)', async () => {
    const { mentor, type, mentee, pack } = await boughtPackage();
    expect(await expectError(buy(mentor, type.id, 5), 409)).toEqual({ detail: 'Нельзя купить пакет собственных консультаций', code: 'own_package' });
    expect((await expectError(buy(mentee, type.id, 7), 409)).code).toBe('package_not_offered');
    const stranger = await createUser(t.db);
    expect((await expectError(bookFrom(stranger, (await slotOf(type)).id, pack.id), 404)).detail).toBe('Пакет не найден');
    expect(await myPackages(stranger)).toEqual([]);
    await expectError(as(stranger)['consultation-packages'][':id']['refund-quote'].$get({ param: { id: String(pack.id) } }), 404);
    await expectError(as(stranger)['consultation-packages'][':id'].refund.$post({ param: { id: String(pack.id) } }), 404);
    await expectError(as(stranger).payments.deals.$post({ json: { service_type: 'package', service_id: pack.id, return_url: '/payment-return' } }), 404);
    expect((await myPackages(mentee))[0]).toMatchObject({ status: 'active', left: 5 });
  });

  it('refuses a package of another type, an unpaid one and an expired one', async () => {
    const { mentor, type, mentee, pack } = await boughtPackage();
    const [other] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Мок-интервью', costs: 3000 }).returning();
    expect(await expectError(bookFrom(mentee, (await slotOf(other)).id, pack.id), 409)).toEqual({ detail: 'Этот пакет — для другой консультации', code: 'package_mismatch' });
    const unpaid = await expectOk(buy(mentee, type.id, 5), 201);
    expect((await expectError(bookFrom(mentee, (await slotOf(type)).id, unpaid.id), 409)).code).toBe('package_not_paid');
    await t.db.update(consultationPackages).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(consultationPackages.id, pack.id));
    expect(await expectError(bookFrom(mentee, (await slotOf(type)).id, pack.id), 409)).toEqual({ detail: 'Срок действия пакета истёк', code: 'package_expired' });
  });

  it('spends the last credit once when two bookings race for it (the other answers 409 package_empty)', async () => {
    const { type, mentee, pack } = await boughtPackage([{ sessions: 2, percent: 5, valid_days: 90 }]);
    await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    const [a, b] = [await slotOf(type), await slotOf(type)];
    // two requests at once, each on its own connection (the Worker opens one per request)
    const answers = await Promise.all([bookFrom(mentee, a.id, pack.id), bookFrom(mentee, b.id, pack.id)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((r) => (r.status as number) === 409)!;
    expect(await refused.json()).toEqual({ detail: 'В пакете не осталось консультаций', code: 'package_empty' });
    const [row] = await t.db.select().from(consultationPackages).where(eq(consultationPackages.id, pack.id));
    expect(row).toMatchObject({ creditsLeft: 0, status: 'used_up' });
    const live = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from consultation_bookings where package_id = ${pack.id} and status = 'paid'`);
    expect(Number(live.rows[0].n)).toBe(2);
  });

  it('gives the credit back when the booking fails on a taken slot', async () => {
    const { type, mentee, pack } = await boughtPackage();
    const slot = await slotOf(type);
    const other = await createUser(t.db);
    await t.db.execute(sql`insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at)
      values (${slot.id}, ${other.id}, ${type.mentorId}, ${type.id}, 'paid', 0, now())`);
    expect((await expectError(bookFrom(mentee, slot.id, pack.id), 409)).code).toBe('slot_taken');
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 5, reserved: 0 });
  });
});

const cancel = (user: User, bookingId: number) => as(user)['consultation-bookings'][':id'].cancel.$post({ param: { id: String(bookingId) }, json: {} });
const cancelQuote = (user: User, bookingId: number) => as(user)['consultation-bookings'][':id']['cancel-quote'].$get({ param: { id: String(bookingId) } });

/** The payment's ledger: each entry as [kind, kopecks, booking], and every account's balance over it. */
async function ledgerOf(paymentId: string) {
  const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)).orderBy(ledgerEntries.id);
  const balance: Record<string, number> = { payer: 0, escrow: 0, mentor: 0, platform: 0 };
  for (const e of entries) {
    balance[e.debit] -= e.amountKopecks;
    balance[e.credit] += e.amountKopecks;
  }
  return { entries: entries.map((e) => [e.kind, e.amountKopecks, e.bookingId]), balance, sum: Object.values(balance).reduce((a, b) => a + b, 0) };
}

/** The sandbox's own books: what the provider was asked to refund of the payment, kopecks, smallest first (the rows have no order). */
async function providerRefunds(providerPaymentId: string) {
  const rows = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.kind, 'refund'));
  return rows
    .filter((r) => r.request.payment_id === providerPaymentId)
    .map((r) => r.amountKopecks)
    .sort((a, b) => a - b);
}

/** The session's slot moves into the past, beyond its dispute window, so the scheduler settles it. */
async function holdSession(bookingId: number) {
  const booking = await bookingRow(t.db, bookingId);
  await shiftSlot(t.db, booking.slotId, -(DISPUTE_WINDOW_HOURS + 3) * HOUR);
}

describe('the money of a package, per session', () => {
  it('returns a credit cancelled in time, pays the mentor per session less 5 %, refunds the rest pro rata, and the ledger sums to zero', async () => {
    const { mentor, type, mentee, pack, payment } = await boughtPackage();
    await addPayoutCard(t.db, mentor.id);
    const a = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    const b = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);

    // cancelled within the policy (10 days ahead): the credit comes back, no money moves
    const quote = await expectOk(cancelQuote(mentee, a.id), 200);
    expect(quote).toMatchObject({ returns_credit: true, refund: 'not_paid', refund_amount: 0, paid_amount: 1800 });
    expect(quote.message).toMatch(/^Консультация вернётся в пакет/);
    expect(await expectOk(cancel(mentee, a.id), 200)).toEqual({ id: a.id, status: 'canceled', refund: 'not_paid', returns_credit: true });
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 4, reserved: 1, used: 0 });

    // the other is held and its dispute window closes: the mentor is paid for that one session, not the package
    await holdSession(b.id);
    // the job settles every due booking of the shared test database (other files run beside this one): what it did
    // for this package is read from its own rows below
    await settleDueBookings(providerCtx(t.db));
    expect((await ledgerOf(payment.id)).entries).toEqual([
      ['payment_received', 900_000, null],
      ['platform_fee', 9000, b.id],
      ['mentor_payout', 171_000, b.id],
    ]);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.paymentId, payment.id));
    expect(payout).toMatchObject({ bookingId: b.id, amountKopecks: 171_000, feeKopecks: 9000, status: 'succeeded' });
    expect((await paymentRow(t.db, payment.id)).status).toBe('succeeded');
    // settling again moves nothing (one entry per payment, kind and session)
    await settleDueBookings(providerCtx(t.db));
    expect((await ledgerOf(payment.id)).entries).toHaveLength(3);
    expect(await t.db.select().from(payouts).where(eq(payouts.paymentId, payment.id))).toHaveLength(1);
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 4, reserved: 0, used: 1, refundable_amount: 7200 });

    // the rest back pro rata: 4 × 1 800 ₽, one partial refund of the payment
    expect(await expectOk(as(mentee)['consultation-packages'][':id']['refund-quote'].$get({ param: { id: String(pack.id) } }), 200)).toEqual({ credits: 4, amount: 7200 });
    const refunded = await expectOk(as(mentee)['consultation-packages'][':id'].refund.$post({ param: { id: String(pack.id) } }), 200);
    expect(refunded).toMatchObject({ status: 'refunded', left: 0, used: 1, refundable_amount: 0 });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ bookingId: null, amountKopecks: 720_000, status: 'succeeded' });
    expect(await providerRefunds(payment.providerPaymentId!)).toEqual([720_000]);

    const books = await ledgerOf(payment.id);
    expect(books.entries.at(-1)).toEqual(['refund', 720_000, null]);
    expect(books.balance).toEqual({ payer: -180_000, escrow: 0, mentor: 171_000, platform: 9000 });
    expect(books.sum).toBe(0);
    // nothing of it is left in escrow: the payment is closed, released (the mentor got part of it)
    expect((await paymentRow(t.db, payment.id)).status).toBe('released');
    expect(await expectError(as(mentee)['consultation-packages'][':id'].refund.$post({ param: { id: String(pack.id) } }), 409)).toMatchObject({ code: 'package_nothing_to_refund' });

    // the receipt (/loads) names the package, its fee as charged session by session, and the refund
    const { results } = await expectOk(as(mentee).downloads.receipts.$get({ query: {} }), 200);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      status: 'released',
      amount: 9000,
      service: { type: 'package', id: pack.id, title: 'Разбор резюме' },
      package: { id: pack.id, sessions: 5, percent: 10, text: 'Пакет из 5 консультаций «Разбор резюме» −10\u00a0%' },
      discount: { regular_amount: 10_000, percent: 10, consultation_number: null },
      fee: 90,
      refund: { amount: 7200, status: 'succeeded' },
    });
    const html = await (await send('GET', results[0].receipt_url, { user: asUser(mentee) })).text();
    expect(html).toContain('Пакет из 5 консультаций «Разбор резюме» −10\u00a0%');
    expect(html).toContain('Скидка за пакет');
    expect(html).toMatch(/Возврат<\/th><td>7\u00a0200/);
  });

  // issue 37, decision 020: a package's money is settled session by session, so is its settlement receipt (зачёт
  // предоплаты): one per released session, for that session's price, not the package's
  it("gives each settled session its own settlement receipt for the session's price", async () => {
    const { mentor, type, mentee, pack, payment } = await boughtPackage();
    await addPayoutCard(t.db, mentor.id);
    const first = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    const second = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    await holdSession(first.id);
    await settleDueBookings(providerCtx(t.db));
    const receipts = async () => t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.paymentId, payment.id));
    expect((await receipts()).map((r) => [r.kind, r.bookingId, r.amountKopecks]).sort()).toEqual([
      ['payment', null, 900_000],
      ['settlement', first.id, 180_000],
    ]);
    const settlement = (await receipts()).find((r) => r.kind === 'settlement')!;
    expect(settlement).toMatchObject({ status: 'succeeded', providerReceiptId: expect.any(String), fiscalStorageNumber: expect.stringMatching(/^\d{16}$/), registeredAt: expect.any(Date) });
    expect(settlement.items).toEqual([
      expect.objectContaining({ description: expect.stringMatching(/^Консультация по пакету «Разбор резюме», \d\d\.\d\d\.\d{4}/), quantity: 1, amount: { value: '1800.00', currency: 'RUB' }, payment_mode: 'full_payment' }),
    ]);
    // the provider's receipt counts 1 800 ₽ of the package's prepayment as delivered
    const [sent] = await t.db.select().from(sandboxProviderObjects).where(eq(sandboxProviderObjects.id, settlement.providerReceiptId!));
    expect(sent!.request).toMatchObject({ type: 'payment', payment_id: payment.providerPaymentId, settlements: [{ type: 'prepayment', amount: { value: '1800.00', currency: 'RUB' } }] });

    // the next session settled gets its own, and the first is not made again
    // an hour apart from the first, which the mentor's slots may not overlap
    await shiftSlot(t.db, (await bookingRow(t.db, second.id)).slotId, -(DISPUTE_WINDOW_HOURS + 5) * HOUR);
    await settleDueBookings(providerCtx(t.db));
    const after = (await receipts()).filter((r) => r.kind === 'settlement');
    expect(after.map((r) => [r.bookingId, r.amountKopecks]).sort()).toEqual([
      [first.id, 180_000],
      [second.id, 180_000],
    ].sort());
    expect(after.find((r) => r.bookingId === first.id)).toEqual(settlement);
    expect((await ledgerOf(payment.id)).sum).toBe(0);
  });

  it('counts a session cancelled too late as taken: its price goes to the mentor', async () => {
    const { mentor, type, mentee, pack, payment } = await boughtPackage();
    await addPayoutCard(t.db, mentor.id);
    const slot = await slotOf(type, 3 * DAY);
    const late = await expectOk(bookFrom(mentee, slot.id, pack.id), 201);
    await backdateBooking(t.db, late.id, 2 * DAY);
    expect(await expectOk(cancelQuote(mentee, late.id), 200)).toMatchObject({ returns_credit: false, refund: 'none', refund_amount: 0 });
    expect(await expectOk(cancel(mentee, late.id), 200)).toMatchObject({ refund: 'none', returns_credit: false });
    expect((await ledgerOf(payment.id)).entries.slice(1)).toEqual([
      ['platform_fee', 9000, late.id],
      ['mentor_payout', 171_000, late.id],
    ]);
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 4, reserved: 0, used: 1 });
  });

  it('refunds an expired package’s unused credits by the scheduler; a session booked before still settles on its own', async () => {
    const { type, mentee, pack, payment } = await boughtPackage();
    const kept = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    await t.db.update(consultationPackages).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(consultationPackages.id, pack.id));
    // (other tests' packages may be due too: the database is shared)
    const report = await runMinuteJobs(providerCtx(t.db), new Date());
    expect(report.packages).toMatchObject({ packagesExpired: expect.any(Number) });
    expect((await myPackages(mentee))[0]).toMatchObject({ status: 'expired', left: 0, reserved: 1, refundable_amount: 0 });
    expect(await providerRefunds(payment.providerPaymentId!)).toEqual([720_000]);
    expect((await paymentRow(t.db, payment.id)).status).toBe('succeeded');
    // a second run changes nothing
    expect((await runMinuteJobs(providerCtx(t.db), new Date())).packages).toMatchObject({ packagesExpired: 0 });
    expect(await providerRefunds(payment.providerPaymentId!)).toEqual([720_000]);

    // the session booked before expiry, cancelled in time: its credit can't go back to an expired package, so its price does
    expect(await expectOk(cancelQuote(mentee, kept.id), 200)).toMatchObject({ returns_credit: false, refund: 'full', refund_amount: 1800 });
    expect(await expectOk(cancel(mentee, kept.id), 200)).toMatchObject({ refund: 'full', returns_credit: false });
    expect(await providerRefunds(payment.providerPaymentId!)).toEqual([180_000, 720_000]);
    const books = await ledgerOf(payment.id);
    expect(books.entries).toEqual([
      ['payment_received', 900_000, null],
      ['refund', 720_000, null],
      ['refund', 180_000, kept.id],
    ]);
    expect(books.balance).toEqual({ payer: 0, escrow: 0, mentor: 0, platform: 0 });
    expect((await paymentRow(t.db, payment.id)).status).toBe('refunded');
  });

  it('gives the credit back when the mentor cancels', async () => {
    const { mentor, type, mentee, pack } = await boughtPackage();
    const booked = await expectOk(bookFrom(mentee, (await slotOf(type, 2 * DAY)).id, pack.id), 201);
    await backdateBooking(t.db, booked.id, 2 * DAY);
    expect(await expectOk(cancelQuote(mentor, booked.id), 200)).toMatchObject({ returns_credit: true, message: 'Консультация вернётся в пакет ученика.' });
    expect(await expectOk(cancel(mentor, booked.id), 200)).toMatchObject({ refund: 'not_paid', returns_credit: true });
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 5, reserved: 0, used: 0 });
  });

  it('gives the credit back when the mentor does not come (no-show)', async () => {
    const { mentor, type, mentee, pack, payment } = await boughtPackage();
    const booked = await expectOk(bookFrom(mentee, (await slotOf(type, 5 * DAY)).id, pack.id), 201);
    const { slotId } = await bookingRow(t.db, booked.id);
    await shiftSlot(t.db, slotId, -16 * 60_000);
    const [room] = await t.db
      .insert(conferences)
      .values({ contentType: 'consultationbooking', objectId: booked.id, login: `room-${booked.id}`, password: 'secret', createdBy: mentor.id })
      .returning();
    const [slot] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, slotId));
    await t.db.insert(conferenceAttendance).values({ conferenceId: room.id, userId: mentee.id, joinedAt: new Date(slot.startsAt.getTime() - 2 * 60_000), leftAt: null });

    await cancelMentorNoShows(providerCtx(t.db));
    expect(await bookingRow(t.db, booked.id)).toMatchObject({ status: 'canceled', canceledBy: mentor.id });
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 5, reserved: 0, used: 0 });
    expect((await ledgerOf(payment.id)).entries).toEqual([['payment_received', 900_000, null]]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, mentee.id));
    expect(told.filter((n) => n.kind === 'booking_no_show').map((n) => n.message)).toEqual(['Наставник не пришёл на консультацию «Разбор резюме». Она вернулась в ваш пакет.']);
  });

  it('lets the mentee dispute a session of a package: the decision moves that session’s price alone, and the ledger still sums to zero', async () => {
    const { mentor, type, mentee, pack, payment } = await boughtPackage();
    await addPayoutCard(t.db, mentor.id);
    const booked = await expectOk(bookFrom(mentee, (await slotOf(type)).id, pack.id), 201);
    // the session has been held: its dispute window is open
    await shiftSlot(t.db, (await bookingRow(t.db, booked.id)).slotId, -2 * HOUR);
    // the calendar offers «Открыть диспут» for it, as for a paid consultation
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const calendar = await expectOk(as(mentee).calendars.schedule.$get({ query: { start_date: day(-2), end_date: day(2) } }), 200);
    expect(calendar.booked_by_user.find((b) => b.id === booked.id)).toMatchObject({ can_dispute: true });
    const dispute = await expectOk(as(mentee).disputes.complaints.$post({ json: { booking_id: booked.id, source: 'buyer', text: 'Ментор отвлекался половину встречи' } }), 201);
    // while it is open, the scheduler does not pay the session out
    await holdSession(booked.id);
    expect(await settleDueBookings(providerCtx(t.db))).toMatchObject({ consultationPayouts: 0 });

    const admin = await createUser(t.db, { role: 'admin' });
    await expectOk(as(admin).disputes[':id'].resolve.$post({ param: { id: String(dispute.id) }, json: { outcome: 'partial_refund', refund_amount: 600, resolution: 'Половина встречи' } }), 200);
    const books = await ledgerOf(payment.id);
    expect(books.entries).toEqual([
      ['payment_received', 900_000, null],
      ['refund', 60_000, booked.id],
      ['platform_fee', 6000, booked.id],
      ['mentor_payout', 114_000, booked.id],
    ]);
    expect(books.sum).toBe(0);
    expect(await providerRefunds(payment.providerPaymentId!)).toEqual([60_000]);
    // the other four credits are untouched, and the package's payment stays in escrow for them
    expect((await myPackages(mentee))[0]).toMatchObject({ left: 4 });
    expect((await paymentRow(t.db, payment.id)).status).toBe('succeeded');
    // a second complaint about it is refused
    expect((await expectError(as(mentee).disputes.complaints.$post({ json: { booking_id: booked.id, source: 'buyer', text: 'Ещё раз' } }), 409)).code).toBe('dispute_exists');
  });
});
