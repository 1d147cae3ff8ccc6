// Booking rules a mentor sets per consultation type (issue 38 §2, decision 022): minimum notice, horizon, buffers and a
// daily limit hold in the database for every booking (a stale screen gets the rule named in Russian), the slot picker
// offers only what they allow, two mentees on the last place of a day get exactly one booking, and the mentee can't
// cancel past the cut-off kept on the booking.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { book, bookSlot, DAY, HOUR, mentorSlot, providerPays, shiftSlot, startPayment, type User } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

type Rules = Partial<Pick<typeof consultationTypes.$inferInsert, 'minNoticeHours' | 'horizonDays' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'dailyLimit' | 'cancelCutoffHours'>>;

const setRules = (typeId: number, rules: Rules) => t.db.update(consultationTypes).set(rules).where(eq(consultationTypes.id, typeId));

/** another slot of the type, starting `at` (a Date) for `minutes` */
async function slotAt(mentorId: number, typeId: number, at: Date, minutes = 60) {
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId, consultationTypeId: typeId, startsAt: at, endsAt: new Date(at.getTime() + minutes * 60_000) })
    .returning();
  return slot;
}

async function refusal(user: User, slotId: number) {
  return expectJson<{ code: string; detail: string }>(bookSlot(user, slotId), 409);
}

/** the ids the slot picker offers for the type over the next `days` days */
async function offered(typeId: number, days = 300) {
  const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
  const query = new URLSearchParams({ consultation_type_id: String(typeId), start_date: day(-DAY), end_date: day(days * DAY), time_zone: 'UTC' });
  const rows = await expectJson<{ id: number }[]>(send('GET', `/api/consultation-type-slots/available/?${query}`), 200);
  return rows.map((r) => r.id);
}

/** a whole hour `days` days ahead, so slots built from it don't straddle a daylight-saving change or a second */
const hourAhead = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR);

describe('minimum notice and horizon', () => {
  it('refuses a slot sooner than the notice or past the horizon, names the rule, and the picker leaves both out', async () => {
    const { mentor, type, slot: inTenDays } = await mentorSlot(t.db, { costs: 1500 });
    const soon = await slotAt(mentor.id, type.id, new Date(Date.now() + 6 * HOUR));
    const later = await slotAt(mentor.id, type.id, new Date(Date.now() + 13 * HOUR));
    const far = await slotAt(mentor.id, type.id, hourAhead(40));
    const mentee = await createUser(t.db);
    // before the rules, every slot is offered (types made before them change nothing)
    expect(await offered(type.id)).toEqual([soon.id, later.id, inTenDays.id, far.id]);
    await setRules(type.id, { minNoticeHours: 12, horizonDays: 30 });
    expect(await offered(type.id)).toEqual([later.id, inTenDays.id]);
    expect(await refusal(mentee, soon.id)).toEqual({ code: 'booking_notice', detail: 'Запись возможна не позднее чем за 12 ч до начала' });
    expect(await refusal(mentee, far.id)).toEqual({ code: 'booking_horizon', detail: 'Запись открыта не больше чем на 30 дн. вперёд' });
    expect(await t.db.select().from(consultationBookings).where(eq(consultationBookings.menteeId, mentee.id))).toEqual([]);
    await expectJson(bookSlot(mentee, later.id), 201);
  });

  it('holds for a free consultation and for a package’s booking too (the database refuses, whoever inserts)', async () => {
    const { mentor, type } = await mentorSlot(t.db, { costs: 0 });
    await setRules(type.id, { minNoticeHours: 24 });
    const soon = await slotAt(mentor.id, type.id, new Date(Date.now() + 3 * HOUR));
    expect((await refusal(await createUser(t.db), soon.id)).code).toBe('booking_notice');
    const mentee = await createUser(t.db);
    await expect(
      t.db.insert(consultationBookings).values({ slotId: soon.id, menteeId: mentee.id, mentorId: mentor.id, consultationTypeId: type.id, status: 'paid', price: 0 }),
    ).rejects.toMatchObject({ cause: { code: '23514', constraint: 'consultation_bookings_notice' } });
  });
});

