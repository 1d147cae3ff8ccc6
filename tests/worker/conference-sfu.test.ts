// Events above the mesh cap (decision 012, «Events above the cap: the SFU»): GET /conferences/get/ answers
// topology 'sfu' for an event only when Cloudflare's Realtime SFU is configured; the Worker's proxy creates sessions,
// pushes, pulls, renegotiates and closes against a local fake of the SFU's HTTP API, each call checked against the
// meeting's join rule and the session's owner; the ConferenceRoom admits more than 4 in an SFU room only.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conferences } from '../../drizzle/schema/conferences.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { EVENT_SFU_MAX_PEERS, MESH_MAX_PEERS } from '../../party/conference-limits.ts';
import { CONFERENCE_CLOSE, conferenceServerMessage, type ConferenceServerMessage } from '../../party/protocol/conference.ts';
import { ACCESS_COOKIE, signAccessToken, type SessionUser } from '../../worker/auth/access-token.ts';
import { createApp } from '../../worker/app.ts';
import { cloudflareSfu, SfuError } from '../../worker/conferences/sfu/cloudflare-sfu.ts';
import { signJoinToken } from '../../worker/conferences/join-token.ts';
import { createEvent, createUser } from '../factories.ts';
import { FAKE_SFU_URL, fakeCloudflareSfu } from '../fakes/cloudflare-sfu.ts';
import { paidBooking, shiftSlot, DAY } from './escrow-fixtures.ts';
import { bindings, ORIGIN, tamperSignature, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const MINUTE = 60_000;
const APP_ID = 'fake-app-0001';
const TOKEN = 'sfu-app-token-secret';
const sfuEnv = { SFU_APP_ID: APP_ID, SFU_APP_TOKEN: TOKEN, SFU_API_URL: FAKE_SFU_URL };
const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\n';
const ANSWER = OFFER.replace('o=- 1', 'o=- 2');

type Person = { id: number; role: SessionUser['role'] };

let fake: ReturnType<typeof fakeCloudflareSfu>;
function useFakeSfu() {
  fake = fakeCloudflareSfu(APP_ID, TOKEN);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    String(input instanceof Request ? input.url : input).startsWith(FAKE_SFU_URL) ? fake.fetch(input, init) : realFetch(input, init),
  );
}
afterEach(() => vi.restoreAllMocks());

