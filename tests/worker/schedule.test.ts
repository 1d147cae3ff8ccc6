// The schedule (GET /calendars/schedule/), consultation reviews (POST /reviews/), the refund quotes and the
// money model of decision 010: the payout waits for the dispute window, whatever the buyer does first.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationReviews } from '../../drizzle/schema/reviews.ts';
import { users } from '../../drizzle/schema/users.ts';
import { DISPUTE_WINDOW_HOURS } from '../../worker/escrow/dispute-window.ts';
import { settleDueBookings } from '../../worker/maintenance/settle-due.ts';
import { createEvent, createUser } from '../factories.ts';
import {
  backdateBooking,
  bookingRow,
  books,
  DAY,
  HOUR,
  paidBooking,
  paymentRow,
  pendingBooking,
  providerCtx,
  providerPays,
  shiftSlot,
  startPayment,
} from './escrow-fixtures.ts';
import { heldRegistration } from './payments-fixtures.ts';
import { useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
const day = (offsetDays: number, zone = 'Europe/Moscow') =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offsetDays * DAY));
/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: Person) => apiAs(user && asUser(user), { trailingSlash: true });
type ReviewJson = InferRequestType<typeof api.reviews.$post>['json'];
const schedule = (user: Person, start = day(-31), end = day(31)) => as(user).calendars.schedule.$get({ query: { start_date: start, end_date: end } });
const review = (user: Person, bookingId: number, body: Omit<ReviewJson, 'event_id'> = { rating: 4, text: 'Полезно' }) =>
  as(user).reviews.$post({ json: { event_id: bookingId, ...body } });
const bookingOf = (user: Person, bookingId: number) => {
  const booking = as(user)['consultation-bookings'][':id'];
  const param = { id: String(bookingId) };
  return {
    finish: () => booking.finish.$post({ param, json: { user_id: user.id } }),
    cancel: () => booking.cancel.$post({ param, json: { user_id: user.id } }),
    quote: () => booking['cancel-quote'].$get({ param }),
  };
};
const finish = (user: Person, bookingId: number) => bookingOf(user, bookingId).finish();
const cancel = (user: Person, bookingId: number) => bookingOf(user, bookingId).cancel();
const quote = (user: Person, bookingId: number) => bookingOf(user, bookingId).quote();
const complain = (user: Person, bookingId: number) => as(user).disputes.complaints.$post({ json: { booking_id: bookingId, source: 'buyer', text: 'Ментор не пришёл' } });

/** A paid consultation that started `ago` ms ago and lasted 30 minutes. */
async function pastBooking(ago = HOUR) {
  const fixture = await paidBooking(t.db, { startsIn: 5 * DAY, minutes: 30 });
  await shiftSlot(t.db, fixture.slot.id, -ago, 30);
  return fixture;
}

