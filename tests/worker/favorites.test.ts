// "Мои менторы": favourite mentors and the history of mentors one has met (spec 001).
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const mentorValues = { role: 'mentor' as const, firstName: 'Нина', lastName: 'Орлова', tgTitle: '@nina', specialization: 'Йога', skills: ['Хатха'] };

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: Person, { trailingSlash = true } = {}) => apiAs(user && asUser(user), { trailingSlash });
const favoritesOf = (user?: Person, options?: { trailingSlash?: boolean }) => as(user, options)['mentor-favorites'];
const addFavorite = (user: Person | undefined, mentorId: number, options?: { trailingSlash?: boolean }) => favoritesOf(user, options).$post({ json: { mentor: mentorId } });
const removeFavorite = (user: Person | undefined, id: number) => favoritesOf(user)[':id'].$delete({ param: { id: String(id) } });
const history = (user?: Person, options?: { trailingSlash?: boolean }) => as(user, options).users['my-mentors'].history.$get();

describe('favourite mentors', () => {
  it('adds, lists newest first, and deletes', async () => {
    const user = await createUser(t.db);
    const [first, second] = [await createUser(t.db, mentorValues), await createUser(t.db, { role: 'mentor' })];
    const a = await expectOk(addFavorite(user, first.id), 201);
    expect(a).toEqual<typeof a>({
      id: expect.any(Number),
      mentor: {
        id: first.id,
        mentor_name: 'Нина',
        mentor_surname: 'Орлова',
        mentor_avatar_url: null,
        mentor_tg_title: '@nina',
        mentor_specialization: 'Йога',
        mentor_skills: ['Хатха'],
      },
      created_at: expect.any(String),
    });
    const b = await expectOk(addFavorite(user, second.id, { trailingSlash: false }), 201);
    expect((await expectOk(favoritesOf(user).$get(), 200)).map((f) => f.id)).toEqual([b.id, a.id]);
    // the mentor card knows
    const card = await expectOk(as(user).users[':id{[0-9]+}'].$get({ param: { id: String(first.id) } }), 200);
    expect([card.is_favorite, card.favorite_id, card.favorites_count]).toEqual([true, a.id, 1]);
    expect(await removeFavorite(user, a.id).then((r) => r.status)).toBe(204);
    expect((await expectOk(favoritesOf(user, { trailingSlash: false }).$get(), 200)).map((f) => f.id)).toEqual([b.id]);
    expect((await expectError(removeFavorite(user, a.id), 404)).code).toBe('not_found');
  });

  it('refuses a duplicate, a non-mentor and oneself', async () => {
    const user = await createUser(t.db, { role: 'mentor' });
    const m = await createUser(t.db, { role: 'mentor' });
    await expectOk(addFavorite(user, m.id), 201);
    expect(await expectError(addFavorite(user, m.id), 409)).toEqual({
      detail: 'Ментор уже в избранном',
      code: 'already_favorite',
    });
    const mentee = await createUser(t.db);
    expect(await expectError(addFavorite(user, mentee.id), 404)).toEqual({
      detail: 'Ментор не найден',
      code: 'not_found',
    });
    expect((await expectError(addFavorite(user, user.id), 400)).fields).toEqual({
      mentor: 'Нельзя добавить в избранное себя',
    });
    // no mentor at all, on purpose: the typed client would not send it
    expect((await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: {} }), 400)).fields).toEqual({ mentor: 'Некорректный ментор' });
  });

  it("answers 404 for another user's favourite and leaves it alone; 401 for visitors", async () => {
    const [owner, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const m = await createUser(t.db, { role: 'mentor' });
    const fav = await expectOk(addFavorite(owner, m.id), 201);
    expect((await expectError(removeFavorite(other, fav.id), 404)).code).toBe('not_found');
    expect(await expectOk(favoritesOf(other).$get(), 200)).toEqual([]);
    expect(await expectOk(favoritesOf(owner).$get(), 200)).toHaveLength(1);
    for (const [label, request] of [
      ['GET /api/mentor-favorites/', () => favoritesOf().$get()],
      ['POST /api/mentor-favorites/', () => addFavorite(undefined, m.id)],
      [`DELETE /api/mentor-favorites/${fav.id}/`, () => removeFavorite(undefined, fav.id)],
      ['GET /api/users/my-mentors/history/', () => history()],
    ] as const) {
      expect((await expectError(request(), 401)).code, label).toBe('not_authenticated');
    }
  });
});

describe('my mentors history', () => {
  it('lists mentors met in consultations (not canceled) and confirmed events, latest contact first, with counts', async () => {
    const me = await createUser(t.db);
    const consultant = await createUser(t.db, mentorValues);
    const host = await createUser(t.db, { role: 'mentor', firstName: 'Олег' });
    const canceledOnly = await createUser(t.db, { role: 'mentor' });
    const pendingHost = await createUser(t.db, { role: 'mentor' });

    const book = async (mentor: { id: number }, startsAt: number, status: (typeof consultationBookings.$inferInsert)['status']) => {
      const [type] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Сессия', costs: 1000 }).returning();
      const [slot] = await t.db
        .insert(consultationSlots)
        .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: new Date(startsAt), endsAt: new Date(startsAt + HOUR) })
        .returning();
      await t.db.insert(consultationBookings).values({ slotId: slot.id, menteeId: me.id, mentorId: mentor.id, consultationTypeId: type.id, price: 1000, status });
    };
    const now = Date.now();
    await book(consultant, now - 10 * DAY, 'finished');
    await book(consultant, now - 3 * DAY, 'paid');
    await book(consultant, now - 1 * DAY, 'canceled');
    await book(canceledOnly, now - 2 * DAY, 'canceled');
    const event = await createEvent(t.db, host.id, { startsAt: new Date(now + 2 * DAY) });
    await t.db.insert(eventRegistrations).values({ eventId: event.id, userId: me.id, status: 'confirmed' });
    const pendingEvent = await createEvent(t.db, pendingHost.id, { startsAt: new Date(now + 5 * DAY) });
    await t.db.insert(eventRegistrations).values({ eventId: pendingEvent.id, userId: me.id, status: 'pending_payment' });

    const body = await expectOk(history(me), 200);
    expect(body).toEqual<typeof body>([
      // the event is still ahead: it is both the latest contact and the next one
      expect.objectContaining({
        id: host.id,
        mentor_name: 'Олег',
        sessions_count: 1,
        last_contact_at: event.startsAt.toISOString(),
        next_contact_at: event.startsAt.toISOString(),
      }),
      {
        id: consultant.id,
        mentor_name: 'Нина',
        mentor_surname: 'Орлова',
        mentor_avatar_url: null,
        mentor_tg_title: '@nina',
        mentor_specialization: 'Йога',
        mentor_skills: ['Хатха'],
        sessions_count: 2,
        last_contact_at: new Date(now - 3 * DAY).toISOString(),
        next_contact_at: null,
      },
    ]);
    expect(await expectOk(history(consultant, { trailingSlash: false }), 200)).toEqual([]);
  });
});
