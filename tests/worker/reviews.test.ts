// Reviews of mentors (after a finished consultation) and of events (after taking part).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conferenceAttendance, conferences } from '../../drizzle/schema/conferences.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { consultationReviews, userReviews } from '../../drizzle/schema/reviews.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { users } from '../../drizzle/schema/users.ts';
import { formatWhen } from '../../worker/escrow/notices.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const HOUR = 3_600_000;

type BookingStatus = (typeof consultationBookings.$inferInsert)['status'];

/** A mentee with a consultation of the given status with a fresh mentor. */
async function consultation(status: BookingStatus, values: { mentee?: { id: number }; mentorValues?: Parameters<typeof createUser>[1] } = {}) {
  const mentor = await createUser(t.db, { role: 'mentor', ...values.mentorValues });
  const mentee = values.mentee ?? (await createUser(t.db, { firstName: 'Мария', lastName: 'Кузнецова', avatarUrl: 'https://img.test/m.png' }));
  const [type] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Сессия', costs: 1000 }).returning();
  const start = Date.now() - 48 * HOUR + Math.floor(Math.random() * 1000) * 60_000;
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: new Date(start), endsAt: new Date(start + HOUR) })
    .returning();
  await t.db.insert(consultationBookings).values({ slotId: slot.id, menteeId: mentee.id, mentorId: mentor.id, consultationTypeId: type.id, price: 1000, status });
  return { mentor, mentee: mentee as Awaited<ReturnType<typeof createUser>> };
}

type Caller = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: Caller) => apiAs(user && asUser(user), { trailingSlash: true });
const specApi = as();
type UserReviewJson = InferRequestType<typeof api.user_reviews.AddUserReview.$post>['json'];
type EventReviewJson = InferRequestType<typeof api.event_reviews.AddEventReview.$post>['json'];
const addUserReview = (user: Caller | undefined, json: UserReviewJson) => as(user).user_reviews.AddUserReview.$post({ json });
/** bodies the typed client would refuse to compile, for the 400s */
const sendUserReview = (user: Caller, body: Record<string, unknown>) => send('POST', '/api/user_reviews/AddUserReview/', { user: asUser(user), body });
const mentorReviews = (toUserId: number, client = specApi) => client.user_reviews.GetUserReviews.$get({ query: { to_user_id: String(toUserId) } });
const canReview = (user: Caller | undefined, toUserId: number) => as(user).user_reviews['can-review'].$get({ query: { to_user_id: String(toUserId) } });
const mentorCard = (id: number) => specApi.users[':id{[0-9]+}'].$get({ param: { id: String(id) } });

