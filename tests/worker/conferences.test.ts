// Meetings' REST calls (decision 012): the mentor opens the room with POST /conferences/update-from-salute-jazz/
// inside its window, and GET /conferences/get/ lets in only the mentor, a confirmed participant of the event or
// the booker of a paid booking, with the spec's messages, a join credential for that person and room, and ICE
// servers from configuration (Cloudflare TURN against a local fake, with its fallback).
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conferences } from '../../drizzle/schema/conferences.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { events } from '../../drizzle/schema/events.ts';
import { CONFERENCE_CLOSE, conferenceServerMessage, type ConferenceServerMessage } from '../../party/protocol/conference.ts';
import { ACCESS_COOKIE, signAccessToken } from '../../worker/auth/access-token.ts';
import { createApp } from '../../worker/app.ts';
import { TURN_MAX_TTL_SECONDS } from '../../worker/conferences/cloudflare-turn.ts';
import {
  CLOSES_AFTER_MINUTES,
  MESH_MAX_PEERS,
  OPENS_BEFORE_MINUTES,
  conferenceWindow,
  windowState,
} from '../../worker/conferences/conference-window.ts';
import { CONFERENCE_GETS_PER_MINUTE } from '../../worker/conferences/conferences.schemas.ts';
import { CLOUDFLARE_STUN, iceServers } from '../../worker/conferences/ice-servers.ts';
import { verifyJoinToken } from '../../worker/conferences/join-token.ts';
import { createEvent, createUser } from '../factories.ts';
import { FAKE_TURN_URL, fakeCloudflareTurn } from '../fakes/cloudflare-turn.ts';
import { DAY, paidBooking, pendingBooking, shiftSlot } from './escrow-fixtures.ts';
import { heldRegistration } from './payments-fixtures.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, apiOver, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();
const MINUTE = 60_000;

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
type Kind = 'events' | 'consultationbooking';
/** the typed client's conferences as this user (a visitor without one), on the spec's paths with the trailing slash */
const conferencesOf = (user: Person | null) => apiAs(user ? asUser(user) : undefined, { trailingSlash: true }).conferences;
type StartJson = InferRequestType<ReturnType<typeof conferencesOf>['update-from-salute-jazz']['$post']>['json'];
const start = (user: Person | null, content_type: Kind, object_id: unknown, extra: Partial<Omit<StartJson, 'content_type' | 'object_id'>> = {}) =>
  conferencesOf(user)['update-from-salute-jazz'].$post({ json: { content_type, object_id, ...extra } });
/** a content type or status the typed client would not send, on purpose */
const sendStart = (user: Person, body: object) => send('POST', '/api/conferences/update-from-salute-jazz/', { user: asUser(user), body });
const end = (user: Person, content_type: Kind, object_id: number) => start(user, content_type, object_id, { status: 'ended' });
/** a query as written, for the malformed ones the typed client would not build */
const get = (user: Person | null, query: string) => send('GET', `/api/conferences/get/?${query}`, { user: user ? asUser(user) : undefined });
const getRoom = (user: Person | null, content_type: Kind, object_id: number) =>
  conferencesOf(user).get.$get({ query: { content_type, object_id: String(object_id) } });

/** A paid consultation starting `startsIn` ms from now (booked ten days ahead, then moved). */
async function booking(startsIn = 10 * MINUTE, minutes = 60) {
  const fixture = await paidBooking(t.db, { startsIn: 10 * DAY, minutes });
  await shiftSlot(t.db, fixture.slot.id, startsIn, minutes);
  return fixture;
}

/** A free event starting in 10 minutes with one confirmed participant (registered through the API). */
async function eventWithParticipant() {
  const mentor = await createUser(t.db, { role: 'mentor' });
  const participant = await createUser(t.db);
  const event = await createEvent(t.db, mentor.id, { title: 'Разбор портфолио', startsAt: new Date(Date.now() + 10 * MINUTE), durationMinutes: 90 });
  await expectOk(apiAs(asUser(participant), { trailingSlash: true }).events.register_for_event.$post({ json: { event_id: event.id } }), 201);
  return { mentor, participant, event };
}

