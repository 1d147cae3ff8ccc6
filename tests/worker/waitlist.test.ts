// The line of a full event (issue 38 §3, decision 023): joining and leaving it, a freed seat offered to the first in
// line whatever freed it (a cancellation, a payment hold that ran out, the mentor adding seats), the offer's deadline
// passing the seat on, a paid offer held while its person pays, and 200 in line with 10 seats freeing at once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations, eventWaitlist, events } from '../../drizzle/schema/events.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { users } from '../../drizzle/schema/users.ts';
import { runMinuteJobs } from '../../worker/maintenance/minute-jobs.ts';
import { createEvent, createUser, uniqueEmail } from '../factories.ts';
import { DAY, HOUR, providerCtx, type User } from './escrow-fixtures.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, countMail, expectJson, send } from './json-api.ts';

const t = useTestDb();

type Caller = { id: number; role: User['role'] };
const post = (user: Caller | undefined, path: string, body: unknown) => send('POST', `/api/events/${path}/`, { user: user && asUser(user), body });
const join = (user: Caller, eventId: number) => post(user, 'waitlist/join', { event_id: eventId });
const leave = (user: Caller, eventId: number) => post(user, 'waitlist/leave', { event_id: eventId });
const accept = (user: Caller, eventId: number) => post(user, 'waitlist/accept', { event_id: eventId });
const register = (user: Caller, eventId: number) => post(user, 'register_for_event', { event_id: eventId });
const unregister = (user: Caller, eventId: number) => post(user, 'unregister', { event_id: eventId });
const line = (user: Caller | undefined, eventId: number) => expectJson(send('GET', `/api/events/waitlist/?event_id=${eventId}`, { user: user && asUser(user) }), 200);

const takenSpots = async (id: number) => (await t.db.select({ n: events.takenSpots }).from(events).where(eq(events.id, id)))[0].n;
const place = async (eventId: number, userId: number) =>
  (await t.db.select().from(eventWaitlist).where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId))).orderBy(eventWaitlist.id)).at(-1);
const registration = async (eventId: number, userId: number) =>
  (await t.db.select().from(eventRegistrations).where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId))).orderBy(eventRegistrations.id)).at(-1);
const offerNotices = (userId: number) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'waitlist_offer')));

/** An event whose seats are all taken by confirmed people (free) or by paid holds (paid), and its seat holders. */
async function fullEvent(values: Partial<typeof events.$inferInsert> = {}, seats = 1) {
  const mentor = await createUser(t.db, { role: 'mentor' });
  const event = await createEvent(t.db, mentor.id, { totalSpots: seats, ...values });
  const holders: User[] = [];
  for (let i = 0; i < seats; i++) {
    const holder = await createUser(t.db);
    await expectJson(register(holder, event.id), 201);
    holders.push(holder);
  }
  return { mentor, event, holders };
}

async function queue(eventId: number, n: number) {
  const people: User[] = [];
  for (let i = 0; i < n; i++) {
    const p = await createUser(t.db);
    expect(await expectJson(join(p, eventId), 201)).toEqual({ status: 'waiting' });
    people.push(p);
  }
  return people;
}

const runOutRegistrationHold = (registrationId: number) =>
  t.db.update(eventRegistrations).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(eventRegistrations.id, registrationId));

