// Registration for events: the seat rules hold in the database, so 200 people at once can't oversell 10
// seats; each attempt goes through the API on its own connection, as separate Worker requests would.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createEvent, createUser, uniqueEmail } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

async function mentorEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const mentor = await createUser(t.db, { role: 'mentor' });
  const event = await createEvent(t.db, mentor.id, values);
  return { mentor, event };
}

const takenSpots = async (id: number) => (await t.db.select({ n: events.takenSpots }).from(events).where(eq(events.id, id)))[0].n;
type Caller = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: Caller) => apiAs(user && asUser(user), { trailingSlash: true }).events;
const registerAs = (user: Caller, eventId: number, userId: number | undefined = user.id) => as(user).register_for_event.$post({ json: { event_id: eventId, user_id: userId } });
const checkAs = (user: Caller | undefined, eventId: number, userId?: number) =>
  as(user).check_registration.$get({ query: userId === undefined ? { event_id: String(eventId) } : { event_id: String(eventId), user_id: String(userId) } });

describe('registering for an event', () => {
  it('confirms a free event at once and answers 201 {id, event_id, status}', async () => {
    const { event } = await mentorEvent({ price: 0 });
    const user = await createUser(t.db);
    const body = await expectOk(registerAs(user, event.id), 201);
    expect(body).toEqual({ id: expect.any(Number), event_id: event.id, status: 'confirmed', hold_expires_at: null });
    expect(await takenSpots(event.id)).toBe(1);
    expect(await expectOk(checkAs(user, event.id, user.id), 200)).toEqual({
      is_registered: true,
      status: 'confirmed',
    });
  });

  it('holds a seat of a paid event for 15 minutes, pending payment', async () => {
    const { event } = await mentorEvent({ price: 2500 });
    const user = await createUser(t.db);
    const before = Date.now();
    const body = await expectOk(registerAs(user, event.id, undefined), 201);
    expect(body.status).toBe('pending_payment');
    const hold = new Date(body.hold_expires_at ?? '').getTime();
    expect(hold - before).toBeGreaterThan(14 * 60_000);
    expect(hold - before).toBeLessThan(16 * 60_000);
    expect(await expectOk(apiAs(asUser(user)).events.check_registration.$get({ query: { event_id: String(event.id) } }), 200)).toEqual({
      is_registered: true,
      status: 'pending_payment',
    });
  });

  it('treats a paid event with a 100% discount as free', async () => {
    const { event } = await mentorEvent({ price: 2500, discountPercent: 100 });
    expect((await expectOk(registerAs(await createUser(t.db), event.id), 201)).status).toBe('confirmed');
  });

  it('gives a seat held past its expiry to the next person', async () => {
    const { event } = await mentorEvent({ price: 1000, totalSpots: 1 });
    const [first, second] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await expectOk(registerAs(first, event.id), 201);
    expect((await expectError(registerAs(second, event.id), 409)).code).toBe('no_seats');
    await t.db.update(eventRegistrations).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(eventRegistrations.userId, first.id));
    expect((await expectOk(registerAs(second, event.id), 201)).status).toBe('pending_payment');
    expect(await takenSpots(event.id)).toBe(1);
  });

  it('is for signed-in users only, and only for themselves', async () => {
    const { event } = await mentorEvent();
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    expect((await expectError(as().register_for_event.$post({ json: { event_id: event.id, user_id: user.id } }), 401)).code).toBe(
      'not_authenticated',
    );
    expect(await expectError(registerAs(user, event.id, other.id), 403)).toEqual({ detail: 'Можно зарегистрировать только себя', code: 'forbidden' });
    expect(await takenSpots(event.id)).toBe(0);
  });

  it("refuses the event's own mentor", async () => {
    const { mentor, event } = await mentorEvent();
    expect(await expectError(registerAs(mentor, event.id), 403)).toEqual({ detail: 'Вы не можете зарегистрироваться на своё мероприятие', code: 'forbidden' });
  });

  it('is closed for canceled and started events, 404 for a missing one', async () => {
    const user = await createUser(t.db);
    const closed = { detail: 'Регистрация на это мероприятие закрыта', code: 'registration_closed' };
    const { event: canceled } = await mentorEvent({ isCanceled: true });
    expect(await expectError(registerAs(user, canceled.id), 409)).toEqual(closed);
    const { event: started } = await mentorEvent({ startsAt: new Date(Date.now() - 10 * 60_000), durationMinutes: 120 });
    expect(await expectError(registerAs(user, started.id), 409)).toEqual(closed);
    expect(await expectError(registerAs(user, 2_147_000_000), 404)).toEqual({ detail: 'Мероприятие не найдено', code: 'not_found' });
    expect((await expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(user), body: {} }), 400)).fields).toEqual({
      event_id: 'Некорректное мероприятие',
    });
  });

  it('refuses a second registration of the same person', async () => {
    const { event } = await mentorEvent();
    const user = await createUser(t.db);
    await expectOk(registerAs(user, event.id), 201);
    expect(await expectError(registerAs(user, event.id), 409)).toEqual({ detail: 'Вы уже зарегистрированы', code: 'already_registered' });
    expect(await takenSpots(event.id)).toBe(1);
  });

  it('lets exactly 10 of 200 simultaneous people into 10 seats; the others get no_seats', async () => {
    const { event } = await mentorEvent({ totalSpots: 10 });
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 200 }, () => ({ email: uniqueEmail('crowd') })))
      .returning({ id: users.id, role: users.role });
    const responses = await Promise.all(people.map((p) => registerAs(p, event.id)));
    // hc types only the route's own 201: the refusals are thrown errors, answered in the envelope by app.onError
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status as number, body: JSON.parse(await r.text()) as { code?: string } })));
    expect(bodies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = bodies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(190);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'no_seats')).toBe(true);
    expect(await takenSpots(event.id)).toBe(10);
    const list = await expectOk(as().get_event_registrations.$get({ query: { event_id: String(event.id) } }), 200);
    expect(list).toHaveLength(10);
    }, 60_000); // 200 requests, each opening its own database connection (issue 15)

  it('has no seat limit when total_spots is 0', async () => {
    const { event } = await mentorEvent({ totalSpots: 0 });
    const people = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db)));
    for (const p of people) await expectOk(registerAs(p, event.id), 201);
    expect(await takenSpots(event.id)).toBe(3);
  });
});