/** A request through the app with these bindings (the SFU's configuration, or none). */
async function request(path: string, options: { user?: Person; method?: string; body?: unknown; env?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers = new Headers(options.headers);
  if (options.user) headers.set('cookie', `${ACCESS_COOKIE}=${await signAccessToken(asUser(options.user), bindings.JWT_SECRET)}`);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const waits: Promise<unknown>[] = [];
  const res = await createApp().request(
    `${ORIGIN}${path}`,
    { method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    { ...bindings, ...(options.env ?? sfuEnv) },
    { waitUntil: (p: Promise<unknown>) => void waits.push(p), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
  );
  return res;
}
const post = (path: string, user: Person, body: unknown, env?: Record<string, string>) => request(path, { user, method: 'POST', body, env });

/**
 * A free event starting in 10 minutes with `n` confirmed participants (of 20 seats unless said), its room opened by
 * the mentor while the Worker has `env` (the SFU's configuration unless said): the room's topology is fixed then.
 */
async function startedEvent(n = 2, totalSpots = 20, env: Record<string, string> = sfuEnv) {
  const mentor = await createUser(t.db, { role: 'mentor' });
  const event = await createEvent(t.db, mentor.id, { title: 'Большой семинар', startsAt: new Date(Date.now() + 10 * MINUTE), durationMinutes: 90, totalSpots });
  const participants = [];
  for (let i = 0; i < n; i++) {
    const p = await createUser(t.db);
    await expectJson(send('POST', '/api/events/register_for_event/', { user: asUser(p), body: { event_id: event.id } }), 201);
    participants.push(p);
  }
  await expectJson(post('/api/conferences/update-from-salute-jazz/', mentor, { content_type: 'events', object_id: event.id }, env), 200);
  return { mentor, participants, event, room: { content_type: 'events' as const, object_id: event.id } };
}

const joinInfo = async (user: Person, content_type: string, object_id: number, env?: Record<string, string>) =>
  expectJson(await request(`/api/conferences/get/?content_type=${content_type}&object_id=${object_id}`, { user, env }), 200);

/** GET's join token, then a session of this person's own. */
async function session(user: Person, room: { content_type: 'events'; object_id: number }) {
  const { join_token } = await joinInfo(user, room.content_type, room.object_id);
  const { session_id } = await expectJson(await post('/api/conferences/sfu/sessions/', user, { ...room, join_token }), 201);
  return session_id as string;
}

describe('topology', () => {
  it("is 'sfu' for an event only when the SFU was configured as its room opened; a consultation is always a mesh", async () => {
    const { mentor, participants, event } = await startedEvent(1);
    const withSfu = await joinInfo(participants[0], 'events', event.id);
    expect(withSfu).toMatchObject({ topology: 'sfu', mesh_limit: MESH_MAX_PEERS, max_peers: EVENT_SFU_MAX_PEERS });
    expect(JSON.stringify(withSfu)).not.toContain(TOKEN);
    // fixed for the room's life: everyone in it meets the same way, whatever the configuration says meanwhile
    expect(await joinInfo(mentor, 'events', event.id, {})).toMatchObject({ topology: 'sfu' });

    const opened = await startedEvent(1, 20, {});
    expect(await joinInfo(opened.mentor, 'events', opened.event.id)).toMatchObject({ topology: 'mesh', mesh_limit: MESH_MAX_PEERS, max_peers: MESH_MAX_PEERS });
    // ended and opened again with the SFU configured: the new opening goes through it
    await expectJson(post('/api/conferences/update-from-salute-jazz/', opened.mentor, { ...opened.room, status: 'ended' }), 200);
    await expectJson(post('/api/conferences/update-from-salute-jazz/', opened.mentor, opened.room), 200);
    expect(await joinInfo(opened.mentor, 'events', opened.event.id)).toMatchObject({ topology: 'sfu' });
    // half a configuration is no configuration
    const half = await startedEvent(1, 20, { SFU_APP_ID: APP_ID });
    expect(await joinInfo(half.mentor, 'events', half.event.id)).toMatchObject({ topology: 'mesh' });

    const { booking, mentor: host, mentee, slot } = await paidBooking(t.db, { startsIn: 10 * DAY, minutes: 60 });
    await shiftSlot(t.db, slot.id, 10 * MINUTE, 60);
    await expectJson(send('POST', '/api/conferences/update-from-salute-jazz/', { user: asUser(host), body: { content_type: 'consultationbooking', object_id: booking.id } }), 200);
    expect(await joinInfo(mentee, 'consultationbooking', booking.id)).toMatchObject({ topology: 'mesh', max_peers: MESH_MAX_PEERS });
    const { join_token } = await joinInfo(mentee, 'consultationbooking', booking.id);
    const refused = await expectJson(await post('/api/conferences/sfu/sessions/', mentee, { content_type: 'consultationbooking', object_id: booking.id, join_token }), 409);
    expect(refused).toEqual({ detail: 'Эта встреча идёт без видеосервера', code: 'sfu_not_used' });
  });

  it('keeps a small event in the mesh even with the SFU configured: its seats and mentor fit the cap', async () => {
    const small = await startedEvent(1, MESH_MAX_PEERS - 1);
    expect(await joinInfo(small.participants[0], 'events', small.event.id)).toMatchObject({ topology: 'mesh', max_peers: MESH_MAX_PEERS });
    const { join_token } = await joinInfo(small.participants[0], 'events', small.event.id);
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', small.participants[0], { ...small.room, join_token }), 409)).toEqual({
      detail: 'Эта встреча идёт без видеосервера',
      code: 'sfu_not_used',
    });
    // one seat more and the mentor makes five: the SFU
    const larger = await startedEvent(1, MESH_MAX_PEERS);
    expect(await joinInfo(larger.participants[0], 'events', larger.event.id)).toMatchObject({ topology: 'sfu', max_peers: EVENT_SFU_MAX_PEERS });
  });

  it('takes an event without a seat limit (total_spots 0) through the SFU: it outgrows any mesh', async () => {
    const unlimited = await startedEvent(1, 0);
    expect(await joinInfo(unlimited.participants[0], 'events', unlimited.event.id)).toMatchObject({ topology: 'sfu', max_peers: EVENT_SFU_MAX_PEERS });
  });

  it('tells a signed-in person the room’s limits here, for the event editor’s warning', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    expect(await expectJson(await request('/api/conferences/limits/', { user: mentor }), 200)).toEqual({ mesh_limit: MESH_MAX_PEERS, sfu: true, sfu_max_peers: EVENT_SFU_MAX_PEERS });
    expect(await expectJson(await request('/api/conferences/limits/', { user: mentor, env: {} }), 200)).toEqual({ mesh_limit: MESH_MAX_PEERS, sfu: false, sfu_max_peers: EVENT_SFU_MAX_PEERS });
    expect((await request('/api/conferences/limits/')).status).toBe(401);
  });

  it('refuses the proxy clearly for an event when the SFU is not configured', async () => {
    const refusal = { detail: 'Видеосервер для больших встреч не настроен', code: 'sfu_unavailable' };
    // a large event opened without it
    const mesh = await startedEvent(1, 20, {});
    const meshTicket = (await joinInfo(mesh.participants[0], 'events', mesh.room.object_id, {})).join_token;
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', mesh.participants[0], { ...mesh.room, join_token: meshTicket }, {}), 503)).toEqual(refusal);
    // a room opened through the SFU whose configuration is gone since
    const { participants, room } = await startedEvent(1);
    const { join_token } = await joinInfo(participants[0], 'events', room.object_id, {});
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', participants[0], { ...room, join_token }, {}), 503)).toEqual(refusal);
  });
});