describe('GET /calendars/schedule/', () => {
  it("answers the four lists in the spec's shapes, for the buyer and for the mentor", async () => {
    const { booking, mentee, mentor, type, slot } = await paidBooking(t.db, { startsIn: 3 * DAY, minutes: 45 });
    const led = await createEvent(t.db, mentor.id, { title: 'Мастер-класс', startsAt: new Date(Date.now() + 2 * DAY), durationMinutes: 90, price: 500 });
    const other = await createUser(t.db, { role: 'mentor', firstName: 'Ольга', lastName: 'Ким' });
    const joined = await createEvent(t.db, other.id, { title: 'Лекция', startsAt: new Date(Date.now() + DAY), price: 0 });
    await expectOk(as(mentee).events.register_for_event.$post({ json: { event_id: joined.id } }), 201);

    const mine = await expectOk(schedule(mentee), 200);
    expect(mine.mentor_events).toEqual([]);
    expect(mine.booked_for_mentor).toEqual([]);
    expect(mine.time_zone).toBe('Europe/Moscow');
    expect(Date.parse(mine.now)).toBeGreaterThan(Date.now() - 60_000);
    expect(mine.registered_events).toEqual<typeof mine.registered_events>([
      {
        id: joined.id,
        title: 'Лекция',
        date: joined.startsAt.toISOString(),
        end_date: new Date(joined.startsAt.getTime() + 60 * 60_000).toISOString(),
        duration_minutes: 60,
        description: '',
        image_url: null,
        price: 0,
        is_canceled: false,
        conference_status: null,
        hasDispute: false,
        mentor: { id: other.id, mentor_name: 'Ольга', mentor_surname: 'Ким', mentor_avatar_url: null },
        registration_status: 'confirmed',
        offer_expires_at: null,
      },
    ]);
    const mentorPerson = { id: mentor.id, mentor_name: mentor.firstName, mentor_surname: mentor.lastName, mentor_avatar_url: null };
    const expectedBooking: (typeof mine.booked_by_user)[number] = {
      id: booking.id,
      status: 'paid',
      price: 1500,
      created_at: expect.any(String),
      cancel_cutoff_hours: 0,
      from_package: false,
      slot: {
        id: slot.id,
        start_time: slot.startsAt.toISOString(),
        end_time: slot.endsAt.toISOString(),
        duration: 45,
        consultation_type: { id: type.id, name: 'Разбор резюме', description: 'Пройдёмся по резюме', cost: 1500, user: mentorPerson },
      },
      conference_status: null,
      has_dispute: false,
      dispute: null,
      // an ordinary payment held in our own escrow (decision 020): no safe deal
      deal_id: null,
      question: 'Как пройти собеседование?',
      booked_by: { id: mentee.id, mentor_name: mentee.firstName, mentor_surname: mentee.lastName, mentor_avatar_url: null },
      has_review: false,
      can_review: false,
      dispute_until: new Date(slot.endsAt.getTime() + DISPUTE_WINDOW_HOURS * HOUR).toISOString(),
      can_dispute: false,
    };
    expect(mine.booked_by_user).toEqual([expectedBooking]);

    const theirs = await expectOk(schedule(mentor), 200);
    expect(theirs.booked_by_user).toEqual([]);
    expect(theirs.booked_for_mentor).toEqual([expectedBooking]);
    expectMatch(theirs.mentor_events, [{ id: led.id, title: 'Мастер-класс', duration_minutes: 90, price: 500, registration_status: null, mentor: mentorPerson }]);
  });

  it('says the day of the earliest session ever, beyond the window, and none for a new account (issue 35)', async () => {
    const newcomer = await createUser(t.db);
    expect((await expectOk(schedule(newcomer), 200)).earliest_date).toBeNull();

    const { mentee, mentor } = await pastBooking(200 * DAY);
    const mine = await expectOk(schedule(mentee), 200);
    // the window (a month either side) holds nothing, yet the history goes back 200 days
    expect(mine.booked_by_user).toEqual([]);
    expect(mine.earliest_date).toBe(day(-200));
    expect((await expectOk(schedule(mentor), 200)).earliest_date).toBe(day(-200));
  });

  it("reads the days in the caller's time zone, both included, and sorts by start", async () => {
    const zone = 'Asia/Vladivostok';
    const mentor = await createUser(t.db, { role: 'mentor', timeZone: zone });
    // 23:30 and 00:30 local time, five days ahead: on two different local days
    const [y, m, d] = day(5, zone).split('-').map(Number);
    const local = (h: number, min: number, plusDays = 0) => new Date(Date.UTC(y, m - 1, d + plusDays, h - 10, min));
    const late = await createEvent(t.db, mentor.id, { title: 'Поздно', startsAt: local(23, 30) });
    const early = await createEvent(t.db, mentor.id, { title: 'Рано', startsAt: local(0, 30, 1) });
    const first = await createEvent(t.db, mentor.id, { title: 'Утро', startsAt: local(8, 0) });
    const oneDay = await expectOk(schedule(mentor, day(5, zone), day(5, zone)), 200);
    expect(oneDay.mentor_events.map((e) => e.id)).toEqual([first.id, late.id]);
    const twoDays = await expectOk(schedule(mentor, day(5, zone), day(6, zone)), 200);
    expect(twoDays.mentor_events.map((e) => e.id)).toEqual([first.id, late.id, early.id]);
  });

  it('refuses bad and over-long windows with field messages, and strangers without a session', async () => {
    const user = await createUser(t.db);
    const tooLong = await expectError(schedule(user, '2026-01-01', '2027-02-05'), 400);
    expect(tooLong.fields).toEqual({ end_date: 'Расписание можно запросить не больше чем за 400 дней' });
    await expectOk(schedule(user, '2026-01-01', '2027-02-04'), 200);
    expect((await expectError(schedule(user, '2026-03-02', '2026-03-01'), 400)).fields).toEqual({ end_date: 'Дата окончания раньше даты начала' });
    expect((await expectError(schedule(user, '2026-02-30', '2026-03-01'), 400)).fields).toEqual({ start_date: 'Такой даты нет' });
    // no session and no end date (which the typed client would not leave out): the session is checked first
    expect((await expectJson(send('GET', '/api/calendars/schedule/?start_date=2026-01-01'), 401)).code).toBe('not_authenticated');
  });

  it('shows a booking once paid, keeps one cancelled after payment, and leaves out unpaid ones', async () => {
    const unpaid = await pendingBooking(t.db, { startsIn: 2 * DAY });
    const paid = await paidBooking(t.db, { startsIn: 10 * DAY, mentee: unpaid.mentee });
    await expectOk(cancel(unpaid.mentee, paid.booking.id), 200);
    const body = await expectOk(schedule(unpaid.mentee), 200);
    expect(body.booked_by_user.map((b) => [b.id, b.status])).toEqual([[paid.booking.id, 'canceled']]);
    expect(body.booked_by_user[0].dispute_until).toBeNull();
  });

  it('lets the buyer review and dispute a started consultation, and says until when', async () => {
    const { booking, mentee, mentor } = await pastBooking();
    const [item] = (await expectOk(schedule(mentee), 200)).booked_by_user;
    expectMatch(item, { can_review: true, can_dispute: true, has_review: false, has_dispute: false });
    const [forMentor] = (await expectOk(schedule(mentor), 200)).booked_for_mentor;
    expectMatch(forMentor, { can_review: false, can_dispute: false });
    await expectOk(review(mentee, booking.id), 201);
    await expectOk(complain(mentee, booking.id), 201);
    const [after] = (await expectOk(schedule(mentee), 200)).booked_by_user;
    expectMatch(after, { can_review: false, can_dispute: false, has_review: true, has_dispute: true });
    // where the dispute stands, for both sides (issue 35)
    expect(after.dispute).toEqual({ status: 'open', created_at: expect.stringMatching(/Z$/), resolved_at: null, refund_amount: null, resolution: null });
    expect((await expectOk(schedule(mentor), 200)).booked_for_mentor[0]?.dispute?.status).toBe('open');
  });
});

