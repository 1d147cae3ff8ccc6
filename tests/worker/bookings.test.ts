// Booking a consultation: one live booking per slot is the database's rule, so 200 people at once get
// exactly one booking; the slot's own mentor, a past slot and someone else's user_id are refused.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../drizzle/schema/auth.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { fiscalReceipts, payments } from '../../drizzle/schema/payments.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createBooking } from '../../worker/bookings/bookings.lifecycle.ts';
import { bookSlotAsSeen, peekSlotForBooking } from '../../worker/bookings/bookings.queries.ts';
import { expireBookingHolds } from '../../worker/escrow/holds.ts';
import { bookingPaidNotice, formatWhen } from '../../worker/escrow/notices.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { book, bookingRow, bookSlot, HOUR, mentorSlot, paidBooking, paymentRow, pendingBooking, runOutHold } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();

type Person = { id: number; role: SessionUser['role'] };
type CreateJson = InferRequestType<(typeof api)['consultation-bookings']['create']['$post']>['json'];
/** the typed client's bookings as this user, on the spec's paths with the trailing slash */
const bookingsOf = (user: Person) => apiAs(asUser(user), { trailingSlash: true })['consultation-bookings'];
/** books the slot through the typed client, as bookSlot does (the user's own id and a question), with these fields on top */
const booking = (user: Person, slotId: number, extra: Partial<CreateJson> = {}) =>
  bookingsOf(user).create.$post({ json: { consultation_type_slot: slotId, user_id: user.id, questions: 'Как пройти собеседование?', ...extra } });
const detailOf = (user: Person, bookingId: number) => bookingsOf(user)[':id'].detail.$get({ param: { id: String(bookingId) } });