describe('joining and leaving the line', () => {
  it('lets people line up for a full event, each seeing their place; the mentor sees who, a stranger only how many', async () => {
    const { mentor, event } = await fullEvent();
    const [first, second] = await queue(event.id, 2);
    expect(await line(second, event.id)).toEqual({ waiting: 2, offered: 0, paid: false, mine: { status: 'waiting', position: 2, offer_expires_at: null }, people: null });
    expect(await line(undefined, event.id)).toMatchObject({ waiting: 2, mine: null, people: null });
    const seen = await line(mentor, event.id);
    expect(seen.people).toEqual([
      { user_id: first.id, name: `${first.firstName ?? ''} ${first.lastName ?? ''}`.trim(), status: 'waiting', position: 1, offer_expires_at: null },
      { user_id: second.id, name: expect.any(String), status: 'waiting', position: 2, offer_expires_at: null },
    ]);
    expect(await takenSpots(event.id)).toBe(1);
  });

  it('refuses a line where a seat is free, a second place, someone registered, the mentor, a visitor, and another user', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const open = await createEvent(t.db, mentor.id, { totalSpots: 2 });
    const person = await createUser(t.db);
    expect(await expectJson(join(person, open.id), 409)).toEqual({ detail: 'Места есть: зарегистрируйтесь на мероприятие', code: 'seats_free' });
    const { event, holders } = await fullEvent();
    await expectJson(join(person, event.id), 201);
    expect((await expectJson(join(person, event.id), 409)).code).toBe('already_waiting');
    expect((await expectJson(join(holders[0]!, event.id), 409)).code).toBe('already_registered');
    expect((await expectJson(join(await t.db.select().from(users).where(eq(users.id, event.mentorId)).then((r) => r[0]!), event.id), 403)).code).toBe('forbidden');
    expect((await expectJson(post(undefined, 'waitlist/join', { event_id: event.id }), 401)).code).toBe('not_authenticated');
    expect((await expectJson(post(person, 'waitlist/join', { event_id: event.id, user_id: holders[0]!.id }), 403)).code).toBe('forbidden');
    expect((await expectJson(join(person, 2_147_000_000), 404)).code).toBe('not_found');
  });

  it('lets a person leave while waiting; the line closes up behind them', async () => {
    const { event } = await fullEvent();
    const [first, second] = await queue(event.id, 2);
    expect(await expectJson(leave(first, event.id), 200)).toEqual({ detail: 'Вы вышли из листа ожидания' });
    expect((await line(second, event.id)).mine).toEqual({ status: 'waiting', position: 1, offer_expires_at: null });
    expect((await expectJson(leave(first, event.id), 404)).code).toBe('not_found');
    // and may line up again, at the end
    await expectJson(join(first, event.id), 201);
    expect((await line(first, event.id)).mine.position).toBe(2);
  });
});