describe('buffers', () => {
  it('offers and books no slot within the buffer of another booked session of the mentor, of any type, either side', async () => {
    const { mentor, type } = await mentorSlot(t.db, { costs: 1500 });
    const base = hourAhead(5);
    const booked = await slotAt(mentor.id, type.id, base);
    // the mentor's other type, without buffers of its own
    const [other] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Знакомство', durationMinutes: 30, costs: 0 }).returning();
    const right = await slotAt(mentor.id, type.id, new Date(base.getTime() + 75 * 60_000), 15); // 15 min after the end
    const clear = await slotAt(mentor.id, type.id, new Date(base.getTime() + 90 * 60_000)); // 30 min after the end
    const otherBefore = await slotAt(mentor.id, other.id, new Date(base.getTime() - 50 * 60_000), 30); // ends 20 min before
    await setRules(type.id, { bufferBeforeMinutes: 30, bufferAfterMinutes: 30 });
    const first = await createUser(t.db);
    await expectJson(bookSlot(first, booked.id), 201);
    expect(await offered(type.id)).not.toContain(right.id);
    expect(await offered(type.id)).toContain(clear.id);
    // the booked session's «before» keeps the other type's slot away too, although that type has no buffers
    expect(await offered(other.id)).not.toContain(otherBefore.id);
    const second = await createUser(t.db);
    expect(await refusal(second, right.id)).toEqual({
      code: 'booking_buffer',
      detail: 'Это время слишком близко к другой консультации наставника: он оставляет перерыв между встречами',
    });
    expect((await refusal(second, otherBefore.id)).code).toBe('booking_buffer');
    await expectJson(bookSlot(second, clear.id), 201);
  });

  it('frees the buffer again when the booking that made it is cancelled', async () => {
    const { mentor, type, slot } = await mentorSlot(t.db, { costs: 1500 });
    await setRules(type.id, { bufferAfterMinutes: 60 });
    const next = await slotAt(mentor.id, type.id, new Date(slot.endsAt.getTime() + 30 * 60_000));
    const mentee = await createUser(t.db);
    const held = await expectJson<{ id: number }>(bookSlot(mentee, slot.id), 201);
    expect((await refusal(await createUser(t.db), next.id)).code).toBe('booking_buffer');
    await expectJson(send('POST', `/api/consultation-bookings/${held.id}/cancel/`, { user: asUser(mentee), body: {} }), 200);
    expect(await offered(type.id)).toContain(next.id);
  });
});

describe('daily limit', () => {
  it('counts the mentor’s bookings of all types on the day in the mentor’s zone; the picker leaves the day’s other slots out', async () => {
    const { mentor, type, slot: inTenDays } = await mentorSlot(t.db, { costs: 1500 });
    await t.db.update(users).set({ timeZone: 'Asia/Vladivostok' }).where(eq(users.id, mentor.id)); // UTC+10, no DST
    // local midnight of a day 6 days ahead, in Vladivostok
    const localMidnight = new Date(Date.UTC(new Date(Date.now() + 6 * DAY).getUTCFullYear(), new Date(Date.now() + 6 * DAY).getUTCMonth(), new Date(Date.now() + 6 * DAY).getUTCDate()) - 10 * HOUR);
    const nine = await slotAt(mentor.id, type.id, new Date(localMidnight.getTime() + 9 * HOUR));
    const eleven = await slotAt(mentor.id, type.id, new Date(localMidnight.getTime() + 11 * HOUR));
    const lateBefore = await slotAt(mentor.id, type.id, new Date(localMidnight.getTime() - HOUR)); // 23:00 the day before
    const [other] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Знакомство', durationMinutes: 30, costs: 0 }).returning();
    const otherSlot = await slotAt(mentor.id, other.id, new Date(localMidnight.getTime() + 15 * HOUR), 30);
    await setRules(type.id, { dailyLimit: 2 });
    await expectJson(bookSlot(await createUser(t.db), otherSlot.id), 201); // the other type's booking counts
    await expectJson(bookSlot(await createUser(t.db), nine.id), 201);
    expect(await offered(type.id)).toEqual([lateBefore.id, inTenDays.id]);
    expect(await refusal(await createUser(t.db), eleven.id)).toEqual({ code: 'booking_daily_limit', detail: 'У наставника на этот день больше нет мест' });
    await expectJson(bookSlot(await createUser(t.db), lateBefore.id), 201);
  });

  it('gives the last place of a day to exactly one of many mentees booking different slots at once', async () => {
    const { mentor, type } = await mentorSlot(t.db, { costs: 1500 });
    await t.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, mentor.id));
    const day = new Date(Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY); // a UTC midnight
    const slots = await Promise.all([8, 10, 12, 14, 16, 18].map((h) => slotAt(mentor.id, type.id, new Date(day.getTime() + h * HOUR))));
    await setRules(type.id, { dailyLimit: 1 });
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 30 }, () => ({ email: uniqueEmail('limit') })))
      .returning({ id: users.id, role: users.role });
    const answers = await Promise.all(people.map((p, i) => bookSlot(p, slots[i % slots.length].id)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } })));
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
    const refused = bodies.filter((b) => b.status !== 201);
    expect(refused.filter((b) => !(b.status === 409 && ['booking_daily_limit', 'slot_taken'].includes(b.body.code!)))).toEqual([]);
    expect(refused.some((b) => b.body.code === 'booking_daily_limit')).toBe(true);
    const live = await t.db.select().from(consultationBookings).where(eq(consultationBookings.mentorId, mentor.id));
    expect(live).toHaveLength(1);
  }, 60_000);
});