describe('mentor reviews', () => {
  it('lets a mentee with a finished consultation review once; the server dates it', async () => {
    const { mentor, mentee } = await consultation('finished');
    const body = await expectOk(addUserReview(mentee, { review_text: '  Отличная сессия  ', review_stars: 4, review_date: '2001-01-01', to_user_id: mentor.id }), 201);
    const today = (await t.db.execute<{ d: string }>(sql`select current_date::text as d`)).rows[0].d;
    expect(body).toEqual({
      id: expect.any(Number),
      review_text: 'Отличная сессия',
      review_stars: 4,
      review_date: today,
      author_name: 'Мария Кузнецова',
      author_avatar: 'https://img.test/m.png',
      to_user_id: mentor.id,
      source: 'mentor_page',
      created_at: expect.any(String),
    });
    expect(await expectError(addUserReview(mentee, { review_text: 'Ещё раз', review_stars: 5, to_user_id: mentor.id }), 409)).toEqual({
      detail: 'Вы уже оставили отзыв этому наставнику',
      code: 'already_reviewed',
    });
    const list = await expectOk(mentorReviews(mentor.id), 200);
    expect(list).toEqual([body]);
    // the mentor card's rating follows
    expect((await expectOk(mentorCard(mentor.id), 200)).rating).toBe('4.0');
  });

  it('defaults to 5 stars', async () => {
    const { mentor, mentee } = await consultation('finished');
    expect((await expectOk(addUserReview(mentee, { review_text: 'Хорошо', to_user_id: mentor.id }), 201)).review_stars).toBe(5);
  });

  it('refuses anyone without a finished consultation with that mentor', async () => {
    const refused = { detail: 'Отзыв можно оставить после состоявшейся консультации с этим наставником', code: 'forbidden' };
    for (const status of ['paid', 'pending_payment', 'canceled'] as const) {
      const { mentor, mentee } = await consultation(status);
      expect(await expectError(addUserReview(mentee, { review_text: 'Текст', review_stars: 5, to_user_id: mentor.id }), 403)).toEqual(refused);
    }
    // a finished consultation with another mentor does not count
    const { mentee } = await consultation('finished');
    const { mentor: other } = await consultation('finished');
    expect(await expectError(addUserReview(mentee, { review_text: 'Текст', review_stars: 5, to_user_id: other.id }), 403)).toEqual(refused);
    expect(await expectError(addUserReview(other, { review_text: 'Себе', review_stars: 5, to_user_id: other.id }), 403)).toEqual({
      detail: 'Свою страницу оценить нельзя',
      code: 'forbidden',
    });
    expect((await expectError(addUserReview(undefined, { review_text: 'x', to_user_id: other.id }), 401)).code).toBe(
      'not_authenticated',
    );
  });

  // issue 35, item 17: «Добавить отзыв» was offered to everyone and the refusal read «Попробуйте еще раз»
  it('tells the page whether the caller may review the mentor, with the same reason the server refuses with', async () => {
    const { mentor, mentee } = await consultation('paid');
    const caller = { ...mentee, role: 'mentee' as const };
    const why = (detail: string, reason: string) => ({ can_review: false, reason, detail });
    expect(await expectOk(canReview(caller, mentor.id), 200)).toEqual(why('Отзыв можно оставить после состоявшейся консультации с этим наставником', 'no_held_consultation'));
    expect(await expectOk(canReview({ ...mentor, role: 'mentor' }, mentor.id), 200)).toEqual(why('Свою страницу оценить нельзя', 'own_page'));
    await t.db.update(consultationBookings).set({ status: 'finished' }).where(eq(consultationBookings.menteeId, mentee.id));
    expect(await expectOk(canReview(caller, mentor.id), 200)).toEqual({ can_review: true, reason: null, detail: null });
    await expectOk(addUserReview(caller, { review_text: 'Спасибо', review_stars: 5, to_user_id: mentor.id }), 201);
    expect(await expectOk(canReview(caller, mentor.id), 200)).toEqual(why('Вы уже оставили отзыв этому наставнику', 'already_reviewed'));
    expect((await expectError(canReview(undefined, mentor.id), 401)).code).toBe('not_authenticated');
    const res = await send('GET', `/api/user_reviews/can-review/?to_user_id=${mentor.id}`, { user: asUser(caller) });
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });

  it('checks text and stars with the dialog messages', async () => {
    const { mentor, mentee } = await consultation('finished');
    const fields = async (body: Record<string, unknown>) => (await expectJson(sendUserReview(mentee, { to_user_id: mentor.id, ...body }), 400)).fields;
    expect(await fields({ review_stars: 5 })).toEqual({ review_text: 'Отзыв обязателен для заполнения' });
    expect(await fields({ review_text: '   ', review_stars: 5 })).toEqual({ review_text: 'Отзыв обязателен для заполнения' });
    expect(await fields({ review_text: 'я'.repeat(1001), review_stars: 5 })).toEqual({ review_text: 'Отзыв не должен превышать 1000 символов' });
    expect(await fields({ review_text: 'Текст', review_stars: 0 })).toEqual({ review_stars: 'Оценка должна быть от 1 до 5' });
    expect(await fields({ review_text: 'Текст', review_stars: 6 })).toEqual({ review_stars: 'Оценка должна быть от 1 до 5' });
    expect(await fields({ review_text: 'Текст', review_stars: 4.5 })).toEqual({ review_stars: 'Оценка должна быть от 1 до 5' });
    // exactly 1000 characters is fine
    await expectOk(addUserReview(mentee, { to_user_id: mentor.id, review_text: 'я'.repeat(1000), review_stars: 1 }), 201);
  });

  it("lists newest first with 'Имя Фамилия', or null for an author without a name", async () => {
    const { mentor, mentee } = await consultation('finished');
    const anonymous = await createUser(t.db, { firstName: '', lastName: '' });
    await t.db.insert(userReviews).values({ toUserId: mentor.id, authorId: anonymous.id, text: 'Раньше', stars: 3, createdAt: new Date(Date.now() - HOUR) });
    await expectOk(addUserReview(mentee, { review_text: 'Позже', review_stars: 5, to_user_id: mentor.id }), 201);
    const list = await expectOk(mentorReviews(mentor.id, api), 200);
    expect(list.map((r) => [r.review_text, r.author_name])).toEqual([
      ['Позже', 'Мария Кузнецова'],
      ['Раньше', null],
    ]);
    expect((await expectJson(send('GET', '/api/user_reviews/GetUserReviews/'), 400)).fields).toEqual({ to_user_id: 'Некорректный ментор' });
  });

  it('lists the consultation ratings that came with a text beside the page reviews, as counted in the rating', async () => {
    const { mentor, mentee } = await consultation('finished');
    const [booking] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.mentorId, mentor.id));
    const other = await createUser(t.db, { firstName: 'Олег', lastName: 'Смирнов' });
    const { mentee: silent } = await consultation('finished', { mentee: other });
    const [bare] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.menteeId, silent.id));
    await t.db.insert(consultationReviews).values([
      { bookingId: booking.id, authorId: mentee.id, mentorId: mentor.id, rating: 4, text: 'Разобрали всё по делу', createdAt: new Date(Date.now() - HOUR) },
      // a bare rating: counted, nothing to show
      { bookingId: bare.id, authorId: silent.id, mentorId: mentor.id, rating: 2, text: '' },
    ]);
    await expectOk(addUserReview(mentee, { review_text: 'Рекомендую', review_stars: 5, to_user_id: mentor.id }), 201);
    const list = await expectOk(mentorReviews(mentor.id, api), 200);
    expect(list.map((r) => [r.source, r.review_text, r.review_stars, r.author_name])).toEqual([
      ['mentor_page', 'Рекомендую', 5, 'Мария Кузнецова'],
      ['consultation', 'Разобрали всё по делу', 4, 'Мария Кузнецова'],
    ]);
    expect(list[1].review_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Мария counts once, with her latest (the page's 5), beside Олег's bare 2
    const card = await expectOk(mentorCard(mentor.id), 200);
    expect([card.reviews_count, card.rating]).toEqual([2, '3.5']);
  });

  it('limits how many reviews one user adds per hour', async () => {
    const mentee = await createUser(t.db);
    const mentors = [];
    for (let i = 0; i < 21; i++) mentors.push((await consultation('finished', { mentee })).mentor);
    for (const m of mentors.slice(0, 20)) await expectOk(addUserReview(mentee, { review_text: 'Спасибо', to_user_id: m.id }), 201);
    expect((await expectError(addUserReview(mentee, { review_text: 'Спасибо', to_user_id: mentors[20].id }), 429)).code).toBe('rate_limited');
  });
});

