// Attendance moves money (decision 012, «Attendance and money»): a mentor who never came to a paid
// consultation the mentee came to is a no-show 15 minutes after the start (full refund, both told, counted
// once); presence is around the start: the mentee's stay of 10 s or more from start − 5 min, the mentor's minute with
// the mentee, 10 minutes' wait after the start or a stay still open (issue 34); the mentor's cancellations of paid
// consultations and of events with paid participants are counted; both counts are on the mentor's public profile.
// Attendance rows are written here directly, as the meeting's Durable Object writes them (server timestamps).
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conferenceAttendance, conferences, conferenceWaits } from '../../drizzle/schema/conferences.ts';
import { consultationSlots } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, type events } from '../../drizzle/schema/events.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { users } from '../../drizzle/schema/users.ts';
import { runMinuteJobs } from '../../worker/maintenance/minute-jobs.ts';
import { cancelMentorNoShows } from '../../worker/maintenance/no-show.ts';
import { createEvent, createUser } from '../factories.ts';
import {
  addPayoutCard,
  bookingRow,
  books,
  DAY,
  HOUR,
  paidBooking,
  paymentRow,
  providerCtx,
  providerPays,
  shiftSlot,
  startPayment,
  type User,
} from './escrow-fixtures.ts';
import { testDb, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();
const MIN = 60_000;
const SEC = 1000;

/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: User) => apiAs(user && asUser(user), { trailingSlash: true });

type Paid = Awaited<ReturnType<typeof paidBooking>>;

/** A paid consultation (1 500 ₽, booked days ago) that started `agoMs` ago, with its room opened by the mentor. */
async function startedConsultation(agoMs: number) {
  const fixture = await paidBooking(t.db, { startsIn: 5 * DAY });
  await shiftSlot(t.db, fixture.slot.id, -agoMs);
  const [slot] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, fixture.slot.id));
  const [room] = await t.db
    .insert(conferences)
    .values({ contentType: 'consultationbooking', objectId: fixture.booking.id, login: `room-${fixture.booking.id}`, password: 'secret', createdBy: fixture.mentor.id })
    .returning();
  return { ...fixture, start: slot.startsAt, roomId: room.id };
}

/** A stay in the room from start + `fromMs`, lasting `forMs` (or still connected when omitted). */
async function stay(c: { start: Date; roomId: number }, who: User, fromMs: number, forMs?: number) {
  const joinedAt = new Date(c.start.getTime() + fromMs);
  await t.db.insert(conferenceAttendance).values({ conferenceId: c.roomId, userId: who.id, joinedAt, leftAt: forMs === undefined ? null : new Date(joinedAt.getTime() + forMs) });
}

async function counts(userId: number) {
  const [row] = await t.db.select({ noShows: users.mentorNoShowCount, cancellations: users.mentorCancellationCount }).from(users).where(eq(users.id, userId));
  return row;
}

const messagesOf = async (userId: number) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
    .filter((n) => n.kind === 'booking_no_show')
    // Intl groups thousands with a narrow no-break space
    .map((n) => n.message.replace(/\s/g, ' '));

async function expectUntouched(c: Paid) {
  expect((await bookingRow(t.db, c.booking.id)).status).toBe('paid');
  expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('succeeded');
  expect(await counts(c.mentor.id)).toEqual({ noShows: 0, cancellations: 0 });
  expect(await messagesOf(c.mentee.id)).toEqual([]);
}