describe('POST /reviews/', () => {
  it('stores one rating per booking by its buyer after the start; it counts in the mentor rating', async () => {
    const { booking, mentee, mentor } = await pastBooking();
    const stranger = await createUser(t.db);
    expect((await expectError(review(mentee, booking.id, { rating: 0 }), 400)).fields).toEqual({ rating: 'Пожалуйста, выберите оценку' });
    // no rating at all, which the typed client would not send
    const unrated = send('POST', '/api/reviews/', { user: asUser(mentee), body: { event_id: booking.id, text: 'без оценки' } });
    expect((await expectJson(unrated, 400)).fields).toEqual({ rating: 'Пожалуйста, выберите оценку' });
    expect((await expectError(review(stranger, booking.id), 404)).code).toBe('not_found');
    expect((await expectError(review(mentor, booking.id), 403)).code).toBe('forbidden');
    const results = await Promise.all([review(mentee, booking.id, { rating: 5 }), review(mentee, booking.id, { rating: 3 })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(consultationReviews).where(eq(consultationReviews.bookingId, booking.id))).toHaveLength(1);
    expect(await expectError(review(mentee, booking.id), 409)).toEqual({ detail: 'Вы уже оценили эту консультацию', code: 'review_exists' });
    const [stats] = await t.db.select({ n: users.reviewsCount, sum: users.reviewStarsSum }).from(users).where(eq(users.id, mentor.id));
    expect(stats.n).toBe(1);
    expect([3, 5]).toContain(stats.sum);
    // the text is optional
    const other = await pastBooking();
    const stored = await expectOk(review(other.mentee, other.booking.id, { rating: 2 }), 201);
    expect(stored).toEqual<typeof stored>({
      id: expect.any(Number),
      booking_id: other.booking.id,
      rating: 2,
      text: '',
      created_at: expect.any(String),
    });
  });

  it('refuses before the start and for a cancelled booking', async () => {
    const { booking, mentee } = await paidBooking(t.db, { startsIn: 2 * DAY });
    expect(await expectError(review(mentee, booking.id), 409)).toEqual({ detail: 'Консультация ещё не началась', code: 'not_started' });
    await expectOk(cancel(mentee, booking.id), 200);
    expect((await expectError(review(mentee, booking.id), 409)).code).toBe('booking_not_paid');
  });
});

describe('the money model (decision 010)', () => {
  it('review then dispute: rating and finishing keep the money held, so the complaint is accepted and freezes it', async () => {
    const { booking, mentee, payment } = await pastBooking();
    await expectOk(review(mentee, booking.id, { rating: 1, text: 'Не пришёл' }), 201);
    const finished = await expectOk(finish(mentee, booking.id), 200);
    expect(finished).toEqual<typeof finished>({ id: booking.id, status: 'finished' });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
    await expectOk(complain(mentee, booking.id), 201);
    await shiftSlot(t.db, (await bookingRow(t.db, booking.id)).slotId, -(DISPUTE_WINDOW_HOURS + 3) * HOUR, 30);
    await settleDueBookings(providerCtx(t.db));
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
  });

  it('dispute then review: the buyer may still rate it; the money stays held for the admin', async () => {
    const { booking, mentee, payment } = await pastBooking();
    await expectOk(complain(mentee, booking.id), 201);
    await expectOk(review(mentee, booking.id, { rating: 2 }), 201);
    await expectOk(finish(mentee, booking.id), 200);
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
  });

  it('the window running out: no dispute any more, and the scheduler pays the mentor', async () => {
    const { booking, mentee, payment, slot } = await pastBooking();
    await shiftSlot(t.db, slot.id, -(DISPUTE_WINDOW_HOURS * HOUR + 31 * 60_000), 30);
    expect(await expectError(complain(mentee, booking.id), 409)).toEqual({
      detail: `Диспут можно открыть в течение ${DISPUTE_WINDOW_HOURS} часов после окончания консультации`,
      code: 'dispute_window_closed',
    });
    const [item] = (await expectOk(schedule(mentee, day(-5), day(1)), 200)).booked_by_user;
    expectMatch(item, { can_dispute: false, can_review: true });
    await settleDueBookings(providerCtx(t.db));
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    expect((await bookingRow(t.db, booking.id)).status).toBe('finished');
    // a late review is still welcome
    await expectOk(review(mentee, booking.id), 201);
  });

  it("refuses the buyer's cancellation once the consultation has started", async () => {
    const { booking, mentee } = await pastBooking(10 * 60_000);
    expect((await expectError(quote(mentee, booking.id), 409)).code).toBe('already_started');
    expect((await expectError(cancel(mentee, booking.id), 409)).code).toBe('already_started');
  });
});

describe('refund quotes agree with what cancelling refunds', () => {
  type Case = { name: string; startsIn: number; bookedAgo: number; by: 'buyer' | 'mentor'; refund: 'full' | 'none' };
  const cases: Case[] = [
    { name: 'a week ahead', startsIn: 8 * DAY, bookedAgo: 3 * DAY, by: 'buyer', refund: 'full' },
    { name: 'late', startsIn: 2 * DAY, bookedAgo: 3 * DAY, by: 'buyer', refund: 'none' },
    { name: 'within a day of booking', startsIn: 2 * DAY, bookedAgo: 2 * HOUR, by: 'buyer', refund: 'full' },
    { name: 'by the mentor, late', startsIn: 2 * HOUR, bookedAgo: 3 * DAY, by: 'mentor', refund: 'full' },
  ];
  for (const c of cases) {
    it(`booking: ${c.name}`, async () => {
      const fixture = await paidBooking(t.db, { startsIn: c.startsIn, costs: 2400 });
      await backdateBooking(t.db, fixture.booking.id, c.bookedAgo);
      const who = c.by === 'buyer' ? fixture.mentee : fixture.mentor;
      const q = await expectOk(quote(who, fixture.booking.id), 200);
      expectMatch(q, { refund: c.refund, by: c.by, paid_amount: 2400, refund_amount: c.refund === 'full' ? 2400 : 0 });
      expect(q.message).toMatch(c.refund === 'full' ? /возврат|Вернём всю сумму/ : /не вернётся/);
      const done = await expectOk(cancel(who, fixture.booking.id), 200);
      expect(done.refund).toBe(q.refund);
      const { ledger } = await books(t.db, fixture.payment.paymentId);
      expect(ledger.refund ?? 0).toBe(q.refund_amount * 100);
    });
  }

  it('booking not paid yet: nothing to refund; strangers get 404', async () => {
    const { booking, mentee } = await pendingBooking(t.db);
    expectMatch(await expectOk(quote(mentee, booking.id), 200), { refund: 'not_paid', refund_amount: 0 });
    expect((await expectError(quote(await createUser(t.db), booking.id), 404)).code).toBe('not_found');
    expect((await expectOk(cancel(mentee, booking.id), 200)).refund).toBe('not_paid');
    expect((await expectError(quote(mentee, booking.id), 409)).code).toBe('booking_canceled');
  });

  it('event seat: the quote matches unregister, early and late', async () => {
    for (const [startsIn, expected] of [[10 * DAY, 'full'], [2 * DAY, 'none']] as const) {
      const { participant, event, registration, mentor } = await heldRegistration(t.db, { startsAt: new Date(Date.now() + startsIn), price: 2000 });
      const payment = await startPayment(t.db, { registrationId: registration.id }, participant.id, mentor.id, 200_000);
      await providerPays(t.db, payment);
      await t.db.execute(`update event_registrations set created_at = now() - interval '3 days' where id = ${registration.id}`);
      const events = as(participant).events;
      const eventQuote = () => events['unregister-quote'].$get({ query: { event_id: String(event.id) } });
      const q = await expectOk(eventQuote(), 200);
      expectMatch(q, { refund: expected, paid_amount: 2000, refund_amount: expected === 'full' ? 2000 : 0 });
      const done = await expectOk(events.unregister.$post({ json: { event_id: event.id, user_id: participant.id } }), 200);
      expect(done.refund).toBe(q.refund);
      expect((await expectError(eventQuote(), 404)).code).toBe('not_found');
    }
  });
});