async function roomRow(content_type: Kind, object_id: number) {
  return t.db.select().from(conferences).where(and(eq(conferences.contentType, content_type), eq(conferences.objectId, object_id)));
}

afterEach(() => vi.restoreAllMocks());

describe('POST /conferences/update-from-salute-jazz/', () => {
  it('lets the mentor open the room with our own credentials, idempotently', async () => {
    const { booking: b, mentor } = await booking();
    const opened = await expectOk(start(mentor, 'consultationbooking', b.id, { login: 'mine', password: 'chosen-by-client' }), 200);
    expect(opened).toEqual<typeof opened>({ content_type: 'consultationbooking', object_id: b.id, login: `consultationbooking-${b.id}`, status: 'started', started_at: expect.any(String) });
    const [row] = await roomRow('consultationbooking', b.id);
    expect(row.password).not.toBe('chosen-by-client');
    expect(row.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.createdBy).toBe(mentor.id);

    // a second start (a double click, a second tab) is the same room with the same password and clock
    const again = await expectOk(start(mentor, 'consultationbooking', String(b.id)), 200);
    expect(again).toEqual(opened);
    const rows = await roomRow('consultationbooking', b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].password).toBe(row.password);
  });

  it('ends the room (ended_at now, kept on a second end) and reopens it with a new clock', async () => {
    const { booking: b, mentor, mentee } = await booking();
    expect((await expectError(end(mentor, 'consultationbooking', b.id), 404)).code).toBe('conference_not_started');
    const opened = await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    const ended = await expectOk(end(mentor, 'consultationbooking', b.id), 200);
    expect(ended).toEqual<typeof ended>({ ...opened, status: 'ended' });
    const [first] = await roomRow('consultationbooking', b.id);
    expect(first.status).toBe('ended');
    expect(first.endedAt!.getTime()).toBeGreaterThan(Date.now() - MINUTE);
    await expectOk(end(mentor, 'consultationbooking', b.id), 200);
    expect((await roomRow('consultationbooking', b.id))[0].endedAt).toEqual(first.endedAt);
    expect(await expectError(getRoom(mentee, 'consultationbooking', b.id), 409)).toEqual({ detail: 'Конференция завершена', code: 'conference_ended' });

    const reopened = await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    expect(reopened.status).toBe('started');
    expect(Date.parse(reopened.started_at)).toBeGreaterThan(Date.parse(opened.started_at));
    const [row] = await roomRow('consultationbooking', b.id);
    expect(row.endedAt).toBeNull();
    expect(row.password).toBe(first.password);
    await expectOk(getRoom(mentee, 'consultationbooking', b.id), 200);
  });

  it("lets GET's ws_path and join_token into the room, and ending it tells everyone connected", async () => {
    const { booking: b, mentor, mentee } = await booking();
    await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    const joinInfo = await expectOk(getRoom(mentee, 'consultationbooking', b.id), 200);
    const res = await call(`${joinInfo.ws_path}?token=${encodeURIComponent(joinInfo.join_token)}`, { headers: { upgrade: 'websocket' }, user: asUser(mentee) });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const received: ConferenceServerMessage[] = [];
    const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e: CloseEvent) => resolve(e.code)));
    ws.addEventListener('message', (e: MessageEvent) => {
      received.push(conferenceServerMessage.parse(JSON.parse(e.data as string)));
    });
    ws.accept();
    await vi.waitFor(() => expect(received.map((m) => m.type)).toContain('welcome'), { timeout: 5000 });

    await expectOk(end(mentor, 'consultationbooking', b.id), 200);
    expect(await closed).toBe(CONFERENCE_CLOSE.ended);
    expect(received.map((m) => m.type)).toContain('ended');
  });

  it('is for the mentor only, with the spec messages for a missing id, a visitor and a missing object', async () => {
    const { booking: b, mentee } = await booking();
    const stranger = await createUser(t.db, { role: 'mentor' });
    const hostOnly = { detail: 'Только ведущий может начать конференцию', code: 'forbidden' };
    expect(await expectError(start(mentee, 'consultationbooking', b.id), 403)).toEqual(hostOnly);
    expect(await expectError(start(stranger, 'consultationbooking', b.id), 403)).toEqual(hostOnly);
    expect(await expectError(end(mentee, 'consultationbooking', b.id), 403)).toEqual(hostOnly);
    const { participant, event } = await eventWithParticipant();
    expect(await expectError(start(participant, 'events', event.id), 403)).toEqual(hostOnly);

    expect(await expectError(start(mentee, 'consultationbooking', 2_000_000_000), 404)).toEqual({ detail: 'Бронирование не найдено', code: 'not_found' });
    expect(await expectError(start(mentee, 'events', 2_000_000_000), 404)).toEqual({ detail: 'Мероприятие не найдено', code: 'not_found' });
    for (const bad of [undefined, null, 0, 'abc', 1.5]) {
      const refused = await expectError(start(mentee, 'events', bad), 400);
      expect(refused).toEqual({ detail: 'Не указан ID мероприятия или бронирования', code: 'validation_error', fields: { object_id: 'Не указан ID мероприятия или бронирования' } });
    }
    expect((await expectJson(sendStart(mentee, { content_type: 'webinars', object_id: b.id }), 400)).fields).toEqual({ content_type: 'Укажите тип: events или consultationbooking' });
    expect((await expectJson(sendStart(mentee, { content_type: 'events', object_id: b.id, status: 'paused' }), 400)).fields).toEqual({ status: 'Статус конференции: started или ended' });
    expect(await expectError(start(null, 'events', b.id), 401)).toEqual({ detail: 'Необходима авторизация', code: 'not_authenticated' });
  });

  it('refuses a cancelled event or booking and an unpaid booking', async () => {
    const { mentor, event } = await eventWithParticipant();
    await t.db.update(events).set({ isCanceled: true, canceledAt: new Date() }).where(eq(events.id, event.id));
    expect(await expectError(start(mentor, 'events', event.id), 409)).toEqual({ detail: 'Мероприятие отменено', code: 'event_canceled' });

    const paid = await booking();
    await t.db.update(consultationBookings).set({ status: 'canceled', canceledAt: new Date() }).where(eq(consultationBookings.id, paid.booking.id));
    expect(await expectError(start(paid.mentor, 'consultationbooking', paid.booking.id), 409)).toEqual({ detail: 'Бронирование отменено', code: 'booking_canceled' });

    const unpaid = await pendingBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, unpaid.slot.id, 10 * MINUTE);
    expect(await expectError(start(unpaid.mentor, 'consultationbooking', unpaid.booking.id), 409)).toEqual({ detail: 'Бронирование не оплачено', code: 'booking_not_paid' });
    expect(await roomRow('consultationbooking', unpaid.booking.id)).toEqual([]);
  });

  it(`opens ${OPENS_BEFORE_MINUTES} minutes before the start and can be started until ${CLOSES_AFTER_MINUTES} minutes after the end`, async () => {
    const { booking: b, mentor, slot } = await booking((OPENS_BEFORE_MINUTES + 1) * MINUTE, 60);
    expect(await expectError(start(mentor, 'consultationbooking', b.id), 409)).toEqual({
      detail: 'Конференцию можно начать не раньше чем за 30 минут до начала',
      code: 'conference_too_early',
    });
    await shiftSlot(t.db, slot.id, (OPENS_BEFORE_MINUTES - 1) * MINUTE, 60);
    await expectOk(start(mentor, 'consultationbooking', b.id), 200);

    // ended (CLOSES_AFTER - 1) minutes ago: still startable; (CLOSES_AFTER + 1): too late
    const late = await booking(10 * MINUTE, 30);
    await shiftSlot(t.db, late.slot.id, -(30 + CLOSES_AFTER_MINUTES - 1) * MINUTE, 30);
    await expectOk(start(late.mentor, 'consultationbooking', late.booking.id), 200);
    await expectOk(end(late.mentor, 'consultationbooking', late.booking.id), 200);
    await shiftSlot(t.db, late.slot.id, -(30 + CLOSES_AFTER_MINUTES + 1) * MINUTE, 30);
    expect(await expectError(start(late.mentor, 'consultationbooking', late.booking.id), 409)).toEqual({
      detail: 'Время конференции прошло: её можно начать не позже чем через 2 часа после окончания',
      code: 'conference_too_late',
    });
  });

  it('draws the window edges inclusively', () => {
    const startsAt = new Date('2026-03-10T10:00:00Z');
    const window = conferenceWindow(startsAt, new Date('2026-03-10T11:00:00Z'));
    expect(window).toEqual({ opensAt: new Date('2026-03-10T09:30:00Z'), closesAt: new Date('2026-03-10T13:00:00Z') });
    expect(windowState(window, new Date(window.opensAt.getTime() - 1))).toBe('before');
    expect(windowState(window, window.opensAt)).toBe('open');
    expect(windowState(window, window.closesAt)).toBe('open');
    expect(windowState(window, new Date(window.closesAt.getTime() + 1))).toBe('after');
  });
});