describe('the SFU proxy', () => {
  it('creates sessions, pushes local tracks, pulls another person’s, renegotiates and closes, keeping the app token on the server', async () => {
    useFakeSfu();
    const { mentor, participants, room } = await startedEvent(1);
    const [guest] = participants;
    const hostSession = await session(mentor, room);
    const guestSession = await session(guest, room);
    expect(hostSession).not.toBe(guestSession);
    expect(fake.requests.filter((r) => r.path === `/v1/apps/${APP_ID}/sessions/new`)).toHaveLength(2);

    // the guest publishes a camera and a microphone
    const pushed = await expectJson(
      await post('/api/conferences/sfu/tracks/', guest, {
        ...room,
        session_id: guestSession,
        offer_sdp: OFFER,
        tracks: [
          { location: 'local', mid: '0', track_name: 'camera' },
          { location: 'local', mid: '1', track_name: 'microphone' },
        ],
      }),
      200,
    );
    expect(pushed).toEqual({
      requires_immediate_renegotiation: false,
      session_description: { type: 'answer', sdp: expect.stringContaining('v=0') },
      tracks: [
        { mid: '0', track_name: 'camera' },
        { mid: '1', track_name: 'microphone' },
      ],
    });
    const pushCall = fake.requests.find((r) => r.path.endsWith(`/sessions/${guestSession}/tracks/new`))!;
    expect(pushCall.body).toEqual({
      sessionDescription: { type: 'offer', sdp: OFFER },
      tracks: [
        { location: 'local', mid: '0', trackName: 'camera' },
        { location: 'local', mid: '1', trackName: 'microphone' },
      ],
    });

    // the host pulls both: the SFU offers, the host answers
    const pulled = await expectJson(
      await post('/api/conferences/sfu/tracks/', mentor, {
        ...room,
        session_id: hostSession,
        tracks: [
          { location: 'remote', session_id: guestSession, track_name: 'camera' },
          { location: 'remote', session_id: guestSession, track_name: 'microphone' },
        ],
      }),
      200,
    );
    expect(pulled.requires_immediate_renegotiation).toBe(true);
    expect(pulled.session_description).toEqual({ type: 'offer', sdp: expect.stringContaining('v=0') });
    expect(pulled.tracks).toEqual([
      { mid: '0', session_id: guestSession, track_name: 'camera' },
      { mid: '1', session_id: guestSession, track_name: 'microphone' },
    ]);
    // a change before answering is the SFU's refusal, told as a retryable failure
    const early = await post('/api/conferences/sfu/tracks/', mentor, { ...room, session_id: hostSession, tracks: [{ location: 'remote', session_id: guestSession, track_name: 'camera' }] });
    expect(await expectJson(early, 502)).toEqual({ detail: 'Видеосервер не ответил, попробуйте ещё раз', code: 'sfu_failed' });
    expect(await expectJson(await post('/api/conferences/sfu/renegotiate/', mentor, { ...room, session_id: hostSession, answer_sdp: ANSWER }), 200)).toEqual({ ok: true });
    expect(fake.requests.find((r) => r.method === 'PUT' && r.path.endsWith(`/sessions/${hostSession}/renegotiate`))!.body).toEqual({ sessionDescription: { type: 'answer', sdp: ANSWER } });
    expect(fake.sessions.get(hostSession)!.awaitingAnswer).toBe(false);

    // a track that was never published comes back as that track's error, not as a failed call
    const missing = await expectJson(
      await post('/api/conferences/sfu/tracks/', mentor, { ...room, session_id: hostSession, tracks: [{ location: 'remote', session_id: guestSession, track_name: 'screen' }] }),
      200,
    );
    expect(missing.tracks).toEqual([{ session_id: guestSession, track_name: 'screen', error_code: 'not_found', error_description: 'no such track' }]);

    // the host stops watching the camera (force: no renegotiation); the guest stops publishing with a new offer
    const hostClosed = await expectJson(await post('/api/conferences/sfu/tracks/close/', mentor, { ...room, session_id: hostSession, mids: ['0'], force: true }), 200);
    expect(hostClosed).toEqual({ requires_immediate_renegotiation: false, session_description: null, tracks: [{ mid: '0' }] });
    const guestClosed = await expectJson(await post('/api/conferences/sfu/tracks/close/', guest, { ...room, session_id: guestSession, mids: ['0', '1'], offer_sdp: OFFER }), 200);
    expect(guestClosed.session_description).toEqual({ type: 'answer', sdp: expect.any(String) });
    expect(fake.sessions.get(guestSession)!.tracks).toEqual([]);
    expect(fake.sessions.get(hostSession)!.tracks.map((x) => x.trackName)).toEqual(['microphone']);

    // every SFU call carried the app's token; none of our answers did
    expect(new Set(fake.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
    for (const body of [pushed, pulled, hostClosed, guestClosed]) expect(JSON.stringify(body)).not.toContain(TOKEN);
  });

  it('refuses someone else’s session, an unknown one, and pulls from another meeting', async () => {
    useFakeSfu();
    const { mentor, participants, room } = await startedEvent(1);
    const [guest] = participants;
    const hostSession = await session(mentor, room);
    const guestSession = await session(guest, room);
    const other = await startedEvent(1);
    const foreignSession = await session(other.participants[0], other.room);
    const before = fake.requests.length;

    const notYours = { detail: 'Нет доступа к этой сессии видеосервера', code: 'forbidden' };
    const push = { location: 'local', mid: '0', track_name: 'camera' };
    expect(await expectJson(await post('/api/conferences/sfu/tracks/', guest, { ...room, session_id: hostSession, offer_sdp: OFFER, tracks: [push] }), 403)).toEqual(notYours);
    expect(await expectJson(await post('/api/conferences/sfu/renegotiate/', guest, { ...room, session_id: hostSession, answer_sdp: ANSWER }), 403)).toEqual(notYours);
    expect(await expectJson(await post('/api/conferences/sfu/tracks/close/', guest, { ...room, session_id: hostSession, mids: ['0'], force: true }), 403)).toEqual(notYours);
    expect(await expectJson(await post('/api/conferences/sfu/tracks/', guest, { ...room, session_id: 'f'.repeat(32), offer_sdp: OFFER, tracks: [push] }), 403)).toEqual(notYours);
    // my own session named under another meeting is not mine there
    expect(await expectJson(await post('/api/conferences/sfu/tracks/', other.participants[0], { ...other.room, session_id: foreignSession, tracks: [{ location: 'remote', session_id: guestSession, track_name: 'camera' }] }), 403)).toEqual({
      detail: 'Можно получать только дорожки участников этой встречи',
      code: 'forbidden',
    });
    expect(await expectJson(await post('/api/conferences/sfu/tracks/', guest, { ...room, session_id: foreignSession, offer_sdp: OFFER, tracks: [push] }), 403)).toEqual(notYours);
    // local tracks need the browser's offer
    expect((await expectJson(await post('/api/conferences/sfu/tracks/', guest, { ...room, session_id: guestSession, tracks: [push] }), 400)).fields).toEqual({
      offer_sdp: 'Для своих дорожек нужно предложение SDP (offer_sdp)',
    });
    // none of these reached the SFU
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a stranger without a valid join token, and anyone once the meeting has ended', async () => {
    useFakeSfu();
    const { mentor, participants, room } = await startedEvent(1);
    const [guest] = participants;
    const stranger = await createUser(t.db);
    const guestSession = await session(guest, room);
    const { join_token: guestToken } = await joinInfo(guest, 'events', room.object_id);
    const before = fake.requests.length;

    const noAccess = { detail: 'Нет доступа к конференции', code: 'forbidden' };
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', stranger, { ...room, join_token: guestToken }), 403)).toEqual(noAccess);
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', stranger, { ...room, join_token: tamperSignature(guestToken) }), 403)).toEqual(noAccess);
    expect((await expectJson(await post('/api/conferences/sfu/sessions/', stranger, room), 400)).detail).toBe('Нет доступа к конференции');
    // a token signed for the stranger (never issued by GET) still meets the meeting's rule
    const forged = await signJoinToken(bindings.JWT_SECRET, { userId: stranger.id, contentType: 'events', objectId: room.object_id, role: 'participant' });
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', stranger, { ...room, join_token: forged }), 403)).toEqual({
      detail: 'Вы не зарегистрированы на это мероприятие',
      code: 'not_registered',
    });
    expect((await expectJson(await post('/api/conferences/sfu/tracks/', stranger, { ...room, session_id: guestSession, tracks: [{ location: 'remote', session_id: guestSession, track_name: 'camera' }] }), 403)).code).toBe('not_registered');
    expect(await expectJson(await request('/api/conferences/sfu/sessions/', { method: 'POST', body: { ...room, join_token: guestToken } }), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(fake.requests.length).toBe(before);

    await expectJson(send('POST', '/api/conferences/update-from-salute-jazz/', { user: asUser(mentor), body: { ...room, status: 'ended' } }), 200);
    expect(await expectJson(await post('/api/conferences/sfu/sessions/', guest, { ...room, join_token: guestToken }), 409)).toEqual({ detail: 'Конференция завершена', code: 'conference_ended' });
    expect((await expectJson(await post('/api/conferences/sfu/renegotiate/', guest, { ...room, session_id: guestSession, answer_sdp: ANSWER }), 409)).code).toBe('conference_ended');
  });

  it('tells the browser a retryable 502 when the SFU fails or is silent, and never logs the token', async () => {
    useFakeSfu();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { participants, room } = await startedEvent(1);
    const { join_token } = await joinInfo(participants[0], 'events', room.object_id);
    for (const mode of ['error', 'garbage'] as const) {
      fake.state.mode = mode;
      expect(await expectJson(await post('/api/conferences/sfu/sessions/', participants[0], { ...room, join_token }), 502)).toEqual({
        detail: 'Видеосервер не ответил, попробуйте ещё раз',
        code: 'sfu_failed',
      });
    }
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain(TOKEN);

    // the adapter itself: a wrong token is the SFU's 401, silence is a timeout
    fake.state.mode = 'ok';
    const wrong = cloudflareSfu({ appId: APP_ID, appToken: 'wrong', apiUrl: FAKE_SFU_URL, fetch: fake.fetch });
    await expect(wrong.newSession()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    fake.state.mode = 'hang';
    const slow = cloudflareSfu({ appId: APP_ID, appToken: TOKEN, apiUrl: FAKE_SFU_URL, fetch: fake.fetch, timeoutMs: 100 });
    const error = await slow.newSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SfuError);
    expect((error as SfuError).message).toContain('no answer in 100 ms');
  });
});

describe('the room’s cap follows the topology', () => {
  /** An event of `totalSpots` seats led by `hostId`, with its room started as the mentor would with `env`. */
  async function openRoom(hostId: number, totalSpots: number, env: Record<string, string>) {
    const host = { id: hostId, role: 'mentor' as const };
    const { id: objectId } = await createEvent(t.db, hostId, { startsAt: new Date(Date.now() + 10 * MINUTE), totalSpots });
    await expectJson(post('/api/conferences/update-from-salute-jazz/', host, { content_type: 'events', object_id: objectId }, env), 200);
    const [row] = await t.db.select().from(conferences).where(and(eq(conferences.contentType, 'events'), eq(conferences.objectId, objectId)));
    return { objectId, conferenceId: row.id };
  }

  async function connect(objectId: number, user: Person, env: Record<string, string>) {
    const token = await signJoinToken(bindings.JWT_SECRET, { userId: user.id, contentType: 'events', objectId, role: 'participant' });
    const res = await request(`/ws/conferences/events/${objectId}/?token=${encodeURIComponent(token)}`, { user, env, headers: { upgrade: 'websocket' } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const received: ConferenceServerMessage[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e: CloseEvent) => resolve({ code: e.code, reason: e.reason })));
    ws.addEventListener('message', (e: MessageEvent) => void received.push(conferenceServerMessage.parse(JSON.parse(e.data as string))));
    ws.accept();
    return { ws, received, closed };
  }

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`no ${what} within 5 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  async function fill(env: Record<string, string>, totalSpots = 20) {
    const users = await Promise.all(Array.from({ length: MESH_MAX_PEERS + 1 }, () => createUser(t.db)));
    const { objectId } = await openRoom(users[0].id, totalSpots, env);
    // the socket route reads each person's standing: the first is the event's mentor, the others registered. Seats
    // raised after the opening (a small event's room stays the mesh it was opened as) leave room for all of them.
    await t.db.update(events).set({ totalSpots: 20 }).where(eq(events.id, objectId));
    await t.db.insert(eventRegistrations).values(users.slice(1).map((u) => ({ eventId: objectId, userId: u.id, status: 'confirmed' as const, confirmedAt: new Date() })));
    const inside = [];
    for (const u of users.slice(0, MESH_MAX_PEERS)) {
      const client = await connect(objectId, u, env);
      await until(() => client.received.some((m) => m.type === 'welcome'), 'welcome');
      inside.push(client);
    }
    const fifth = await connect(objectId, users[MESH_MAX_PEERS], env);
    return { inside, fifth };
  }

  it(`an SFU room admits the ${MESH_MAX_PEERS + 1}th person and carries each peer's published tracks`, async () => {
    const { inside, fifth } = await fill(sfuEnv);
    await until(() => fifth.received.some((m) => m.type === 'welcome'), 'welcome');
    const welcome = fifth.received.find((m) => m.type === 'welcome')!;
    expect(welcome.type === 'welcome' && welcome.peers).toHaveLength(MESH_MAX_PEERS);

    fifth.ws.send(JSON.stringify({ type: 'tracks', session_id: 'a'.repeat(32), names: ['camera', 'microphone'] }));
    await until(() => inside[0].received.some((m) => m.type === 'peer_updated' && !!m.peer.tracks?.length), 'peer_updated with tracks');
    const update = inside[0].received.find((m) => m.type === 'peer_updated')!;
    expect(update.type === 'peer_updated' && update.peer.tracks).toEqual([
      { session_id: 'a'.repeat(32), track_name: 'camera' },
      { session_id: 'a'.repeat(32), track_name: 'microphone' },
    ]);
    for (const c of [...inside, fifth]) c.ws.close(1000, 'done');
  });

  it(`a mesh room (no SFU configured) refuses the ${MESH_MAX_PEERS + 1}th with the full code, and ignores track announcements`, async () => {
    const { inside, fifth } = await fill({});
    expect(await fifth.closed).toEqual({ code: CONFERENCE_CLOSE.full, reason: `В комнате уже ${MESH_MAX_PEERS} участника, мест нет` });
    inside[1].ws.send(JSON.stringify({ type: 'tracks', session_id: 'b'.repeat(32), names: ['camera'] }));
    inside[1].ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => inside[1].received.some((m) => m.type === 'pong'), 'pong');
    expect(inside[0].received.some((m) => m.type === 'peer_updated')).toBe(false);
    for (const c of inside) c.ws.close(1000, 'done');
  });

  it(`a small event's room stays a mesh with the SFU configured: the ${MESH_MAX_PEERS + 1}th connection is refused`, async () => {
    const { inside, fifth } = await fill(sfuEnv, MESH_MAX_PEERS - 1);
    expect((await fifth.closed).code).toBe(CONFERENCE_CLOSE.full);
    for (const c of inside) c.ws.close(1000, 'done');
  });
});