describe("the mentor's rating: each person once, a consultation only when held (issue 34)", () => {
  const MIN = 60_000;
  const rate = (user: Caller, bookingId: number, rating: number) => as(user).reviews.$post({ json: { event_id: bookingId, rating } });
  const ratingOf = async (mentorId: number) => {
    const card = await expectOk(mentorCard(mentorId), 200);
    return [card.reviews_count, card.rating];
  };

  /** `count` bookings of one mentee with one mentor, of 1-minute slots that started `hoursAgo`, 1 h apart. */
  async function bookings(count: number, { price, mentor, mentee }: { price: number; mentor?: { id: number }; mentee?: { id: number } }) {
    const m = mentor ?? (await createUser(t.db, { role: 'mentor' }));
    const who = mentee ?? (await createUser(t.db));
    // a type of 1 minute and free: the API refuses both now; existing rows may still be like this
    const [type] = await t.db.insert(consultationTypes).values({ mentorId: m.id, name: 'Знакомство', durationMinutes: 1, costs: price }).returning();
    const made = [];
    for (let i = 0; i < count; i++) {
      // a mentor given again already has slots 10 hours back and on: this call's lie further back, so none overlaps
      const start = Date.now() - ((mentor ? 30 : 10) + i) * HOUR - Math.floor(Math.random() * 50) * MIN;
      const [slot] = await t.db.insert(consultationSlots).values({ mentorId: m.id, consultationTypeId: type.id, startsAt: new Date(start), endsAt: new Date(start + MIN) }).returning();
      const [booking] = await t.db
        .insert(consultationBookings)
        .values({ slotId: slot.id, menteeId: who.id, mentorId: m.id, consultationTypeId: type.id, price, status: 'paid' })
        .returning();
      made.push({ booking, start });
    }
    return { mentor: m as Caller & { id: number }, mentee: who as Caller & { id: number }, made };
  }

  /** The two people of a booking in its room, as the ConferenceRoom records them: from start + fromMs, together for `forMs`. */
  async function met(booking: typeof consultationBookings.$inferSelect, start: number, forMs: number, fromMs = 0) {
    const [room] = await t.db
      .insert(conferences)
      .values({ contentType: 'consultationbooking', objectId: booking.id, login: `room-${booking.id}`, password: 'secret', createdBy: booking.mentorId })
      .onConflictDoUpdate({ target: [conferences.contentType, conferences.objectId], set: { status: 'started' } })
      .returning();
    const joinedAt = new Date(start + fromMs);
    const leftAt = new Date(start + fromMs + forMs);
    await t.db.insert(conferenceAttendance).values([
      { conferenceId: room.id, userId: booking.mentorId, joinedAt, leftAt },
      { conferenceId: room.id, userId: booking.menteeId, joinedAt, leftAt },
    ]);
  }

  it('four free 1-minute consultations of a second account rated 5 stars count nothing until the two met, then once', async () => {
    const { mentor, mentee, made } = await bookings(4, { price: 0 });
    for (const { booking } of made) await expectOk(rate({ ...mentee, role: 'mentee' }, booking.id, 5), 201);
    expect(await ratingOf(mentor.id)).toEqual([0, '5.0']);
    // 30 seconds together is a blink, not a consultation
    await met(made[0].booking, made[0].start, 30_000);
    expect(await ratingOf(mentor.id)).toEqual([0, '5.0']);
    // a minute together: held; the other three held as well still make one person's say
    for (const { booking, start } of made) await met(booking, start, 2 * MIN, MIN);
    expect(await ratingOf(mentor.id)).toEqual([1, '5.0']);
    // someone else's honest rating of a paid one weighs the same
    const paid = await bookings(1, { price: 1000, mentor });
    await expectOk(rate({ ...paid.mentee, role: 'mentee' }, paid.made[0].booking.id, 2), 201);
    expect(await ratingOf(mentor.id)).toEqual([2, '3.5']);
  });

  it("counts a person's latest rating of a mentor only, across consultations and the page", async () => {
    const { mentor, mentee, made } = await bookings(3, { price: 1500 });
    const [first, second, third] = made.map((m) => m.booking);
    const person = { ...mentee, role: 'mentee' as const };
    await expectOk(rate(person, first.id, 5), 201);
    await expectOk(rate(person, second.id, 2), 201);
    expect(await ratingOf(mentor.id)).toEqual([1, '2.0']);
    // the page review, written later, replaces it in the rating
    await t.db.update(consultationBookings).set({ status: 'finished' }).where(eq(consultationBookings.id, third.id));
    await expectOk(addUserReview(person, { review_text: 'Помог разобраться', review_stars: 4, to_user_id: mentor.id }), 201);
    expect(await ratingOf(mentor.id)).toEqual([1, '4.0']);
    await expectOk(rate(person, third.id, 3), 201);
    expect(await ratingOf(mentor.id)).toEqual([1, '3.0']);
    // deleting the latest brings back the one before
    await t.db.delete(consultationReviews).where(eq(consultationReviews.bookingId, third.id));
    expect(await ratingOf(mentor.id)).toEqual([1, '4.0']);
  });

  // issue 35, item 19: «Новая оценка: ★★★★» said neither who nor which consultation
  it('tells the mentor who rated or reviewed what, with a link', async () => {
    const { mentor, mentee, made } = await bookings(1, { price: 1000, mentee: await createUser(t.db, { firstName: 'Мария', lastName: 'Кузнецова' }) });
    const person = { ...mentee, role: 'mentee' as const };
    await expectOk(rate(person, made[0].booking.id, 4), 201);
    const zone = (await t.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, mentor.id)))[0].tz;
    const when = formatWhen(new Date(made[0].start), zone);
    await t.db.update(consultationBookings).set({ status: 'finished' }).where(eq(consultationBookings.id, made[0].booking.id));
    await expectOk(addUserReview(person, { review_text: 'Помогла', review_stars: 5, to_user_id: mentor.id }), 201);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id)).orderBy(notifications.id);
    expect(notes.map((n) => [n.message, n.payload])).toEqual([
      [`Новая оценка: Мария Кузнецова, «Знакомство», ${when} — ★★★★`, { url: `/CalendarPage?tab=history&filter=conducted&booking=${made[0].booking.id}` }],
      ['Новый отзыв на вашей странице: Мария Кузнецова — ★★★★★', { url: `/mentor_info/${mentor.id}#mentor-reviews` }],
    ]);
  });

  it('a page review needs a held consultation: a free one nobody came to gives no say', async () => {
    const { mentor, mentee, made } = await bookings(1, { price: 0 });
    await t.db.update(consultationBookings).set({ status: 'finished' }).where(eq(consultationBookings.id, made[0].booking.id));
    const person = { ...mentee, role: 'mentee' as const };
    const body = { review_text: 'Лучший ментор', review_stars: 5, to_user_id: mentor.id };
    expect(await expectError(addUserReview(person, body), 403)).toEqual({ detail: 'Отзыв можно оставить после состоявшейся консультации с этим наставником', code: 'forbidden' });
    expect(await expectOk(canReview(person, mentor.id), 200)).toMatchObject({ can_review: false, reason: 'no_held_consultation' });
    await met(made[0].booking, made[0].start, 5 * MIN);
    expect(await expectOk(canReview(person, mentor.id), 200)).toEqual({ can_review: true, reason: null, detail: null });
    await expectOk(addUserReview(person, body), 201);
    expect(await ratingOf(mentor.id)).toEqual([1, '5.0']);
  });
});