describe('a freed seat offered to the first in line', () => {
  it('on a cancellation: the first gets the seat held for 2 hours, a notification and an e-mail; nobody can take it', async () => {
    const { event, holders } = await fullEvent();
    const [first, second] = await queue(event.id, 2);
    await expectJson(unregister(holders[0]!, event.id), 200);
    const offer = await place(event.id, first.id);
    expect(offer).toMatchObject({ status: 'offered', notifiedAt: expect.any(Date) });
    const held = await registration(event.id, first.id);
    expect(held).toMatchObject({ id: offer!.registrationId, status: 'pending_payment' });
    expect(held!.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(2 * HOUR - 60_000);
    expect(held!.holdExpiresAt!.getTime() - Date.now()).toBeLessThan(2 * HOUR + 60_000);
    expect(await takenSpots(event.id)).toBe(1);
    expect(await offerNotices(first.id)).toEqual([expect.objectContaining({ message: expect.stringContaining('Освободилось место на мероприятии «Тестовое мероприятие»') })]);
    expect(await countMail(t.db, first.email!, 'Освободилось место: «Тестовое мероприятие»')).toBe(1);
    expect((await line(first, event.id)).mine).toEqual({ status: 'offered', position: null, offer_expires_at: held!.holdExpiresAt!.toISOString() });
    expect((await line(second, event.id)).mine.position).toBe(1);
    // someone not in line finds no seat
    expect((await expectJson(register(await createUser(t.db), event.id), 409)).code).toBe('no_seats');
  });

  it('on an expired payment hold: the minute job frees the seat, offers it and tells the first in line once', async () => {
    const { event, holders } = await fullEvent({ price: 1500 });
    const [first] = await queue(event.id, 1);
    await runOutRegistrationHold((await registration(event.id, holders[0]!.id))!.id);
    const report = await runMinuteJobs(providerCtx(t.db), new Date());
    expect(report.waitlistOffers).toBeGreaterThanOrEqual(1);
    expect(await place(event.id, first.id)).toMatchObject({ status: 'offered' });
    expect(await registration(event.id, first.id)).toMatchObject({ status: 'pending_payment' });
    expect(await takenSpots(event.id)).toBe(1);
    await runMinuteJobs(providerCtx(t.db), new Date());
    expect(await offerNotices(first.id)).toHaveLength(1);
    expect(await countMail(t.db, first.email!, `Освободилось место: «${event.title}»`)).toBe(1);
  });

  it('on the mentor adding seats: as many offers as seats added, in line order', async () => {
    const { mentor, event } = await fullEvent({}, 1);
    const people = await queue(event.id, 3);
    await expectJson(
      call(`/api/events/UpdateEvent/?id=${event.id}`, {
        method: 'PUT',
        user: asUser(mentor),
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ total_spots: 3 }),
      }),
      200,
    );
    expect((await place(event.id, people[0]!.id))!.status).toBe('offered');
    expect((await place(event.id, people[1]!.id))!.status).toBe('offered');
    expect((await place(event.id, people[2]!.id))!.status).toBe('waiting');
    expect(await takenSpots(event.id)).toBe(3);
    expect(await offerNotices(people[1]!.id)).toHaveLength(1);
  });

  it('passes the seat to the next when the deadline is missed', async () => {
    const { event, holders } = await fullEvent({ price: 900 });
    const [first, second] = await queue(event.id, 2);
    await expectJson(unregister(holders[0]!, event.id), 200);
    const offered = await place(event.id, first.id);
    await runOutRegistrationHold(offered!.registrationId!);
    await runMinuteJobs(providerCtx(t.db), new Date());
    expect(await place(event.id, first.id)).toMatchObject({ status: 'lapsed', endedAt: expect.any(Date) });
    expect(await registration(event.id, first.id)).toMatchObject({ status: 'canceled' });
    expect(await place(event.id, second.id)).toMatchObject({ status: 'offered' });
    expect(await offerNotices(second.id)).toHaveLength(1);
    expect(await takenSpots(event.id)).toBe(1);
  });

  it('gives a near event a shorter deadline: an hour before the start, yet at least 15 minutes', async () => {
    for (const [startsIn, lasts] of [
      [90 * 60_000, 30 * 60_000],
      [40 * 60_000, 15 * 60_000],
    ] as const) {
      const { event, holders } = await fullEvent({ startsAt: new Date(Date.now() + startsIn) });
      const [first] = await queue(event.id, 1);
      await expectJson(unregister(holders[0]!, event.id), 200);
      const { offerExpiresAt } = (await place(event.id, first.id))!;
      expect(Math.abs(offerExpiresAt!.getTime() - Date.now() - lasts)).toBeLessThan(60_000);
    }
  });

  it('lets a person give up an offer: the seat goes to the next at once', async () => {
    const { event, holders } = await fullEvent();
    const [first, second] = await queue(event.id, 2);
    await expectJson(unregister(holders[0]!, event.id), 200);
    await expectJson(leave(first, event.id), 200);
    expect(await place(event.id, first.id)).toMatchObject({ status: 'left' });
    expect(await place(event.id, second.id)).toMatchObject({ status: 'offered', notifiedAt: expect.any(Date) });
    expect(await takenSpots(event.id)).toBe(1);
  });
});