describe('GET /conferences/get/', () => {
  it('gives the booker and the mentor the room, their role and a join credential for them and this room only', async () => {
    const { booking: b, mentor, mentee, slot } = await booking();
    // participants poll while the mentor has not started it
    const waiting = { detail: 'Конференция ещё не началась', code: 'conference_not_started' };
    expect(await expectError(getRoom(mentee, 'consultationbooking', b.id), 404)).toEqual(waiting);
    expect(await expectError(getRoom(mentor, 'consultationbooking', b.id), 404)).toEqual(waiting);
    await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    const [row] = await roomRow('consultationbooking', b.id);

    const guest = await expectOk(getRoom(mentee, 'consultationbooking', b.id), 200);
    expect(guest).toEqual<typeof guest>({
      content_type: 'consultationbooking',
      object_id: b.id,
      login: `consultationbooking-${b.id}`,
      password: row.password,
      status: 'started',
      role: 'participant',
      join_token: expect.any(String),
      ws_path: `/ws/conferences/consultationbooking/${b.id}/`,
      ice_servers: [],
      topology: 'mesh',
      mesh_limit: MESH_MAX_PEERS,
      max_peers: MESH_MAX_PEERS,
      title: 'Разбор резюме',
      starts_at: (await slotTimes(slot.id)).startsAt,
      ends_at: (await slotTimes(slot.id)).endsAt,
      // consultation types are recorded unless the mentor turns it off (decision 019); nobody has started one yet
      is_recorded: true,
      recording: null,
    });
    expect(MESH_MAX_PEERS).toBe(4);
    const host = await expectOk(getRoom(mentor, 'consultationbooking', b.id), 200);
    expect(host.role).toBe('host');

    const secret = bindings.JWT_SECRET;
    const room = { contentType: 'consultationbooking' as const, objectId: b.id };
    expect(await verifyJoinToken(secret, guest.join_token, { ...room, userId: mentee.id })).toEqual({ ...room, userId: mentee.id, role: 'participant' });
    expect(await verifyJoinToken(secret, host.join_token, { ...room, userId: mentor.id })).toEqual({ ...room, userId: mentor.id, role: 'host' });
    expect(await verifyJoinToken(secret, guest.join_token, { ...room, userId: mentor.id })).toBeNull();
    expect(await verifyJoinToken(secret, guest.join_token, { ...room, objectId: b.id + 1, userId: mentee.id })).toBeNull();
    expect(await verifyJoinToken(secret, guest.join_token, { contentType: 'events', objectId: b.id, userId: mentee.id })).toBeNull();
    expect(await verifyJoinToken('another-secret', guest.join_token, { ...room, userId: mentee.id })).toBeNull();
  });

  it("refuses a stranger to a booking, an unpaid or cancelled booking, with the spec's messages", async () => {
    const { booking: b, mentor, mentee } = await booking();
    await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    const stranger = await createUser(t.db);
    expect(await expectError(getRoom(stranger, 'consultationbooking', b.id), 403)).toEqual({ detail: 'У вас нет доступа к этому бронированию', code: 'forbidden' });

    const unpaid = await pendingBooking(t.db, { startsIn: 10 * DAY });
    await shiftSlot(t.db, unpaid.slot.id, 10 * MINUTE);
    expect(await expectError(getRoom(unpaid.mentee, 'consultationbooking', unpaid.booking.id), 409)).toEqual({ detail: 'Бронирование не оплачено', code: 'booking_not_paid' });
    // a stranger learns nothing about the state of someone else's booking
    expect((await expectError(getRoom(stranger, 'consultationbooking', unpaid.booking.id), 403)).detail).toBe('У вас нет доступа к этому бронированию');

    await t.db.update(consultationBookings).set({ status: 'canceled', canceledAt: new Date() }).where(eq(consultationBookings.id, b.id));
    for (const who of [mentee, mentor]) {
      expect(await expectError(getRoom(who, 'consultationbooking', b.id), 409)).toEqual({ detail: 'Бронирование отменено', code: 'booking_canceled' });
    }
  });

  it('lets in a confirmed participant of the event and refuses the unregistered, the unpaid and a cancelled event', async () => {
    const { mentor, participant, event } = await eventWithParticipant();
    await expectOk(start(mentor, 'events', event.id), 200);
    const joined = await expectOk(getRoom(participant, 'events', event.id), 200);
    expectMatch(joined, {
      content_type: 'events',
      object_id: event.id,
      login: `events-${event.id}`,
      role: 'participant',
      ws_path: `/ws/conferences/events/${event.id}/`,
      title: 'Разбор портфолио',
      starts_at: event.startsAt.toISOString(),
      ends_at: new Date(event.startsAt.getTime() + 90 * MINUTE).toISOString(),
    });
    expect((await expectOk(getRoom(mentor, 'events', event.id), 200)).role).toBe('host');

    const outsider = await createUser(t.db);
    expect(await expectError(getRoom(outsider, 'events', event.id), 403)).toEqual({ detail: 'Вы не зарегистрированы на это мероприятие', code: 'not_registered' });
    // after leaving, the same person is an outsider again
    await expectOk(apiAs(asUser(participant), { trailingSlash: true }).events.unregister.$post({ json: { event_id: event.id } }), 200);
    expect((await expectError(getRoom(participant, 'events', event.id), 403)).code).toBe('not_registered');

    const held = await heldRegistration(t.db, { startsAt: new Date(Date.now() + 10 * MINUTE) });
    await expectOk(start(held.mentor, 'events', held.event.id), 200);
    expect(await expectError(getRoom(held.participant, 'events', held.event.id), 403)).toEqual({ detail: 'Участие в мероприятии не оплачено', code: 'registration_not_paid' });

    await t.db.update(events).set({ isCanceled: true, canceledAt: new Date() }).where(eq(events.id, event.id));
    for (const who of [outsider, mentor]) {
      expect(await expectError(getRoom(who, 'events', event.id), 409)).toEqual({ detail: 'Мероприятие отменено', code: 'event_canceled' });
    }
  });

  it("tells a non-registered person «У вас нет доступа к этому мероприятию» once registering is over (spec 002 §6), on the join page's window call too", async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const outsider = await createUser(t.db);
    const event = await createEvent(t.db, mentor.id, { startsAt: new Date(Date.now() - 10 * MINUTE), durationMinutes: 90 });
    await expectOk(start(mentor, 'events', event.id), 200);
    // registering has closed at the start, so «Вы не зарегистрированы» would point to nothing to do
    expect(await expectError(apiAs(asUser(outsider), { trailingSlash: true }).events.register_for_event.$post({ json: { event_id: event.id } }), 409)).toMatchObject({ code: 'registration_closed' });
    expect(await expectError(getRoom(outsider, 'events', event.id), 403)).toEqual({ detail: 'У вас нет доступа к этому мероприятию', code: 'forbidden' });
    expect(await expectError(conferencesOf(outsider).window.$get({ query: { content_type: 'events', object_id: String(event.id) } }), 403)).toEqual({
      detail: 'У вас нет доступа к этому мероприятию',
      code: 'forbidden',
    });
  });

  it('answers the spec messages for a missing id, a visitor and a missing object', async () => {
    const user = await createUser(t.db);
    const noId = { detail: 'Не указан ID мероприятия или бронирования', code: 'validation_error', fields: { object_id: 'Не указан ID мероприятия или бронирования' } };
    for (const query of ['content_type=events', 'content_type=events&object_id=', 'content_type=events&object_id=abc', 'content_type=consultationbooking&object_id=-3']) {
      expect(await expectJson(get(user, query), 400)).toEqual(noId);
    }
    expect((await expectJson(get(user, 'object_id=5'), 400)).fields).toEqual({ content_type: 'Укажите тип: events или consultationbooking' });
    expect(await expectError(getRoom(null, 'events', 5), 401)).toEqual({ detail: 'Необходима авторизация', code: 'not_authenticated' });
    expect(await expectError(getRoom(user, 'events', 2_000_000_000), 404)).toEqual({ detail: 'Мероприятие не найдено', code: 'not_found' });
    expect(await expectError(getRoom(user, 'consultationbooking', 2_000_000_000), 404)).toEqual({ detail: 'Бронирование не найдено', code: 'not_found' });
  });

  it('closes the room after its window even if nobody ended it, and opens nothing before it', async () => {
    const { booking: b, mentor, mentee, slot } = await booking(10 * MINUTE, 30);
    await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    await shiftSlot(t.db, slot.id, -(30 + CLOSES_AFTER_MINUTES - 1) * MINUTE, 30);
    await expectOk(getRoom(mentee, 'consultationbooking', b.id), 200);
    await shiftSlot(t.db, slot.id, -(30 + CLOSES_AFTER_MINUTES + 1) * MINUTE, 30);
    expect((await expectError(getRoom(mentee, 'consultationbooking', b.id), 409)).code).toBe('conference_ended');
    // moved to next week after it was started: the old room waits for its new window
    await shiftSlot(t.db, slot.id, 7 * DAY, 30);
    expect((await expectError(getRoom(mentee, 'consultationbooking', b.id), 404)).code).toBe('conference_not_started');
  });

  it(`allows ${CONFERENCE_GETS_PER_MINUTE} calls a minute per person`, async () => {
    const user = await createUser(t.db);
    const key = `conferences:get:user:${user.id}`;
    // fill this minute's window and the next (the minute may turn between here and the call)
    await t.db.execute(sql`
      insert into rate_limit_counters (key, window_start, count)
      select ${key}, to_timestamp((floor(extract(epoch from now()) / 60) + k) * 60), ${CONFERENCE_GETS_PER_MINUTE} from generate_series(0, 1) k`);
    expect((await expectError(getRoom(user, 'events', 2_000_000_000), 429)).code).toBe('rate_limited');
    const other = await createUser(t.db);
    await expectError(getRoom(other, 'events', 2_000_000_000), 404);
  });
});

