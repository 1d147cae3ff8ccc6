// The slot picker for a booking being moved (issue 38 §1, decisions 022 and 024): with `moving_booking` its mentee sees
// the slots that only that booking's own buffer or its place in the day's limit kept out, as the move itself will be
// judged without it; anyone else naming the booking sees exactly what everyone sees.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { DAY, HOUR, paidBooking, type User } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

async function slotAt(mentorId: number, typeId: number, at: Date) {
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId, consultationTypeId: typeId, startsAt: at, endsAt: new Date(at.getTime() + HOUR) })
    .returning();
  return slot;
}

/** the ids the picker offers for the type over the next 20 days, to `user` (a visitor without one) */
async function offered(typeId: number, user?: User, movingBooking?: number) {
  const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
  const query = new URLSearchParams({ consultation_type_id: String(typeId), start_date: day(-DAY), end_date: day(20 * DAY), time_zone: 'UTC' });
  if (movingBooking !== undefined) query.set('moving_booking', String(movingBooking));
  const res = await send('GET', `/api/consultation-type-slots/available/?${query}`, { user: user && asUser(user) });
  return (await expectJson<{ id: number }[]>(res, 200)).map((r) => r.id);
}

/** a paid booking at 08:00 UTC six days ahead, of a mentor in UTC, with a slot 90 minutes later and one 4 hours later */
async function bookedDay() {
  const fixture = await paidBooking(t.db, { startsIn: 2 * DAY });
  const ahead = new Date(Date.now() + 6 * DAY);
  const eight = new Date(Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth(), ahead.getUTCDate(), 8));
  await t.db.update(consultationSlots).set({ startsAt: eight, endsAt: new Date(eight.getTime() + HOUR) }).where(eq(consultationSlots.id, fixture.slot.id));
  await t.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, fixture.mentor.id));
  const near = await slotAt(fixture.mentor.id, fixture.type.id, new Date(eight.getTime() + 90 * 60_000)); // 30 min after its end
  const later = await slotAt(fixture.mentor.id, fixture.type.id, new Date(eight.getTime() + 4 * HOUR));
  return { ...fixture, near, later };
}

const setRules = (typeId: number, rules: Partial<typeof consultationTypes.$inferInsert>) =>
  t.db.update(consultationTypes).set(rules).where(eq(consultationTypes.id, typeId));

describe('moving_booking on the free slots', () => {
  it('shows the mentee moving a booking the slot within its own buffer; nobody else, and not without the parameter', async () => {
    const { booking, mentee, type, near, later } = await bookedDay();
    await setRules(type.id, { bufferAfterMinutes: 60 });
    const stranger = await createUser(t.db);
    expect(await offered(type.id, mentee)).toEqual([later.id]);
    expect(await offered(type.id, mentee, booking.id)).toEqual([near.id, later.id]);
    expect(await offered(type.id, stranger, booking.id)).toEqual([later.id]);
    expect(await offered(type.id, undefined, booking.id)).toEqual([later.id]);
    // the mentee's own answer is never stored for others
    const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
    const query = new URLSearchParams({ consultation_type_id: String(type.id), start_date: day(0), end_date: day(10 * DAY), moving_booking: String(booking.id) });
    const res = await send('GET', `/api/consultation-type-slots/available/?${query}`, { user: asUser(mentee) });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('shows the mentee the day’s other slots under a limit of one a day that their own booking fills', async () => {
    const { booking, mentee, mentor, type, near, later } = await bookedDay();
    await setRules(type.id, { dailyLimit: 1 });
    expect(await offered(type.id, mentee)).toEqual([]);
    expect(await offered(type.id, mentee, booking.id)).toEqual([near.id, later.id]);
    // the mentor of the booking is not its mentee: nothing extra
    expect(await offered(type.id, mentor, booking.id)).toEqual([]);
    expect(await offered(type.id, await createUser(t.db), booking.id)).toEqual([]);
    // an unknown booking is ignored, not refused
    expect(await offered(type.id, mentee, 2_000_000_000)).toEqual([]);
  });
});