describe('creating a booking', () => {
  it('holds a paid slot for 15 minutes, pending payment, at the price of the type', async () => {
    const { slot } = await mentorSlot(t.db, { costs: 1500 });
    const mentee = await createUser(t.db);
    const before = Date.now();
    const body = await expectOk(booking(mentee, slot.id), 201);
    expect(body).toEqual<typeof body>({
      id: expect.any(Number),
      status: 'pending_payment',
      price: 1500,
      regular_price: 1500,
      discount_percent: 0,
      consultation_number: null,
      hold_expires_at: expect.any(String),
      package_id: null,
    });
    const hold = new Date(body.hold_expires_at!).getTime() - before;
    expect(hold).toBeGreaterThan(14 * 60_000);
    expect(hold).toBeLessThan(16 * 60_000);
    const row = await bookingRow(t.db, body.id);
    expect(row).toMatchObject({ menteeId: mentee.id, slotId: slot.id, questions: 'Как пройти собеседование?', price: 1500 });
  });

  it('books a free consultation as paid at once and tells the mentor', async () => {
    const { slot, mentor } = await mentorSlot(t.db, { costs: 0 });
    const body = await expectOk(booking(await createUser(t.db, { firstName: 'Мария', lastName: 'Кузнецова' }), slot.id), 201);
    expectMatch(body, { status: 'paid', price: 0, hold_expires_at: null });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id));
    expect(notes.map((n) => n.kind)).toEqual(['booking_paid']);
    // issue 35, item 19: who and what, not «Новая запись на консультацию … оплачена» for a free one
    expect(notes[0].message).toBe(`Новая запись: Мария Кузнецова, «Разбор резюме», ${formatWhen(slot.startsAt, mentor.timeZone)} — бесплатно`);
    expect(notes[0].payload).toEqual({ url: `/CalendarPage?tab=leading&booking=${body.id}` });
  });

  it('writes only the slot it looked at: one moved in between is not booked (nor its free notice stored), then booked at its new time', async () => {
    const { slot, mentor } = await mentorSlot(t.db, { costs: 0 });
    const mentee = await createUser(t.db);
    const look = await peekSlotForBooking(t.db, slot.id, mentee.id);
    expect(look.slot).toMatchObject({ id: slot.id, taken: false, openHolds: 0 });
    const moved = new Date(slot.startsAt.getTime() + 2 * HOUR);
    await t.db.update(consultationSlots).set({ startsAt: moved, endsAt: new Date(moved.getTime() + HOUR) }).where(eq(consultationSlots.id, slot.id));
    const notice = bookingPaidNotice({ mentorId: mentor.id, bookingId: look.bookingId!, when: 'в старое время', menteeName: 'Тест', typeName: 'Разбор резюме', price: 0 });
    const stale = await bookSlotAsSeen(t.db, { ...look.slot!, bookingId: look.bookingId! }, { menteeId: mentee.id, questions: '', freeNotice: notice });
    expect(stale.booking).toBeNull();
    expect(stale.notifications).toEqual([]);
    expect(new Date(stale.slot!.startsAt)).toEqual(moved);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id))).toEqual([]);
    // through the API the look is fresh: booked, and the mentor told of the new time
    const body = await expectOk(booking(mentee, slot.id), 201);
    expect(body.status).toBe('paid');
    const [told] = await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id));
    expect(told.message).toContain(formatWhen(moved, mentor.timeZone));
  });

  /** The database as createBooking sees it, counting its batches and keeping their answers; `before(n)` runs before the n-th. */
  function countingBatches(before: (n: number) => Promise<unknown> = async () => undefined) {
    const counted = { batches: 0, answers: [] as (readonly unknown[])[] };
    const http = new Proxy(t.db.http, {
      get(target, prop) {
        if (prop !== 'batch') return Reflect.get(target, prop, target);
        return async (...args: Parameters<typeof target.batch>) => {
          counted.batches += 1;
          await before(counted.batches);
          const answers = await target.batch(...args);
          counted.answers.push(answers);
          return answers;
        };
      },
    });
    return Object.assign(counted, { db: Object.assign(Object.create(t.db) as typeof t.db, { http }) });
  }

  it('books a paid slot in one round trip, and counts the booker\'s limit in it', async () => {
    const { slot } = await mentorSlot(t.db, { costs: 1500 });
    const mentee = await createUser(t.db);
    const counting = countingBatches();
    const key = `bookings:user:${mentee.id}:once`;
    const outcome = await createBooking(counting.db, { slotId: slot.id, menteeId: mentee.id, questions: 'Про портфолио', limits: [{ key, max: 5, windowSeconds: 3600 }] });
    expect(outcome).toMatchObject({ kind: 'created', booking: { slotId: slot.id, menteeId: mentee.id, status: 'pending_payment', price: 1500, questions: 'Про портфолио' } });
    expect(counting.batches).toBe(1);
    const counters = await t.db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(counters).toEqual([{ count: 1 }]);
    // the same slot again, by someone else: refused from that one round trip too, nothing written
    const other = await createUser(t.db);
    const again = countingBatches();
    expect(await createBooking(again.db, { slotId: slot.id, menteeId: other.id, questions: '', limits: [] })).toEqual({ kind: 'slot_taken' });
    expect(again.batches).toBe(1);
    expect(await t.db.select().from(consultationBookings).where(eq(consultationBookings.slotId, slot.id))).toHaveLength(1);
  });

  it('books a free consultation in two round trips: the first reads the slot and draws the id the second books it under', async () => {
    const { slot } = await mentorSlot(t.db, { costs: 0 });
    const mentee = await createUser(t.db);
    const counting = countingBatches();
    const outcome = await createBooking(counting.db, { slotId: slot.id, menteeId: mentee.id, questions: '', limits: [] });
    expect(outcome).toMatchObject({ kind: 'created', booking: { slotId: slot.id, status: 'paid' } });
    expect(counting.batches).toBe(2);
    const [drawn] = (counting.answers[0][0] as { rows: { id: string }[] }).rows;
    expect(outcome.kind === 'created' && outcome.booking.id).toBe(Number(drawn.id));
  });

  it('looks again at a slot that moved between its look and its booking, and counts the booker\'s limit once', async () => {
    const { slot } = await mentorSlot(t.db, { costs: 0 });
    const mentee = await createUser(t.db);
    const moved = new Date(slot.startsAt.getTime() + 2 * HOUR);
    // a free consultation: the first batch writes nothing (its notice needs a look: that batch's reading), then the
    // mentor moves the slot right after it, before the booking's batch
    const counting = countingBatches(async (n) => {
      if (n === 2) await t.db.update(consultationSlots).set({ startsAt: moved, endsAt: new Date(moved.getTime() + HOUR) }).where(eq(consultationSlots.id, slot.id));
    });
    const key = `bookings:user:${mentee.id}:relook`;
    const outcome = await createBooking(counting.db, { slotId: slot.id, menteeId: mentee.id, questions: '', limits: [{ key, max: 5, windowSeconds: 3600 }] });
    expect(outcome).toMatchObject({ kind: 'created', booking: { status: 'paid' } });
    expect(counting.batches).toBe(3); // at once (nothing: free), booking (nothing: the slot moved), a new look, booking
    const counters = await t.db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(counters).toEqual([{ count: 1 }]);
  });

  it('lets exactly one of 200 simultaneous mentees book a slot; the others get slot_taken', async () => {
    const { slot } = await mentorSlot(t.db);
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 200 }, () => ({ email: uniqueEmail('race') })))
      .returning({ id: users.id, role: users.role });
    const started = performance.now();
    const responses = await Promise.all(people.map((p) => bookSlot(p, slot.id)));
    const elapsed = Math.round(performance.now() - started);
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; detail?: string } })));
    console.log(`200 concurrent bookings of one slot: ${elapsed} ms`);
    expect(bodies.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = bodies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(199);
    // the odd ones out, if any, with what they said
    expect(refused.filter((r) => !(r.status === 409 && r.body.code === 'slot_taken' && r.body.detail === 'Это время уже занято'))).toEqual([]);
    const live = await t.db.select().from(consultationBookings).where(eq(consultationBookings.slotId, slot.id));
    expect(live).toHaveLength(1);
  }, 60_000); // 200 requests through the Worker, one or two round trips each

  it('lets one person keep at most 3 unpaid holds, even when booking 5 slots at once; free and ran-out holds do not count', async () => {
    const mentee = await createUser(t.db);
    const slots = await Promise.all(Array.from({ length: 5 }, () => mentorSlot(t.db, { costs: 1000 })));
    const answers = await Promise.all(slots.map(({ slot }) => bookSlot(mentee, slot.id)));
    const statuses = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } })));
    expect(statuses.filter((a) => a.status === 201)).toHaveLength(3);
    expect(statuses.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(['too_many_holds', 'too_many_holds']);
    // a free consultation needs no payment, so no hold to count
    const { slot: free } = await mentorSlot(t.db, { costs: 0 });
    await expectOk(booking(mentee, free.id), 201);
    // a hold that ran out frees its place
    const held = await t.db.select().from(consultationBookings).where(eq(consultationBookings.menteeId, mentee.id));
    await runOutHold(t.db, held.find((b) => b.status === 'pending_payment')!.id);
    const { slot: next } = await mentorSlot(t.db, { costs: 1000 });
    await expectOk(booking(mentee, next.id), 201);
  });

  it('books one free consultation with a mentor at a time, even asked at once; the next waits for its end (issue 34)', async () => {
    const { mentor, slot: first } = await mentorSlot(t.db, { costs: 0, startsIn: HOUR });
    const free = await Promise.all([3, 5, 7].map(async (h) => (await mentorSlot(t.db, { mentor, costs: 0, startsIn: h * HOUR })).slot));
    const mentee = await createUser(t.db);
    const answers = await Promise.all([first, ...free].map((s) => bookSlot(mentee, s.id)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; detail?: string } })));
    expect(bodies.filter((a) => a.status === 201)).toHaveLength(1);
    expect(bodies.filter((a) => a.status === 409).map((a) => a.body)).toEqual(
      Array(3).fill({
        detail: 'У вас уже есть бесплатная консультация с этим ментором. Следующую бесплатную можно забронировать, когда она закончится.',
        code: 'free_booking_limit',
      }),
    );
    // a paid consultation with the same mentor, and a free one with another mentor, are not limited
    await expectOk(booking(mentee, (await mentorSlot(t.db, { mentor, costs: 1000 })).slot.id), 201);
    await expectOk(booking(mentee, (await mentorSlot(t.db, { costs: 0 })).slot.id), 201);
    // once the booked one has ended, the next free one can be booked
    const [booked] = await t.db.select().from(consultationBookings).where(sql`${consultationBookings.menteeId} = ${mentee.id} and ${consultationBookings.mentorId} = ${mentor.id} and ${consultationBookings.price} = 0`);
    const remaining = [first, ...free].filter((s) => s.id !== booked.slotId);
    expect((await expectError(booking(mentee, remaining[0].id), 409)).code).toBe('free_booking_limit');
    await t.db.update(consultationSlots).set({ startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) }).where(eq(consultationSlots.id, booked.slotId));
    expect((await expectOk(booking(mentee, remaining[0].id), 201)).status).toBe('paid');
  });

  it('refuses a 31st booking attempt within an hour with 429', async () => {
    const mentee = await createUser(t.db);
    for (let i = 0; i < 30; i++) await expectError(booking(mentee, 2_147_000_000), 404);
    expect(await expectError(booking(mentee, 2_147_000_000), 429)).toMatchObject({ code: 'rate_limited' });
  });

  it("refuses the slot's own mentor (403), a past slot (409 slot_past), an archived type and someone else's user_id", async () => {
    const { slot, mentor, type } = await mentorSlot(t.db);
    expect(await expectError(booking(mentor, slot.id), 403)).toEqual({ detail: 'Нельзя записаться на свою консультацию', code: 'forbidden' });
    const mentee = await createUser(t.db);
    const other = await createUser(t.db);
    expect(await expectError(booking(mentee, slot.id, { user_id: other.id }), 403)).toMatchObject({ code: 'forbidden' });
    const { slot: past } = await mentorSlot(t.db, { startsIn: -HOUR });
    expect(await expectError(booking(mentee, past.id), 409)).toEqual({ detail: 'Это время уже прошло', code: 'slot_past' });
    await t.db.update(consultationTypes).set({ archivedAt: new Date() }).where(eq(consultationTypes.id, type.id));
    expect((await expectError(booking(mentee, slot.id), 409)).code).toBe('type_archived');
    expect(await expectError(booking(mentee, 2_147_000_000), 404)).toEqual({ detail: 'Слот не найден', code: 'not_found' });
    expect(await t.db.select().from(consultationBookings).where(eq(consultationBookings.slotId, slot.id))).toHaveLength(0);
  });

  it('checks the body: questions at most 2000 characters, a slot id, signed-in users only', async () => {
    const { slot } = await mentorSlot(t.db);
    const mentee = await createUser(t.db);
    expect((await expectError(booking(mentee, slot.id, { questions: 'в'.repeat(2001) }), 400)).fields).toEqual({
      questions: 'Вопрос не должен превышать 2000 символов',
    });
    // no slot at all, on purpose: the typed client would not send it
    expect((await expectJson(send('POST', '/api/consultation-bookings/create/', { user: asUser(mentee), body: {} }), 400)).fields).toEqual({
      consultation_type_slot: 'Выберите время консультации',
    });
    const visitor = api['consultation-bookings'].create.$post({ json: { consultation_type_slot: slot.id } });
    expect((await expectError(visitor, 401)).code).toBe('not_authenticated');
    await expectOk(booking(mentee, slot.id, { questions: 'в'.repeat(2000) }), 201);
  });

  it('frees a slot whose hold ran out, lazily, and cancels the stale pending payment', async () => {
    const { slot, booking: stale, payment } = await pendingBooking(t.db);
    const second = await createUser(t.db);
    expect((await expectError(booking(second, slot.id), 409)).code).toBe('slot_taken');
    await runOutHold(t.db, stale.id);
    const fresh = await book(second, slot.id);
    expect((await bookingRow(t.db, stale.id)).status).toBe('expired');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('canceled');
    expect((await bookingRow(t.db, fresh.id)).status).toBe('pending_payment');
  });

  it('frees a slot whose hold ran out through the scheduler job, then a new booking succeeds', async () => {
    const { slot, booking: stale, payment } = await pendingBooking(t.db);
    const second = await createUser(t.db);
    await runOutHold(t.db, stale.id);
    await expireBookingHolds(t.db);
    expect((await bookingRow(t.db, stale.id)).status).toBe('expired');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('canceled');
    // a second run finds nothing more to do for it
    await expireBookingHolds(t.db);
    expect((await bookingRow(t.db, stale.id)).status).toBe('expired');
    await book(second, slot.id);
  });
});