describe('GET /conferences/window/ (ours): the join page\'s countdown (issue 35)', () => {
  const windowOf = (user: Person | null, content_type: Kind, object_id: number) =>
    conferencesOf(user).window.$get({ query: { content_type, object_id: String(object_id) } });

  it('tells the booker and the mentor when the room opens and closes, by the server clock, and nobody else', async () => {
    const { booking: b, mentor, mentee, slot } = await booking(3 * DAY, 60);
    const times = await slotTimes(slot.id);
    const answer = await expectOk(windowOf(mentee, 'consultationbooking', b.id), 200);
    expect(answer).toEqual<typeof answer>({
      content_type: 'consultationbooking',
      object_id: b.id,
      role: 'participant',
      starts_at: times.startsAt,
      opens_at: new Date(Date.parse(times.startsAt) - OPENS_BEFORE_MINUTES * MINUTE).toISOString(),
      closes_at: new Date(Date.parse(times.endsAt) + CLOSES_AFTER_MINUTES * MINUTE).toISOString(),
      state: 'before',
      now: expect.any(String),
      is_recorded: true,
      recording: null,
    });
    expect(Math.abs(Date.parse(answer.now) - Date.now())).toBeLessThan(MINUTE);
    expect((await expectOk(windowOf(mentor, 'consultationbooking', b.id), 200)).role).toBe('host');
    const stranger = await createUser(t.db);
    expect((await expectError(windowOf(stranger, 'consultationbooking', b.id), 403)).code).toBe('forbidden');
    expect((await expectError(windowOf(null, 'consultationbooking', b.id), 401)).code).toBe('not_authenticated');

    await shiftSlot(t.db, slot.id, 10 * MINUTE, 60);
    expect((await expectOk(windowOf(mentee, 'consultationbooking', b.id), 200)).state).toBe('open');
  });
});