describe('taking an offer', () => {
  it('confirms a free seat; a second try, or one without an offer, is refused', async () => {
    const { event, holders } = await fullEvent();
    const [first, second] = await queue(event.id, 2);
    expect((await expectJson(accept(first, event.id), 409)).code).toBe('no_offer');
    await expectJson(unregister(holders[0]!, event.id), 200);
    expect(await expectJson(accept(first, event.id), 200)).toEqual({ detail: 'Место ваше', status: 'confirmed' });
    expect(await registration(event.id, first.id)).toMatchObject({ status: 'confirmed' });
    expect(await place(event.id, first.id)).toMatchObject({ status: 'accepted' });
    expect((await expectJson(accept(first, event.id), 409)).code).toBe('no_offer');
    expect((await expectJson(accept(second, event.id), 409)).code).toBe('no_offer');
    expect(await takenSpots(event.id)).toBe(1);
  });

  it('the schedule names a held offer by its deadline, not as a seat waiting for payment', async () => {
    const { event, holders } = await fullEvent({ startsAt: new Date(Date.now() + 3 * DAY) });
    const [first] = await queue(event.id, 1);
    await expectJson(unregister(holders[0]!, event.id), 200);
    const day = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 10);
    const mine = await expectJson<{ registered_events: { id: number; registration_status: string; offer_expires_at: string | null }[] }>(
      send('GET', `/api/calendars/schedule/?start_date=${day(0)}&end_date=${day(5 * DAY)}`, { user: asUser(first!) }),
      200,
    );
    const offer = (await place(event.id, first!.id))!;
    expect(mine.registered_events.map((e) => [e.id, e.registration_status, e.offer_expires_at])).toEqual([[event.id, 'pending_payment', offer.offerExpiresAt!.toISOString()]]);
  });

  it('holds a paid seat while its person pays through the sandbox; paying confirms it and ends the place in line', async () => {
    const { event, holders } = await fullEvent({ price: 1200, startsAt: new Date(Date.now() + 3 * DAY) });
    const [first] = await queue(event.id, 1);
    await runOutRegistrationHold((await registration(event.id, holders[0]!.id))!.id);
    await runMinuteJobs(providerCtx(t.db), new Date());
    expect((await expectJson(accept(first, event.id), 409)).code).toBe('payment_required');
    const { confirmation_url } = await expectJson(
      send('POST', '/api/payments/deals/', { user: asUser(first), body: { service_type: 'event', service_id: event.id, return_url: '/payment-return' } }),
      200,
    );
    const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
    await expectJson(send('POST', `/api/sandbox/checkout/${String(confirmation_url).split('/').at(-1)}/pay/`, { body: { card_number: '4111 1111 1111 1111', expiry, cvc: '123' } }), 200);
    expect(await registration(event.id, first.id)).toMatchObject({ status: 'confirmed' });
    expect(await place(event.id, first.id)).toMatchObject({ status: 'accepted' });
    expect(await takenSpots(event.id)).toBe(1);
  });
});

describe('never oversold', () => {
  it('with 200 in line and 10 seats freeing at once: exactly 10 offers, to the first 10, and outsiders find no seat', async () => {
    const { event, holders } = await fullEvent({}, 10);
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 200 }, () => ({ email: uniqueEmail('line') })))
      .returning({ id: users.id, role: users.role });
    // 200 join at once, each on its own connection
    const joins = await Promise.all(people.map((p) => join(p, event.id)));
    expect(joins.every((r) => r.status === 201)).toBe(true);
    const order = await t.db.select({ userId: eventWaitlist.userId }).from(eventWaitlist).where(eq(eventWaitlist.eventId, event.id)).orderBy(eventWaitlist.createdAt, eventWaitlist.id);
    const outsiders = await t.db
      .insert(users)
      .values(Array.from({ length: 20 }, () => ({ email: uniqueEmail('outsider') })))
      .returning({ id: users.id, role: users.role });
    // the 10 seat holders leave at the same moment as 20 outsiders try to register
    const [left, tried] = await Promise.all([Promise.all(holders.map((h) => unregister(h, event.id))), Promise.all(outsiders.map((o) => register(o, event.id)))]);
    expect(left.every((r) => r.status === 200)).toBe(true);
    expect(await Promise.all(tried.map(async (r) => [r.status, (JSON.parse(await r.text()) as { code: string }).code]))).toEqual(outsiders.map(() => [409, 'no_seats']));
    const offered = await t.db.select({ userId: eventWaitlist.userId }).from(eventWaitlist).where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.status, 'offered')));
    expect(offered).toHaveLength(10);
    expect(new Set(offered.map((o) => o.userId))).toEqual(new Set(order.slice(0, 10).map((o) => o.userId)));
    expect(await takenSpots(event.id)).toBe(10);
    const live = await t.db.select({ id: eventRegistrations.id }).from(eventRegistrations).where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'pending_payment')));
    expect(live).toHaveLength(10);
    expect((await line(undefined, event.id))).toMatchObject({ waiting: 190, offered: 10 });
  }, 90_000); // 230 requests, each on its own database connection
});