describe('forma_book_slot (migration 0025): the booking rule in the database', () => {
  type Call = { slotId: number; menteeId: number; free?: boolean; paidOnly?: boolean; withinLimits?: boolean; seenStartsAt?: string };
  /** calls the function as the booking batches do, with a fresh booking id; the slot as the function answers */
  async function call(c: Call) {
    const seen = c.seenStartsAt ? (await peekSlotForBooking(t.db, c.slotId, c.menteeId)).slot! : null;
    const drawn = await t.db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('consultation_bookings', 'id'))::int as id`);
    const { rows } = await t.db.execute<{ id: number; taken: boolean; costs: number; open_holds: number }>(sql`
      select * from forma_book_slot(${drawn.rows[0].id}::int, ${c.slotId}::int, ${c.menteeId}::int, 'Вопрос'::text, ${c.free ?? false}::boolean, 15, 3,
        ${c.paidOnly ?? true}::boolean, ${c.withinLimits ?? true}::boolean,
        ${seen?.mentorId ?? null}::int, ${seen?.typeId ?? null}::int, ${seen?.costs ?? null}::int, ${c.seenStartsAt ?? null}::timestamptz)`);
    return rows[0];
  }
  const written = (slotId: number) => t.db.select().from(consultationBookings).where(eq(consultationBookings.slotId, slotId));

  it('writes a hold only on a bookable slot, within the limits, and answers the slot as it then stands', async () => {
    const { slot } = await mentorSlot(t.db, { costs: 1500 });
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    expect(await call({ slotId: slot.id, menteeId: first.id, withinLimits: false })).toMatchObject({ taken: false, open_holds: 0 });
    expect(await written(slot.id)).toEqual([]);
    expect(await call({ slotId: slot.id, menteeId: first.id })).toMatchObject({ taken: true, open_holds: 1 });
    expect((await written(slot.id)).map((b) => [b.menteeId, b.status, b.price])).toEqual([[first.id, 'pending_payment', 1500]]);
    // taken now: a second booker writes nothing and hears so
    expect(await call({ slotId: slot.id, menteeId: second.id })).toMatchObject({ taken: true, open_holds: 0 });
    expect(await written(slot.id)).toHaveLength(1);
  });

  it('keeps a free slot from the paid path, and a slot that moved from the look that saw it', async () => {
    const { slot } = await mentorSlot(t.db, { costs: 0 });
    const mentee = await createUser(t.db);
    expect(await call({ slotId: slot.id, menteeId: mentee.id })).toMatchObject({ taken: false, costs: 0 });
    const seenStartsAt = (await peekSlotForBooking(t.db, slot.id, mentee.id)).slot!.startsAt;
    await t.db.update(consultationSlots).set({ startsAt: new Date(slot.startsAt.getTime() + HOUR), endsAt: new Date(slot.endsAt.getTime() + HOUR) }).where(eq(consultationSlots.id, slot.id));
    expect(await call({ slotId: slot.id, menteeId: mentee.id, free: true, paidOnly: false, seenStartsAt })).toMatchObject({ taken: false });
    expect(await written(slot.id)).toEqual([]);
    const now = (await peekSlotForBooking(t.db, slot.id, mentee.id)).slot!.startsAt;
    expect(await call({ slotId: slot.id, menteeId: mentee.id, free: true, paidOnly: false, seenStartsAt: now })).toMatchObject({ taken: true });
    expect((await written(slot.id)).map((b) => [b.status, b.holdExpiresAt])).toEqual([['paid', null]]);
  });
});

describe('reading bookings', () => {
  it('shows the booking to its booker and its mentor only (404 for others)', async () => {
    const { booking: paid, mentor, mentee, slot, payment } = await paidBooking(t.db, { costs: 1500 });
    const detail = await expectOk(detailOf(mentee, paid.id), 200);
    // the spec sends ?user_id=, which the route does not declare (the cookie says who asks): the same answer
    expect(await expectJson(send('GET', `/api/consultation-bookings/${paid.id}/detail/?user_id=${mentee.id}`, { user: asUser(mentee) }), 200)).toEqual(detail);
    expectMatch(detail, {
      id: paid.id,
      status: 'paid',
      price: 1500,
      hold_expires_at: null,
      question: 'Как пройти собеседование?',
      booked_by: { id: mentee.id },
      has_dispute: false,
      conference_status: null,
      payment: { id: payment.paymentId, status: 'succeeded' },
      // an ordinary payment held in our own escrow (decision 020): no safe deal
      deal_id: null,
      slot: {
        id: slot.id,
        start_time: slot.startsAt.toISOString(),
        duration: 60,
        consultation_type: { name: 'Разбор резюме', cost: 1500, user: { id: mentor.id, mentor_name: mentor.firstName } },
      },
    });
    expect(detail.consultation_type_slot.consultation_type.user.id).toBe(mentor.id);
    expect((await expectOk(detailOf(mentor, paid.id), 200)).payment_receipts).toBeNull();
    const stranger = await createUser(t.db);
    expect(await expectError(detailOf(stranger, paid.id), 404)).toEqual({
      detail: 'Бронирование не найдено',
      code: 'not_found',
    });
    const mine = await expectOk(bookingsOf(mentor).my.$get(), 200);
    expect(mine.find((b) => b.id === paid.id)?.role).toBe('mentor');
    const theirs = await expectOk(bookingsOf(mentee).my.$get(), 200);
    expect(theirs.map((b) => [b.id, b.role])).toEqual([[paid.id, 'booker']]);
  });

  it('has no payment before the deal starts', async () => {
    const { slot } = await mentorSlot(t.db);
    const mentee = await createUser(t.db);
    const b = await book(mentee, slot.id);
    const detail = await expectOk(detailOf(mentee, b.id), 200);
    expect(detail.payment).toBeNull();
    expect(detail.payment_receipts).toBeNull();
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, b.id))).toHaveLength(0);
  });

  it("lists the payment's fiscal receipts to its buyer as /loads does (decision 020), not to the mentor", async () => {
    const { booking: paid, mentor, mentee, payment } = await paidBooking(t.db, { costs: 1500 });
    // the receipts are set here, whatever the payment path wrote
    await t.db.delete(fiscalReceipts).where(eq(fiscalReceipts.paymentId, payment.paymentId));
    const at = (minute: number) => new Date(Date.UTC(2030, 2, 1, 7, minute));
    const items = [{ description: 'Консультация', quantity: '1.00', amount: { value: '1500.00', currency: 'RUB' } }];
    await t.db.insert(fiscalReceipts).values([
      { kind: 'settlement', paymentId: payment.paymentId, amountKopecks: 150_000, items, status: 'not_sent', createdAt: at(30) },
      { kind: 'payment', paymentId: payment.paymentId, amountKopecks: 150_000, items, status: 'succeeded', fiscalStorageNumber: '9960440300012345', fiscalDocumentNumber: '4021', fiscalAttribute: '2716375041', registeredAt: at(1), createdAt: at(0) },
    ]);
    expect((await expectOk(detailOf(mentee, paid.id), 200)).payment_receipts).toEqual({
      receipt_url: `/api/downloads/receipts/${payment.paymentId}/`,
      fiscal_receipts: [
        { kind: 'payment', status: 'succeeded', amount: 1500, registered_at: at(1).toISOString(), fiscal: { fn: '9960440300012345', fd: '4021', fp: '2716375041' } },
        { kind: 'settlement', status: 'not_sent', amount: 1500, registered_at: null, fiscal: null },
      ],
    });
    // the payer's receipts are not the mentor's to read
    expect((await expectOk(detailOf(mentor, paid.id), 200)).payment_receipts).toBeNull();
  });
});