describe('ICE servers', () => {
  const KEY_ID = 'turn-key-id';
  const TOKEN = 'turn-key-api-token-secret';
  const turnEnv = { TURN_KEY_ID: KEY_ID, TURN_KEY_API_TOKEN: TOKEN, TURN_API_URL: FAKE_TURN_URL };

  it('are none locally (host candidates only) and the configured STUN servers otherwise', async () => {
    expect(await iceServers({}, { ttlSeconds: 600 })).toEqual([]);
    expect(await iceServers({ STUN_URLS: ' stun:stun.a.example:3478, ,stuns:stun.b.example:5349,http://nope ' }, { ttlSeconds: 600 })).toEqual([
      { urls: ['stun:stun.a.example:3478', 'stuns:stun.b.example:5349'] },
    ]);
    expect(await iceServers({ TURN_KEY_ID: KEY_ID }, { ttlSeconds: 600 })).toEqual([]);
  });

  it("mint a TURN credential per join from Cloudflare's service, with the room's lifetime, keeping the key's token on the server", async () => {
    const fake = fakeCloudflareTurn(KEY_ID, TOKEN);
    const servers = await iceServers({ ...turnEnv, STUN_URLS: 'stun:stun.a.example:3478' }, { ttlSeconds: 5400.4, fetch: fake.fetch });
    expect(fake.requests).toEqual([{ keyId: KEY_ID, authorization: `Bearer ${TOKEN}`, body: { ttl: 5400 } }]);
    expect(servers[0]).toEqual({ urls: ['stun:stun.a.example:3478'] });
    expect(servers[2]).toEqual({ urls: expect.arrayContaining(['turns:turn.cloudflare.com:443?transport=tcp']), username: 'user-1-5400', credential: 'credential-1' });
    expect(JSON.stringify(servers)).not.toContain(TOKEN);
    // a second join gets its own credential; the service's 48-hour ceiling is respected
    const next = await iceServers(turnEnv, { ttlSeconds: 10 * DAY, fetch: fake.fetch });
    expect(next[1].credential).toBe('credential-2');
    expect(fake.requests[1].body).toEqual({ ttl: TURN_MAX_TTL_SECONDS });
  });

  it('fall back to STUN only (and say so in the log) when the service fails, refuses, answers nonsense or is slow', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = fakeCloudflareTurn(KEY_ID, TOKEN);
    const stunOnly = [{ urls: [CLOUDFLARE_STUN] }];
    fake.state.mode = 'error';
    expect(await iceServers(turnEnv, { ttlSeconds: 600, fetch: fake.fetch })).toEqual(stunOnly);
    expect(await iceServers({ ...turnEnv, STUN_URLS: 'stun:stun.a.example:3478' }, { ttlSeconds: 600, fetch: fake.fetch })).toEqual([{ urls: ['stun:stun.a.example:3478'] }]);
    fake.state.mode = 'garbage';
    expect(await iceServers(turnEnv, { ttlSeconds: 600, fetch: fake.fetch })).toEqual(stunOnly);
    fake.state.mode = 'ok';
    expect(await iceServers({ ...turnEnv, TURN_KEY_API_TOKEN: 'wrong' }, { ttlSeconds: 600, fetch: fake.fetch })).toEqual(stunOnly);
    fake.state.mode = 'hang';
    const started = Date.now();
    expect(await iceServers(turnEnv, { ttlSeconds: 600, fetch: fake.fetch, timeoutMs: 100 })).toEqual(stunOnly);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(String(warn.mock.calls[4][0])).toContain('no answer in 100 ms');
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain(TOKEN);
  });

  it("reach the joiner through GET /conferences/get/ when TURN is configured", async () => {
    const { booking: b, mentor, mentee, slot } = await booking(10 * MINUTE, 60);
    await expectOk(start(mentor, 'consultationbooking', b.id), 200);
    const fake = fakeCloudflareTurn(KEY_ID, TOKEN);
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).startsWith(FAKE_TURN_URL) ? fake.fetch(input, init) : realFetch(input, init),
    );
    const cookie = `${ACCESS_COOKIE}=${await signAccessToken(asUser(mentee), bindings.JWT_SECRET)}`;
    const waits: Promise<unknown>[] = [];
    // an app of its own, with TURN configured
    const withTurn = apiOver(
      (path, init) => {
        const headers = new Headers(init?.headers);
        headers.set('cookie', cookie);
        return createApp().request(
          `${ORIGIN}${path}`,
          { ...init, headers },
          { ...bindings, ...turnEnv },
          { waitUntil: (p: Promise<unknown>) => void waits.push(p), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
        );
      },
      { trailingSlash: true },
    );
    const body = await expectOk(withTurn.conferences.get.$get({ query: { content_type: 'consultationbooking', object_id: String(b.id) } }), 200);
    await Promise.all(waits);
    expect(body.ice_servers).toEqual([
      { urls: ['stun:stun.cloudflare.com:3478', 'stun:stun.cloudflare.com:53'] },
      expect.objectContaining({ username: expect.stringMatching(/^user-1-/), credential: 'credential-1' }),
    ]);
    expect(JSON.stringify(body)).not.toContain(TOKEN);
    // the credential lives until the room closes: 10 minutes to the start, an hour, then CLOSES_AFTER
    const ttl = (fake.requests[0].body as { ttl: number }).ttl;
    const expected = (new Date((await slotTimes(slot.id)).endsAt).getTime() + CLOSES_AFTER_MINUTES * MINUTE - Date.now()) / 1000;
    expect(Math.abs(ttl - expected)).toBeLessThan(30);
  });
});

async function slotTimes(slotId: number) {
  const result = await t.db.execute<{ starts_at: string; ends_at: string }>(
    sql`select to_json(starts_at)#>>'{}' as starts_at, to_json(ends_at)#>>'{}' as ends_at from consultation_slots where id = ${slotId}`,
  );
  const row = result.rows[0];
  return { startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString() };
}