describe('registration limits', () => {
  it('refuses a 31st attempt within an hour with 429', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 30; i++) expect((await registerAs(user, 2_147_000_000)).status).toBe(404);
    expect(await expectError(registerAs(user, 2_147_000_000), 429)).toMatchObject({ code: 'rate_limited' });
  });
});

describe('unregistering', () => {
  it('cancels the registration and returns the seat, on both paths', async () => {
    const { event } = await mentorEvent({ totalSpots: 1 });
    const [user, next] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await expectOk(registerAs(user, event.id), 201);
    expect((await expectError(registerAs(next, event.id), 409)).code).toBe('no_seats');
    expect(await expectOk(as(user).unregister_from_event.$post({ json: { event_id: event.id, user_id: user.id } }), 200)).toEqual({
      detail: 'Регистрация отменена',
      refund: 'not_paid',
    });
    expect(await takenSpots(event.id)).toBe(0);
    expect(await expectOk(checkAs(user, event.id, user.id), 200)).toEqual({
      is_registered: false,
      status: null,
    });
    await expectOk(registerAs(next, event.id), 201);
    await expectOk(as(next).unregister.$post({ json: { event_id: event.id, user_id: next.id } }), 200);
    expect(await takenSpots(event.id)).toBe(0);
    // and one may register again afterwards
    await expectOk(registerAs(user, event.id), 201);
  });

  it('is 404 when not registered, 403 for someone else, 401 for visitors', async () => {
    const { event } = await mentorEvent();
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    expect(await expectError(as(user).unregister.$post({ json: { event_id: event.id, user_id: user.id } }), 404)).toEqual({
      detail: 'Вы не зарегистрированы на это мероприятие',
      code: 'not_found',
    });
    await expectOk(registerAs(other, event.id), 201);
    expect((await expectError(as(user).unregister.$post({ json: { event_id: event.id, user_id: other.id } }), 403)).code).toBe('forbidden');
    expect((await expectError(as().unregister.$post({ json: { event_id: event.id, user_id: other.id } }), 401)).code).toBe('not_authenticated');
    expect(await takenSpots(event.id)).toBe(1);
  });
});