describe('event reviews', () => {
  async function eventWith(startOffsetMs: number, status: 'confirmed' | 'pending_payment' | 'canceled' | null, values: { isCanceled?: boolean } = {}) {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const event = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() + startOffsetMs), totalSpots: 0 });
    const user = await createUser(t.db, { firstName: 'Олег', lastName: 'Орлов' });
    if (status) await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: user.id, status });
    // canceled after the registration: a registration can't become live on a canceled event (migration 0011)
    if (values.isCanceled) await t.db.update(events).set({ isCanceled: true }).where(eq(events.id, event.id));
    return { mentor, event, user };
  }
  const addEventReview = (user: Caller, json: EventReviewJson) => as(user).event_reviews.AddEventReview.$post({ json });
  const sendEventReview = (user: Caller, body: Record<string, unknown>) => send('POST', '/api/event_reviews/AddEventReview/', { user: asUser(user), body });
  const eventReviews = (eventId: number, client = specApi) => client.event_reviews.GetEventReviews.$get({ query: { event_id: String(eventId) } });

  it('lets a confirmed participant of a started event review once', async () => {
    const { event, user } = await eventWith(-HOUR, 'confirmed');
    const body = await expectOk(addEventReview(user, { review_text: 'Полезно', review_stars: 5, event_id: event.id }), 201);
    expect(body).toMatchObject({ review_text: 'Полезно', review_stars: 5, author_name: 'Олег Орлов', event_id: event.id });
    expect((await expectError(addEventReview(user, { review_text: 'Снова', event_id: event.id }), 409)).code).toBe('already_reviewed');
    expect(await expectOk(eventReviews(event.id), 200)).toEqual([body]);
  });

  const canReviewEvent = (user: Caller | undefined, eventId: number) => as(user).event_reviews['can-review'].$get({ query: { event_id: String(eventId) } });
  const notParticipant = 'Отзыв могут оставить только участники этого мероприятия';

  it('refuses non-participants, unconfirmed ones, events not started yet and canceled events, each with its reason', async () => {
    for (const [offset, status, values, detail] of [
      [-HOUR, null, {}, notParticipant],
      [-HOUR, 'pending_payment', {}, notParticipant],
      [-HOUR, 'canceled', {}, notParticipant],
      [HOUR, 'confirmed', {}, 'Отзыв можно оставить, когда мероприятие начнётся'],
      [-HOUR, 'confirmed', { isCanceled: true }, 'Отменённое мероприятие оценить нельзя'],
    ] as const) {
      const { event, user } = await eventWith(offset, status, values);
      expect(await expectError(addEventReview(user, { review_text: 'Текст', review_stars: 5, event_id: event.id }), 403)).toEqual({ detail, code: 'forbidden' });
    }
    const { event, mentor } = await eventWith(-HOUR, null);
    expect(await expectError(addEventReview(mentor, { review_text: 'Себе', event_id: event.id }), 403)).toEqual({ detail: 'Своё мероприятие оценить нельзя', code: 'forbidden' });
  });

  // issue 35, item 17: the event page offered «Добавить отзыв» to anyone signed in on a past event
  it('tells the event page whether the caller may review, with the same reason the server refuses with', async () => {
    const why = (reason: string, detail: string) => ({ can_review: false, reason, detail });
    const ask = async (offset: number, status: 'confirmed' | 'pending_payment' | 'canceled' | null, values: { isCanceled?: boolean } = {}) => {
      const { event, user } = await eventWith(offset, status, values);
      return expectOk(canReviewEvent(user, event.id), 200);
    };
    expect(await ask(-HOUR, null)).toEqual(why('not_participant', notParticipant));
    expect(await ask(-HOUR, 'pending_payment')).toEqual(why('not_participant', notParticipant));
    expect(await ask(-HOUR, 'canceled')).toEqual(why('not_participant', notParticipant));
    expect(await ask(HOUR, 'confirmed')).toEqual(why('not_started', 'Отзыв можно оставить, когда мероприятие начнётся'));
    expect(await ask(-HOUR, 'confirmed', { isCanceled: true })).toEqual(why('canceled', 'Отменённое мероприятие оценить нельзя'));

    const { event, user, mentor } = await eventWith(-HOUR, 'confirmed');
    expect(await expectOk(canReviewEvent(mentor, event.id), 200)).toEqual(why('own_event', 'Своё мероприятие оценить нельзя'));
    expect(await expectOk(canReviewEvent(user, event.id), 200)).toEqual({ can_review: true, reason: null, detail: null });
    await expectOk(addEventReview(user, { review_text: 'Полезно', event_id: event.id }), 201);
    const reviewed = 'Вы уже оставили отзыв об этом мероприятии';
    expect(await expectOk(canReviewEvent(user, event.id), 200)).toEqual(why('already_reviewed', reviewed));
    expect(await expectError(addEventReview(user, { review_text: 'Снова', event_id: event.id }), 409)).toEqual({ detail: reviewed, code: 'already_reviewed' });

    expect((await expectError(canReviewEvent(undefined, event.id), 401)).code).toBe('not_authenticated');
    expect((await expectError(canReviewEvent(user, 2_000_000_000), 404)).code).toBe('not_found');
    const res = await send('GET', `/api/event_reviews/can-review/?event_id=${event.id}`, { user: asUser(user) });
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });

  it('checks text and stars with the dialog messages', async () => {
    const { event, user } = await eventWith(-HOUR, 'confirmed');
    expect((await expectJson(sendEventReview(user, { event_id: event.id, review_text: '' }), 400)).fields).toEqual({ review_text: 'Отзыв обязателен для заполнения' });
    expect((await expectJson(sendEventReview(user, { event_id: event.id, review_text: 'x'.repeat(1001) }), 400)).fields).toEqual({
      review_text: 'Отзыв не должен превышать 1000 символов',
    });
    expect((await expectJson(sendEventReview(user, { event_id: event.id, review_text: 'ok', review_stars: 9 }), 400)).fields).toEqual({
      review_stars: 'Оценка должна быть от 1 до 5',
    });
    expect((await expectJson(send('GET', '/api/event_reviews/GetEventReviews/?event_id=x'), 400)).fields).toEqual({ event_id: 'Некорректное мероприятие' });
    expect(await expectOk(eventReviews(event.id, api), 200)).toEqual([]);
  });
});