describe('the mentor no-show', () => {
  it('15 minutes after the start, with the mentee there and the mentor never: a full refund, both told, counted once', async () => {
    const c = await startedConsultation(16 * MIN);
    const early = await startedConsultation(10 * MIN);
    await stay(c, c.mentee, -2 * MIN);
    await stay(early, early.mentee, -2 * MIN);

    const report = await runMinuteJobs(providerCtx(t.db), new Date());
    expect(report.noShows).toMatchObject({ noShows: expect.any(Number) });

    const booking = await bookingRow(t.db, c.booking.id);
    expect(booking).toMatchObject({ status: 'canceled', canceledBy: c.mentor.id });
    expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('refunded');
    const { ledger, refund, payout } = await books(t.db, c.payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, refund: 150_000 });
    expect(refund).toMatchObject({ amountKopecks: 150_000, status: 'succeeded', reason: 'Ментор не пришёл на консультацию.' });
    expect(payout).toBeNull();
    expect(await messagesOf(c.mentee.id)).toEqual(['Наставник не пришёл на консультацию «Разбор резюме». Мы вернём вам 1 500 ₽ полностью.']);
    expect(await messagesOf(c.mentor.id)).toEqual(['Вы не пришли на консультацию «Разбор резюме»: запись отменена, деньги возвращены ученику.']);
    expect(await counts(c.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });

    // ten minutes in, the mentor may still come
    await expectUntouched(early);

    await runMinuteJobs(providerCtx(t.db), new Date());
    expect(await counts(c.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });
    expect((await books(t.db, c.payment.paymentId)).entries).toHaveLength(2);
    expect(await messagesOf(c.mentee.id)).toHaveLength(1);
  });

  it('counts a mentee who waited from the start for a room the mentor never opened; waiting only before the start does not', async () => {
    const waited = await paidBooking(t.db, { startsIn: 10 * MIN });
    const left = await paidBooking(t.db, { startsIn: 10 * MIN });
    // the join page polls while the room is not open: each poll is remembered
    for (const c of [waited, left]) {
      const answer = await expectError(as(c.mentee).conferences.get.$get({ query: { content_type: 'consultationbooking', object_id: String(c.booking.id) } }), 404);
      expect(answer.code).toBe('conference_not_started');
    }
    const waits = await t.db.select().from(conferenceWaits).where(inArray(conferenceWaits.objectId, [waited.booking.id, left.booking.id]));
    expect(waits.map((w) => w.userId).sort()).toEqual([waited.mentee.id, left.mentee.id].sort());
    // 16 minutes later: one kept polling from before the start until after it, the other gave up before it
    for (const c of [waited, left]) await shiftSlot(t.db, c.slot.id, -16 * MIN);
    const [slot] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, waited.slot.id));
    const at = (offsetMs: number) => new Date(slot.startsAt.getTime() + offsetMs);
    await t.db.update(conferenceWaits).set({ firstSeenAt: at(-3 * MIN), lastSeenAt: at(2 * MIN) }).where(eq(conferenceWaits.objectId, waited.booking.id));
    await t.db.update(conferenceWaits).set({ firstSeenAt: at(-8 * MIN), lastSeenAt: at(-5 * MIN) }).where(eq(conferenceWaits.objectId, left.booking.id));

    await cancelMentorNoShows(providerCtx(t.db));
    expect(await bookingRow(t.db, waited.booking.id)).toMatchObject({ status: 'canceled', canceledBy: waited.mentor.id });
    expect((await paymentRow(t.db, waited.payment.paymentId)).status).toBe('refunded');
    expect(await counts(waited.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });
    await expectUntouched(left);
  });

  it('closes stays a stopped room left open: at the end of an ended room, at the window of a room nobody ended; live ones stay', async () => {
    const ended = await startedConsultation(30 * MIN);
    const forgotten = await startedConsultation(5 * HOUR);
    const live = await startedConsultation(5 * MIN);
    for (const c of [ended, forgotten, live]) await stay(c, c.mentor, -MIN);
    const endedAt = new Date(ended.start.getTime() + 20 * MIN);
    await t.db.update(conferences).set({ status: 'ended', endedAt }).where(eq(conferences.id, ended.roomId));

    await runMinuteJobs(providerCtx(t.db), new Date());
    const leftAt = async (c: { roomId: number }) =>
      (await t.db.select().from(conferenceAttendance).where(eq(conferenceAttendance.conferenceId, c.roomId)))[0].leftAt;
    expect(await leftAt(ended)).toEqual(endedAt);
    // a one-hour consultation: its window closed 120 minutes after its end
    expect(await leftAt(forgotten)).toEqual(new Date(forgotten.start.getTime() + HOUR + 120 * MIN));
    expect(await leftAt(live)).toBeNull();
  });

  it('two overlapping runs process a booking once', async () => {
    const c = await startedConsultation(20 * MIN);
    await stay(c, c.mentee, 0, 20 * SEC);
    const first = testDb();
    const second = testDb();
    try {
      await Promise.all([cancelMentorNoShows(providerCtx(first.db)), cancelMentorNoShows(providerCtx(second.db)), cancelMentorNoShows(providerCtx(t.db))]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    expect((await bookingRow(t.db, c.booking.id)).status).toBe('canceled');
    const { ledger } = await books(t.db, c.payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, refund: 150_000 });
    expect(await counts(c.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });
    expect(await messagesOf(c.mentee.id)).toHaveLength(1);
    expect(await messagesOf(c.mentor.id)).toHaveLength(1);
  });

  it('the mentor joining at minute 14 prevents it', async () => {
    const c = await startedConsultation(30 * MIN);
    await stay(c, c.mentee, -1 * MIN);
    await stay(c, c.mentor, 14 * MIN, 10 * MIN);
    await cancelMentorNoShows(providerCtx(t.db));
    await expectUntouched(c);
  });

  it('a mentor who only looked into the room before the start, while the mentee was not there, is a no-show (issue 34)', async () => {
    // 10 s half an hour early; 10 s just before the start; a quarter of an hour alone before it
    const early = await startedConsultation(20 * MIN);
    await stay(early, early.mentor, -30 * MIN, 10 * SEC);
    const justBefore = await startedConsultation(20 * MIN);
    await stay(justBefore, justBefore.mentor, -4 * MIN, 10 * SEC);
    const waitedBefore = await startedConsultation(20 * MIN);
    await stay(waitedBefore, waitedBefore.mentor, -25 * MIN, 25 * MIN - SEC);
    for (const c of [early, justBefore, waitedBefore]) await stay(c, c.mentee, 0);
    await cancelMentorNoShows(providerCtx(t.db));
    for (const c of [early, justBefore, waitedBefore]) {
      expect((await bookingRow(t.db, c.booking.id)).status).toBe('canceled');
      expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('refunded');
      expect(await counts(c.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });
    }
  });

  it('the mentor counts after a minute with the mentee, 10 minutes waiting after the start, or still connected; 30 s together does not', async () => {
    const met = await startedConsultation(20 * MIN);
    await stay(met, met.mentor, -3 * MIN, 4 * MIN);
    await stay(met, met.mentee, -1 * MIN, 2 * MIN);
    const waited = await startedConsultation(20 * MIN);
    await stay(waited, waited.mentor, 0, 11 * MIN);
    await stay(waited, waited.mentee, 12 * MIN);
    const connected = await startedConsultation(20 * MIN);
    await stay(connected, connected.mentee, 0);
    await stay(connected, connected.mentor, 14 * MIN + 58 * SEC);
    const brief = await startedConsultation(20 * MIN);
    await stay(brief, brief.mentee, 0);
    await stay(brief, brief.mentor, 2 * MIN, 30 * SEC);
    await cancelMentorNoShows(providerCtx(t.db));
    for (const c of [met, waited, connected]) await expectUntouched(c);
    expect((await bookingRow(t.db, brief.booking.id)).status).toBe('canceled');
    expect(await counts(brief.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });
  });

  it('a 5-second stay of the mentor does not count, nor one that ended more than 5 minutes before the start', async () => {
    const brief = await startedConsultation(20 * MIN);
    await stay(brief, brief.mentee, -3 * MIN);
    await stay(brief, brief.mentor, 1 * MIN, 5 * SEC);
    const tooEarly = await startedConsultation(20 * MIN);
    await stay(tooEarly, tooEarly.mentee, 0);
    await stay(tooEarly, tooEarly.mentor, -45 * MIN, 10 * MIN);
    await cancelMentorNoShows(providerCtx(t.db));
    for (const c of [brief, tooEarly]) {
      expect((await bookingRow(t.db, c.booking.id)).status).toBe('canceled');
      expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('refunded');
      expect(await counts(c.mentor.id)).toEqual({ noShows: 1, cancellations: 0 });
    }
  });

  it('a mentee who never came, or came only for seconds or after minute 15: nothing happens automatically', async () => {
    const nobody = await startedConsultation(40 * MIN);
    const blink = await startedConsultation(40 * MIN);
    await stay(blink, blink.mentee, 2 * MIN, 5 * SEC);
    const late = await startedConsultation(40 * MIN);
    await stay(late, late.mentee, 16 * MIN, 5 * MIN);
    await cancelMentorNoShows(providerCtx(t.db));
    for (const c of [nobody, blink, late]) await expectUntouched(c);
  });

  it('both present: nothing, and the payout still waits for the dispute window', async () => {
    const c = await startedConsultation(30 * MIN);
    await addPayoutCard(t.db, c.mentor.id);
    await stay(c, c.mentee, -1 * MIN, 40 * MIN);
    await stay(c, c.mentor, 2 * MIN, 40 * MIN);
    await runMinuteJobs(providerCtx(t.db), new Date());
    await expectUntouched(c);
    // ended 47 hours ago: still held
    await shiftSlot(t.db, c.slot.id, -48 * HOUR);
    await runMinuteJobs(providerCtx(t.db), new Date());
    expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('succeeded');
    await shiftSlot(t.db, c.slot.id, -50 * HOUR);
    await runMinuteJobs(providerCtx(t.db), new Date());
    expect((await bookingRow(t.db, c.booking.id)).status).toBe('finished');
    expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('released');
    expect(await counts(c.mentor.id)).toEqual({ noShows: 0, cancellations: 0 });
  });

  it('an open dispute leaves the decision to the admin', async () => {
    const c = await startedConsultation(20 * MIN);
    await stay(c, c.mentee, 0);
    await expectOk(as(c.mentee).disputes.complaints.$post({ json: { booking_id: c.booking.id, source: 'buyer', text: 'Ментор не пришёл' } }), 201);
    await cancelMentorNoShows(providerCtx(t.db));
    expect((await bookingRow(t.db, c.booking.id)).status).toBe('paid');
    expect((await paymentRow(t.db, c.payment.paymentId)).status).toBe('succeeded');
    expect(await counts(c.mentor.id)).toEqual({ noShows: 0, cancellations: 0 });
  });
});