describe('registration lists and checks', () => {
  it('lists live registrations to anyone as seats taken; who registered only to the mentor, an admin, or the person themselves', async () => {
    const { mentor, event } = await mentorEvent({ price: 100, isPublic: false });
    const [a, b, c] = await Promise.all([createUser(t.db, { firstName: 'Алла', lastName: 'Берг' }), createUser(t.db, { firstName: 'Борис', lastName: 'Ким' }), createUser(t.db)]);
    const ra = await expectOk(registerAs(a, event.id), 201);
    const rb = await expectOk(registerAs(b, event.id), 201);
    await expectOk(registerAs(c, event.id), 201);
    await expectOk(as(c).unregister.$post({ json: { event_id: event.id } }), 200);
    await t.db.update(eventRegistrations).set({ status: 'confirmed' }).where(eq(eventRegistrations.id, rb.id));
    const listAs = (user?: Caller) => expectOk(apiAs(user && asUser(user)).events.get_event_registrations.$get({ query: { event_id: String(event.id) } }), 200);

    const named = [
      { id: ra.id, user_id: a.id, name: 'Алла Берг', status: 'pending_payment', created_at: expect.any(String) },
      { id: rb.id, user_id: b.id, name: 'Борис Ким', status: 'confirmed', created_at: expect.any(String) },
    ];
    const anonymous = named.map((r) => ({ ...r, user_id: null, name: null }));
    expect(await listAs(mentor)).toEqual(named);
    expect(await listAs(await createUser(t.db, { role: 'admin' }))).toEqual(named);
    // a visitor, a stranger, and someone who left: the count, not the people (a private event too)
    expect(await listAs()).toEqual(anonymous);
    expect(await listAs(await createUser(t.db))).toEqual(anonymous);
    expect(await listAs(c)).toEqual(anonymous);
    // a participant sees themselves, not the others
    expect(await listAs(a)).toEqual([named[0], anonymous[1]]);

    expect(await expectOk(as().get_event_registrations.$get({ query: { event_id: String((await mentorEvent()).event.id) } }), 200)).toEqual([]);
    expect((await expectError(as().get_event_registrations.$get({ query: { event_id: '2147000000' } }), 404)).detail).toBe('Мероприятие не найдено');
  });

  it('answers visitors not registered, and refuses checking someone else', async () => {
    const { event } = await mentorEvent();
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await expectOk(registerAs(other, event.id), 201);
    expect(await expectOk(checkAs(undefined, event.id, other.id), 200)).toEqual({
      is_registered: false,
      status: null,
    });
    expect((await expectError(checkAs(user, event.id, other.id), 403)).code).toBe(
      'forbidden',
    );
  });
});

describe('GET /api/events/my-registrations/', () => {
  it("lists the caller's live registrations only", async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const [mine, left, others] = await Promise.all([createEvent(t.db, mentor.id), createEvent(t.db, mentor.id), createEvent(t.db, mentor.id)]);
    const [user, stranger] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await t.db.insert(eventRegistrations).values([
      { eventId: mine.id, userId: user.id, status: 'confirmed' },
      { eventId: left.id, userId: user.id, status: 'canceled' },
      { eventId: others.id, userId: stranger.id, status: 'confirmed' },
    ]);
    const list = await expectOk(as(user)['my-registrations'].$get(), 200);
    expect(list.map((e) => e.id)).toEqual([mine.id]);
    expect((await as()['my-registrations'].$get()).status).toBe(401);
  });
});
