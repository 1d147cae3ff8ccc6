// "Мои менторы": favourite mentors and the history of mentors one has met (spec 001).
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { createEvent, createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const mentorValues = { role: 'mentor' as const, firstName: 'Нина', lastName: 'Орлова', tgTitle: '@nina', specialization: 'Йога', skills: ['Хатха'] };

describe('favourite mentors', () => {
  it('adds, lists newest first, and deletes', async () => {
    const user = await createUser(t.db);
    const [first, second] = [await createUser(t.db, mentorValues), await createUser(t.db, { role: 'mentor' })];
    const a = await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: { mentor: first.id } }), 201);
    expect(a).toEqual({
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
    const b = await expectJson(send('POST', '/api/mentor-favorites', { user: asUser(user), body: { mentor: second.id } }), 201);
    expect((await expectJson<any[]>(send('GET', '/api/mentor-favorites/', { user: asUser(user) }), 200)).map((f) => f.id)).toEqual([b.id, a.id]);
    // the mentor card knows
    const card = await expectJson(send('GET', `/api/users/${first.id}/`, { user: asUser(user) }), 200);
    expect([card.is_favorite, card.favorite_id, card.favorites_count]).toEqual([true, a.id, 1]);
    expect(await send('DELETE', `/api/mentor-favorites/${a.id}/`, { user: asUser(user) }).then((r) => r.status)).toBe(204);
    expect((await expectJson<any[]>(send('GET', '/api/mentor-favorites', { user: asUser(user) }), 200)).map((f) => f.id)).toEqual([b.id]);
    expect((await expectJson(send('DELETE', `/api/mentor-favorites/${a.id}/`, { user: asUser(user) }), 404)).code).toBe('not_found');
  });

  it('refuses a duplicate, a non-mentor and oneself', async () => {
    const user = await createUser(t.db, { role: 'mentor' });
    const m = await createUser(t.db, { role: 'mentor' });
    await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: { mentor: m.id } }), 201);
    expect(await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: { mentor: m.id } }), 409)).toEqual({
      detail: 'Ментор уже в избранном',
      code: 'already_favorite',
    });
    const mentee = await createUser(t.db);
    expect(await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: { mentor: mentee.id } }), 404)).toEqual({
      detail: 'Ментор не найден',
      code: 'not_found',
    });
    expect((await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: { mentor: user.id } }), 400)).fields).toEqual({
      mentor: 'Нельзя добавить в избранное себя',
    });
    expect((await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(user), body: {} }), 400)).fields).toEqual({ mentor: 'Некорректный ментор' });
  });

  it("answers 404 for another user's favourite and leaves it alone; 401 for visitors", async () => {
    const [owner, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const m = await createUser(t.db, { role: 'mentor' });
    const fav = await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(owner), body: { mentor: m.id } }), 201);
    expect((await expectJson(send('DELETE', `/api/mentor-favorites/${fav.id}/`, { user: asUser(other) }), 404)).code).toBe('not_found');
    expect(await expectJson(send('GET', '/api/mentor-favorites/', { user: asUser(other) }), 200)).toEqual([]);
    expect(await expectJson<any[]>(send('GET', '/api/mentor-favorites/', { user: asUser(owner) }), 200)).toHaveLength(1);
    for (const [method, path] of [
      ['GET', '/api/mentor-favorites/'],
      ['POST', '/api/mentor-favorites/'],
      ['DELETE', `/api/mentor-favorites/${fav.id}/`],
      ['GET', '/api/users/my-mentors/history/'],
    ] as const) {
      expect((await expectJson(send(method, path, { body: method === 'POST' ? { mentor: m.id } : undefined }), 401)).code).toBe('not_authenticated');
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

    const body = await expectJson<any[]>(send('GET', '/api/users/my-mentors/history/', { user: asUser(me) }), 200);
    expect(body).toEqual([
      expect.objectContaining({ id: host.id, mentor_name: 'Олег', sessions_count: 1, last_contact_at: event.startsAt.toISOString() }),
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
      },
    ]);
    expect(await expectJson(send('GET', '/api/users/my-mentors/history', { user: asUser(consultant) }), 200)).toEqual([]);
  });
});