describe('the cancellation cut-off', () => {
  const cancel = (user: User, bookingId: number) => send('POST', `/api/consultation-bookings/${bookingId}/cancel/`, { user: asUser(user), body: {} });
  const quote = (user: User, bookingId: number) => send('GET', `/api/consultation-bookings/${bookingId}/cancel-quote/`, { user: asUser(user) });

  /** a paid booking of a type with a 24-hour cut-off, the slot 10 days ahead */
  async function paidWithCutoff() {
    const { mentor, type, slot } = await mentorSlot(t.db, { costs: 2000 });
    await setRules(type.id, { cancelCutoffHours: 24 });
    const mentee = await createUser(t.db);
    const booking = { ...(await book(mentee, slot.id)), slotId: slot.id };
    await providerPays(t.db, await startPayment(t.db, { bookingId: booking.id }, mentee.id, mentor.id, booking.price * 100));
    return { mentor, type, mentee, booking };
  }

  it('keeps the type’s cut-off on the booking; past it the mentee can’t cancel (nor get a quote), the mentor still can', async () => {
    const { mentor, type, mentee, booking } = await paidWithCutoff();
    expect((await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id)))[0].cancelCutoffHours).toBe(24);
    // a later edit of the type changes no booking made
    await setRules(type.id, { cancelCutoffHours: 0 });
    await shiftSlot(t.db, booking.slotId, 20 * HOUR);
    const refused = { code: 'cancel_cutoff_passed', detail: 'Отменить запись можно не позднее чем за 24 ч до начала' };
    expect(await expectJson(quote(mentee, booking.id), 409)).toEqual(refused);
    expect(await expectJson(cancel(mentee, booking.id), 409)).toEqual(refused);
    const detail = await expectJson<{ cancel_cutoff_hours: number }>(send('GET', `/api/consultation-bookings/${booking.id}/detail/`, { user: asUser(mentee) }), 200);
    expect(detail.cancel_cutoff_hours).toBe(24);
    await expectJson(cancel(mentor, booking.id), 200);
  });

  it('before the cut-off the refund follows the cancellation policy as before', async () => {
    const { mentee, booking } = await paidWithCutoff();
    await shiftSlot(t.db, booking.slotId, 30 * HOUR);
    // booked just now: within 24 hours of booking, a full refund
    const answer = await expectJson<{ refund: string }>(cancel(mentee, booking.id), 200);
    expect(answer.refund).toBe('full');
  });

  it('the quote’s free cancellation ends at the cut-off when the policy’s 24 hours after booking reach past it', async () => {
    const { mentee, booking } = await paidWithCutoff();
    await shiftSlot(t.db, booking.slotId, 30 * HOUR); // booked now: the policy alone would say «free until 6 h before»
    const [slot] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, booking.slotId));
    const q = await expectJson<{ refund: string; free_until: string; message: string }>(quote(mentee, booking.id), 200);
    expect(q.refund).toBe('full');
    expect(Date.parse(q.free_until)).toBe(slot.startsAt.getTime() - 24 * HOUR);
    expect(q.message).toMatch(/^Вернём всю сумму: 2\s000\s₽\. Бесплатная отмена действует до .+, позже отменить запись нельзя\.$/);
  });
});