const cancelBooking = (user: User, bookingId: number) => as(user)['consultation-bookings'][':id'].cancel.$post({ param: { id: String(bookingId) }, json: {} });
const register = (user: User, eventId: number) => expectOk(as(user).events.register_for_event.$post({ json: { event_id: eventId } }), 201);

async function paidSeat(event: typeof events.$inferSelect) {
  const participant = await createUser(t.db);
  const registration = await register(participant, event.id);
  const payment = await startPayment(t.db, { registrationId: registration.id }, participant.id, event.mentorId, event.price * 100);
  expect(await providerPays(t.db, payment)).toBe('applied');
  return { participant, registration, payment };
}

const cancelEvent = (user: User, eventId: number) => as(user).events.cancel_event.$post({ json: { event_id: eventId } });

describe('the mentor cancellation count', () => {
  it("counts the mentor's cancellation of a paid consultation, not the buyer's own", async () => {
    const byMentor = await paidBooking(t.db, { startsIn: 2 * DAY });
    expect((await expectOk(cancelBooking(byMentor.mentor, byMentor.booking.id), 200)).refund).toBe('full');
    expect(await counts(byMentor.mentor.id)).toEqual({ noShows: 0, cancellations: 1 });

    const byBuyer = await paidBooking(t.db, { startsIn: 10 * DAY });
    expect((await expectOk(cancelBooking(byBuyer.mentee, byBuyer.booking.id), 200)).refund).toBe('full');
    expect(await counts(byBuyer.mentor.id)).toEqual({ noShows: 0, cancellations: 0 });
  });

  it('counts an event cancelled with paid participants once, and not one without', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const paid = await createEvent(t.db, mentor.id, { price: 2000 });
    await paidSeat(paid);
    await paidSeat(paid);
    const free = await createEvent(t.db, mentor.id, { price: 0 });
    await register(await createUser(t.db), free.id);

    await expectOk(cancelEvent(mentor, free.id), 200);
    expect(await counts(mentor.id)).toEqual({ noShows: 0, cancellations: 0 });
    expect((await expectOk(cancelEvent(mentor, paid.id), 200)).refunds).toBe(2);
    expect(await counts(mentor.id)).toEqual({ noShows: 0, cancellations: 1 });
    expect((await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, paid.id))).every((r) => r.status === 'canceled')).toBe(true);
  });
});

describe("the mentor's profile", () => {
  it('GET /api/users/{id}/ shows both counts; the mentor list does not', async () => {
    const c = await startedConsultation(20 * MIN);
    await stay(c, c.mentee, 0);
    await cancelMentorNoShows(providerCtx(t.db));
    const other = await paidBooking(t.db, { startsIn: 3 * DAY, mentor: c.mentor });
    await expectOk(cancelBooking(c.mentor, other.booking.id), 200);

    const profile = (id: number) => as().users[':id{[0-9]+}'].$get({ param: { id: String(id) } });
    const page = await expectOk(profile(c.mentor.id), 200);
    expectMatch(page, { id: c.mentor.id, no_show_count: 1, cancellation_count: 1 });
    const fresh = await createUser(t.db, { role: 'mentor' });
    expectMatch(await expectOk(profile(fresh.id), 200), { no_show_count: 0, cancellation_count: 0 });
    const list = await expectOk(as().users.$get({ query: { category: [], limit: '100' } }), 200);
    expect(list.results.length).toBeGreaterThan(0);
    for (const card of list.results) expect(card).not.toHaveProperty('no_show_count');
  });
});
