// The meeting room live: real WebSockets through the Worker entry to the ConferenceRoom Durable Object, with
// the join token, the event and its registrations, the conferences row and the attendance rows in the test Postgres.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conferenceAttendance, conferences } from '../../drizzle/schema/conferences.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { FRAME_RATES, IDLE_TIMEOUT_MS, MESH_MAX_PEERS } from '../../party/conference-limits.ts';
import { CONFERENCE_CLOSE, conferenceServerMessage, type ConferenceContentType, type ConferenceServerMessage } from '../../party/protocol/conference.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { presentUsers } from '../../worker/conferences/attendance.queries.ts';
import { signJoinToken } from '../../worker/conferences/join-token.ts';
import { endConferenceRoom } from '../../worker/conferences/room-control.ts';
import { createEvent, createUser } from '../factories.ts';
import { DAY, paidBooking, shiftSlot } from './escrow-fixtures.ts';
import { bindings, call, tamperSignature, useTestDb } from './helpers.ts';
import { expectJson, send } from './json-api.ts';

const t = useTestDb();

type Room = { contentType: ConferenceContentType; objectId: number; conferenceId: number };

/** An event of the host's starting in 10 minutes (its room's window is open), without a seat limit. */
const upcomingEvent = (hostId: number) => createEvent(t.db, hostId, { startsAt: new Date(Date.now() + 10 * 60_000), durationMinutes: 60, totalSpots: 0 });

/** A started meeting (as POST /conferences/update-from-salute-jazz/ leaves it) of the host's event. */
async function startedRoom(hostId: number, status: 'started' | 'ended' = 'started'): Promise<Room> {
  const { id: objectId } = await upcomingEvent(hostId);
  const [row] = await t.db.insert(conferences).values({ contentType: 'events', objectId, login: `room-${objectId}`, password: 'x', createdBy: hostId, status }).returning();
  return { contentType: 'events', objectId, conferenceId: row.id };
}

/** A confirmed registration of the person on the room's event (the socket route reads their standing). */
async function register(room: Pick<Room, 'objectId'>, userId: number) {
  await t.db.insert(eventRegistrations).values({ eventId: room.objectId, userId, status: 'confirmed', confirmedAt: new Date() }).onConflictDoNothing();
}

const token = (room: Room, userId: number, role: 'host' | 'participant' = 'participant') =>
  signJoinToken(bindings.JWT_SECRET, { contentType: room.contentType, objectId: room.objectId, userId, role });

const path = (room: Pick<Room, 'contentType' | 'objectId'>, joinToken?: string) =>
  `/ws/conferences/${room.contentType}/${room.objectId}/${joinToken ? `?token=${encodeURIComponent(joinToken)}` : ''}`;

const asUser = (u: { id: number; role: SessionUser['role'] }): SessionUser => ({ id: u.id, role: u.role });

async function upgrade(room: Pick<Room, 'contentType' | 'objectId'>, user: SessionUser | undefined, joinToken?: string, headers: Record<string, string> = {}) {
  return call(path(room, joinToken), { headers: { upgrade: 'websocket', ...headers }, user });
}

/** Opens a socket and collects what arrives; `closed` resolves with the close code and reason. */
async function connect(room: Room, user: SessionUser, role: 'host' | 'participant' = 'participant', headers: Record<string, string> = {}) {
  if (role === 'participant') await register(room, user.id);
  const res = await upgrade(room, user, await token(room, user.id, role), headers);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const received: ConferenceServerMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e: CloseEvent) => resolve({ code: e.code, reason: e.reason })));
  ws.addEventListener('message', (e: MessageEvent) => {
    received.push(conferenceServerMessage.parse(JSON.parse(e.data as string)));
  });
  ws.accept();
  const waitFor = async <T extends ConferenceServerMessage['type']>(type: T, match: (m: Extract<ConferenceServerMessage, { type: T }>) => boolean = () => true, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = received.find((m): m is Extract<ConferenceServerMessage, { type: T }> => m.type === type && match(m as Extract<ConferenceServerMessage, { type: T }>));
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const sendJson = (message: unknown) => ws.send(JSON.stringify(message));
  /** a round trip: everything the room sent this socket before the pong has arrived */
  const roundTrip = async () => {
    const before = received.filter((m) => m.type === 'pong').length;
    sendJson({ type: 'ping' });
    const deadline = Date.now() + 5000;
    while (received.filter((m) => m.type === 'pong').length <= before) {
      if (Date.now() > deadline) throw new Error('no pong within 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, received, closed, waitFor, send: sendJson, roundTrip };
}

async function join(room: Room, user: SessionUser, role: 'host' | 'participant' = 'participant') {
  const client = await connect(room, user, role);
  const welcome = await client.waitFor('welcome');
  return { ...client, id: welcome.self.id, welcome };
}

type Client = Awaited<ReturnType<typeof join>>;

async function people(n: number) {
  return Promise.all(Array.from({ length: n }, (_, i) => createUser(t.db, { firstName: ['Вера', 'Глеб', 'Анна', 'Олег', 'Лев'][i % 5], role: i === 0 ? 'mentor' : 'mentee' }))).then((us) =>
    us.map(asUser),
  );
}

const attendanceOf = (conferenceId: number) => t.db.select().from(conferenceAttendance).where(eq(conferenceAttendance.conferenceId, conferenceId)).orderBy(conferenceAttendance.id);

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('/ws/conferences/{content_type}/{object_id}/', () => {
  it('refuses before the upgrade: a visitor, no token, a forged token, someone else’s token, another room’s token, a bad address', async () => {
    const [host, guest, stranger] = await people(3);
    const room = await startedRoom(host.id);
    const other = await startedRoom(host.id);
    const refused = async (res: Promise<Response>, status: number, detail: string) => {
      const r = await res;
      expect(r.status).toBe(status);
      expect(r.webSocket).toBeFalsy();
      expect(await r.json()).toMatchObject({ detail });
    };
    await refused(upgrade(room, undefined, await token(room, guest.id)), 401, 'Необходима авторизация');
    await refused(upgrade(room, guest), 403, 'Нет доступа к конференции');
    await refused(upgrade(room, guest, 'not-a-token'), 403, 'Нет доступа к конференции');
    const forged = await token(room, guest.id);
    await refused(upgrade(room, guest, tamperSignature(forged)), 403, 'Нет доступа к конференции');
    await refused(upgrade(room, stranger, await token(room, guest.id)), 403, 'Нет доступа к конференции');
    await refused(upgrade(room, guest, await token(other, guest.id)), 403, 'Нет доступа к конференции');
    await refused(upgrade({ contentType: 'consultationbooking', objectId: room.objectId }, guest, await token(room, guest.id)), 403, 'Нет доступа к конференции');
    await refused(upgrade({ contentType: 'webinars' as ConferenceContentType, objectId: room.objectId }, guest, await token(room, guest.id)), 404, 'Конференция не найдена');
    await refused(upgrade({ contentType: room.contentType, objectId: -1 }, guest, await token(room, guest.id)), 404, 'Конференция не найдена');
    // a plain request and another site's page
    expect((await call(path(room, await token(room, guest.id)), { user: guest })).status).toBe(426);
    expect((await upgrade(room, guest, await token(room, guest.id), { origin: 'https://evil.example' })).status).toBe(403);
    expect(await attendanceOf(room.conferenceId)).toEqual([]);
  });

  it('refuses a meeting nobody started (404) and one that ended (409)', async () => {
    const [host, guest] = await people(2);
    const notStarted = { contentType: 'events' as const, objectId: (await upcomingEvent(host.id)).id };
    await register(notStarted, guest.id);
    const res = await upgrade(notStarted, guest, await signJoinToken(bindings.JWT_SECRET, { ...notStarted, userId: guest.id, role: 'participant' }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Конференция ещё не началась', code: 'conference_not_started' });
    const ended = await startedRoom(host.id, 'ended');
    await register(ended, guest.id);
    const res2 = await upgrade(ended, guest, await token(ended, guest.id));
    expect(res2.status).toBe(409);
    expect(await res2.json()).toEqual({ detail: 'Конференция завершена', code: 'conference_ended' });
  });

  it('welcome lists who is here; the others hear peer_joined, peer_updated and peer_left', async () => {
    const [host, guest, third] = await people(3);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    expect(a.welcome.self).toEqual({ id: a.id, user_id: host.id, name: 'Вера Пользователь', avatar_url: null, role: 'host', audio: false, video: false, screen: false, hand: false });
    expect(a.welcome.peers).toEqual([]);

    // the client's own copies of the identity headers are ignored: the token says participant
    const b = await connect(room, guest, 'participant', { 'x-forma-conference-role': 'host', 'x-forma-user-id': String(host.id), 'x-forma-user-name': 'Mallory' });
    const bWelcome = await b.waitFor('welcome');
    expect(bWelcome.self).toMatchObject({ user_id: guest.id, role: 'participant', name: 'Глеб Пользователь' });
    expect(bWelcome.peers).toEqual([a.welcome.self]);
    expect((await a.waitFor('peer_joined')).peer).toEqual(bWelcome.self);

    b.send({ type: 'media', audio: true, video: true, screen: false });
    expect((await a.waitFor('peer_updated')).peer).toMatchObject({ id: bWelcome.self.id, audio: true, video: true, screen: false, hand: false });
    b.send({ type: 'hand', raised: true });
    expect((await a.waitFor('peer_updated', (m) => m.peer.hand)).peer).toMatchObject({ id: bWelcome.self.id, audio: true, video: true, hand: true });
    await b.roundTrip();
    expect(b.received.some((m) => m.type === 'peer_updated')).toBe(false);

    // a newcomer sees the current state of everyone
    const c = await join(room, third);
    expect(c.welcome.peers.map((p) => [p.user_id, p.audio, p.hand])).toEqual(
      expect.arrayContaining([
        [host.id, false, false],
        [guest.id, true, true],
      ]),
    );
    expect(c.welcome.peers).toHaveLength(2);

    // leaving by message and by closing the socket
    b.send({ type: 'leave' });
    for (const s of [a, c]) expect((await s.waitFor('peer_left')).peer_id).toBe(bWelcome.self.id);
    c.ws.close(1000);
    expect((await a.waitFor('peer_left', (m) => m.peer_id === c.id)).peer_id).toBe(c.id);
    a.ws.close();
  });

  it('relays a signal only to the peer it names, never to a third one or back; an unknown peer gets nothing', async () => {
    const [host, guest, third] = await people(3);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    const b = await join(room, guest);
    const c = await join(room, third);
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } } as const;
    a.send({ type: 'signal', to: b.id, data: offer });
    expect(await b.waitFor('signal')).toEqual({ type: 'signal', from: a.id, data: offer });
    const candidate = { kind: 'candidate', candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } as const;
    b.send({ type: 'signal', to: a.id, data: candidate });
    expect(await a.waitFor('signal')).toEqual({ type: 'signal', from: b.id, data: candidate });
    a.send({ type: 'signal', to: 'nobody-here', data: offer });
    a.send({ type: 'signal', to: a.id, data: offer });
    // round trips prove everything sent before them was handled
    await Promise.all([a.roundTrip(), b.roundTrip(), c.roundTrip()]);
    expect(c.received.filter((m) => m.type === 'signal')).toEqual([]);
    expect(a.received.filter((m) => m.type === 'signal')).toHaveLength(1);
    expect(b.received.filter((m) => m.type === 'signal')).toHaveLength(1);
    for (const s of [a, b, c]) s.ws.close();
  });

  it('ignores messages that are not in the protocol and closes a connection that keeps sending them', async () => {
    const [host, guest] = await people(2);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    const b = await join(room, guest);
    b.ws.send('not json');
    b.send({ type: 'signal', to: a.id, data: { kind: 'description', description: { type: 'offer', sdp: 5 } } });
    b.send({ type: 'media', audio: 'yes' });
    b.send({ type: 'welcome', self: {}, peers: [] });
    b.ws.send('x'.repeat(300_000));
    await b.roundTrip();
    await a.roundTrip();
    expect(a.received.filter((m) => m.type === 'signal' || m.type === 'peer_updated' || m.type === 'peer_left')).toEqual([]);
    for (let i = 0; i < 20; i++) b.ws.send('{');
    expect((await b.closed).code).toBe(1008);
    expect((await a.waitFor('peer_left')).peer_id).toBe(b.id);
    a.ws.close();
  });

  it(`refuses the ${MESH_MAX_PEERS + 1}th person with the full code; a person’s new connection replaces the old one`, async () => {
    const users = await people(MESH_MAX_PEERS + 1);
    const room = await startedRoom(users[0].id);
    const inside: Client[] = [];
    for (const [i, u] of users.slice(0, MESH_MAX_PEERS).entries()) inside.push(await join(room, u, i === 0 ? 'host' : 'participant'));
    const extra = await connect(room, users[MESH_MAX_PEERS]);
    const refused = await extra.closed;
    expect(refused.code).toBe(CONFERENCE_CLOSE.full);
    expect(refused.reason).toBe('В комнате уже 4 участника, мест нет');
    expect(extra.received).toEqual([]);
    await inside[0].roundTrip();
    expect(inside[0].received.filter((m) => m.type === 'peer_joined')).toHaveLength(MESH_MAX_PEERS - 1);

    // the last one reloads: the new socket takes the old one's place instead of being refused
    const old = inside[MESH_MAX_PEERS - 1];
    const again = await join(room, users[MESH_MAX_PEERS - 1]);
    expect((await old.closed).code).toBe(CONFERENCE_CLOSE.replaced);
    expect(again.welcome.peers.map((p) => p.id).sort()).toEqual(inside.slice(0, -1).map((s) => s.id).sort());
    expect((await inside[0].waitFor('peer_left')).peer_id).toBe(old.id);
    expect((await inside[0].waitFor('peer_joined', (m) => m.peer.id === again.id)).peer.user_id).toBe(users[MESH_MAX_PEERS - 1].id);
    // and when someone leaves, the fifth person gets in
    inside[1].send({ type: 'leave' });
    await inside[0].waitFor('peer_left', (m) => m.peer_id === inside[1].id);
    const fifth = await join(room, users[MESH_MAX_PEERS]);
    expect(fifth.welcome.peers).toHaveLength(MESH_MAX_PEERS - 1);
    for (const s of [...inside, again, fifth]) s.ws.close();
  });

  it(
    'drops a connection silent for more than 15 s and tells the others; one that pings stays',
    async () => {
      const [host, guest] = await people(2);
      const room = await startedRoom(host.id);
      const a = await join(room, host, 'host');
      const b = await join(room, guest);
      const started = Date.now();
      const pinger = setInterval(() => a.send({ type: 'ping' }), 4000);
      try {
        const closed = await b.closed;
        const after = Date.now() - started;
        expect(closed.code).toBe(CONFERENCE_CLOSE.idle);
        // dropped after the timeout and at most one sweep (5 s) later, plus scheduling slack
        expect(after).toBeGreaterThan(IDLE_TIMEOUT_MS - 500);
        expect(after).toBeLessThan(IDLE_TIMEOUT_MS + 6000);
        expect((await a.waitFor('peer_left')).peer_id).toBe(b.id);
        const rows = await eventually(
          () => attendanceOf(room.conferenceId),
          (rs) => rs.find((r) => r.userId === guest.id)?.leftAt != null,
        );
        expect(rows.find((r) => r.userId === host.id)!.leftAt).toBeNull();
      } finally {
        clearInterval(pinger);
      }
      // the pinging one is still connected
      await a.roundTrip();
      a.ws.close();
    },
    // the 15 s silence, up to one 5 s sweep, and the slack of a busy machine (20.5 s seen with both cores busy)
    45_000,
  );

  it('writes an attendance row per connection with server times: joined_at on connect, left_at on leave and on close', async () => {
    const [host, guest] = await people(2);
    const room = await startedRoom(host.id);
    const before = (await t.db.execute<{ now: string }>(`select now()::text as now`)).rows[0].now;
    const a = await join(room, host, 'host');
    // the row is written before the upgrade completes
    const [first] = await attendanceOf(room.conferenceId);
    expect(first).toMatchObject({ userId: host.id, leftAt: null });
    expect(first.joinedAt.getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
    const b = await join(room, guest);
    b.send({ type: 'leave' });
    await eventually(
      () => attendanceOf(room.conferenceId),
      (rs) => rs.length === 2 && rs[1].leftAt != null,
    );
    a.ws.close(1000);
    const rows = await eventually(
      () => attendanceOf(room.conferenceId),
      (rs) => rs.every((r) => r.leftAt != null),
    );
    expect(rows.map((r) => r.userId)).toEqual([host.id, guest.id]);
    for (const r of rows) expect(r.leftAt!.getTime()).toBeGreaterThanOrEqual(r.joinedAt.getTime());
  });

  it('presentUsers counts stays still open or of 10 s and more that overlap the window', async () => {
    const [host, guest, blip, late] = await people(4);
    const room = await startedRoom(host.id);
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 10, 0, s));
    await t.db.insert(conferenceAttendance).values([
      { conferenceId: room.conferenceId, userId: host.id, joinedAt: at(0), leftAt: null },
      { conferenceId: room.conferenceId, userId: guest.id, joinedAt: at(5), leftAt: at(15) },
      { conferenceId: room.conferenceId, userId: guest.id, joinedAt: at(2), leftAt: at(3) },
      { conferenceId: room.conferenceId, userId: blip.id, joinedAt: at(20), leftAt: at(29) },
      { conferenceId: room.conferenceId, userId: late.id, joinedAt: at(59), leftAt: null },
    ]);
    const present = await presentUsers(t.db, room.conferenceId, at(0), at(50));
    expect(present.map((p) => [p.userId, p.firstJoinedAt.toISOString()])).toEqual([
      [host.id, at(0).toISOString()],
      [guest.id, at(5).toISOString()],
    ]);
  });

  it('ending the meeting tells everyone, closes their sockets with the ended code and closes their stays', async () => {
    const [host, guest] = await people(2);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    const b = await join(room, guest);
    await t.db.update(conferences).set({ status: 'ended', endedAt: new Date() }).where(eq(conferences.id, room.conferenceId));
    expect(await endConferenceRoom(bindings, room.contentType, room.objectId)).toEqual({ closed: 2 });
    for (const s of [a, b]) {
      await s.waitFor('ended');
      expect((await s.closed).code).toBe(CONFERENCE_CLOSE.ended);
      expect(s.received.filter((m) => m.type === 'peer_left')).toEqual([]);
    }
    await eventually(
      () => attendanceOf(room.conferenceId),
      (rs) => rs.length === 2 && rs.every((r) => r.leftAt != null),
    );
    const res = await upgrade(room, guest, await token(room, guest.id));
    expect(res.status).toBe(409);
  });

  it(`keeps the host’s place: ${MESH_MAX_PEERS - 1} participants fill the others, the next is refused and the mentor still gets in`, async () => {
    const users = await people(MESH_MAX_PEERS + 1);
    const [host, ...participants] = users;
    const room = await startedRoom(host.id);
    const early: Client[] = [];
    for (const u of participants.slice(0, MESH_MAX_PEERS - 1)) early.push(await join(room, u));
    const beyond = await connect(room, participants[MESH_MAX_PEERS - 1]);
    const refused = await beyond.closed;
    expect(refused).toEqual({ code: CONFERENCE_CLOSE.full, reason: 'Места для участников заняты: 3 из 3' });
    expect(beyond.received).toEqual([]);
    // the mentor comes last and is let in, with everyone else
    const mentor = await join(room, host, 'host');
    expect(mentor.welcome.peers.map((p) => p.id).sort()).toEqual(early.map((s) => s.id).sort());
    expect(mentor.welcome.self.role).toBe('host');
    for (const s of [...early, mentor]) s.ws.close();
  });

  it('limits every frame type per connection: a flood of media, hands or pings reaches nobody and closes the sender', async () => {
    const [host, guest, third, fourth] = await people(4);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    const floods: [SessionUser, (i: number) => unknown, 'peer_updated' | 'pong', number][] = [
      [guest, (i) => ({ type: 'media', audio: i % 2 === 0, video: false, screen: false }), 'peer_updated', FRAME_RATES.media.max],
      [third, (i) => ({ type: 'hand', raised: i % 2 === 0 }), 'peer_updated', FRAME_RATES.hand.max],
      [fourth, () => ({ type: 'ping' }), 'pong', FRAME_RATES.ping.max],
    ];
    for (const [user, frame, answer, max] of floods) {
      const b = await join(room, user);
      const before = a.received.length;
      for (let i = 0; i < 1000; i++) b.send(frame(i));
      // over the budget counts as garbage: the sender is closed once it is 20 frames over
      expect((await b.closed).code).toBe(1008);
      await a.waitFor('peer_left', (m) => m.peer_id === b.id);
      const relayed = a.received.slice(before).filter((m) => m.type === 'peer_updated').length;
      const echoed = b.received.filter((m) => m.type === answer).length;
      expect(answer === 'pong' ? echoed : relayed).toBeLessThanOrEqual(max);
      expect(answer === 'pong' ? echoed : relayed).toBeGreaterThan(0);
    }
    // the same state again changes nothing and is not relayed
    const c = await join(room, guest);
    c.send({ type: 'media', audio: false, video: false, screen: false });
    c.send({ type: 'hand', raised: false });
    await c.roundTrip();
    await a.roundTrip();
    expect(a.received.filter((m) => m.type === 'peer_updated' && m.peer.id === c.id)).toEqual([]);
    for (const s of [a, c]) s.ws.close();
  });

  it('reads the person’s standing again at the upgrade: a participant whose registration ended is refused with a valid token', async () => {
    const [host, guest] = await people(2);
    const room = await startedRoom(host.id);
    await register(room, guest.id);
    const earlier = await token(room, guest.id);
    await t.db
      .update(eventRegistrations)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(and(eq(eventRegistrations.eventId, room.objectId), eq(eventRegistrations.userId, guest.id)));
    const res = await upgrade(room, guest, earlier);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'Вы не зарегистрированы на это мероприятие', code: 'not_registered' });
    // and the role comes from the standing, not the token: a participant’s token claiming host is still a participant
    const [other] = await people(1);
    await register(room, other.id);
    const claimsHost = await connect(room, other, 'host');
    expect((await claimsHost.waitFor('welcome')).self.role).toBe('participant');
    claimsHost.ws.close();
  });

  it('unregistering closes that person’s connection to the event’s room and their earlier token opens nothing', async () => {
    const [host, guest] = await people(2);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    const b = await join(room, guest);
    const earlier = await token(room, guest.id);
    await expectJson(send('POST', '/api/events/unregister/', { user: guest, body: { event_id: room.objectId } }), 200);
    expect(await b.closed).toEqual({ code: CONFERENCE_CLOSE.revoked, reason: 'Ваша регистрация на мероприятие отменена' });
    expect((await a.waitFor('peer_left')).peer_id).toBe(b.id);
    const res = await upgrade(room, guest, earlier);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_registered' });
    // the host stays
    await a.roundTrip();
    a.ws.close();
  });

  it('cancelling the event closes everyone’s connections to its room; nobody gets back in', async () => {
    const [host, guest] = await people(2);
    const room = await startedRoom(host.id);
    const a = await join(room, host, 'host');
    const b = await join(room, guest);
    await expectJson(send('POST', '/api/events/cancel_event/', { user: host, body: { event_id: room.objectId } }), 200);
    for (const s of [a, b]) expect(await s.closed).toEqual({ code: CONFERENCE_CLOSE.revoked, reason: 'Мероприятие отменено' });
    for (const [u, role] of [[host, 'host'], [guest, 'participant']] as const) {
      const res = await upgrade(room, u, await token(room, u.id, role));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ detail: 'Мероприятие отменено', code: 'event_canceled' });
    }
  });

  it('a booking cancelled by the mentor (refund in full) closes the buyer’s connection, and the buyer’s earlier token is refused', async () => {
    const fixture = await paidBooking(t.db, { startsIn: 10 * DAY });
    // the consultation starts in 10 minutes: its room's window is open
    await shiftSlot(t.db, fixture.slot.id, 10 * 60_000);
    const mentor = asUser(fixture.mentor);
    const buyer = asUser(fixture.mentee);
    const [row] = await t.db
      .insert(conferences)
      .values({ contentType: 'consultationbooking', objectId: fixture.booking.id, login: `room-${fixture.booking.id}`, password: 'x', createdBy: mentor.id })
      .returning();
    const room: Room = { contentType: 'consultationbooking', objectId: fixture.booking.id, conferenceId: row.id };
    const a = await join(room, mentor, 'host');
    const earlier = await signJoinToken(bindings.JWT_SECRET, { contentType: room.contentType, objectId: room.objectId, userId: buyer.id, role: 'participant' });
    const res0 = await upgrade(room, buyer, earlier);
    expect(res0.status).toBe(101);
    const b = res0.webSocket!;
    const closed = new Promise<{ code: number; reason: string }>((resolve) => b.addEventListener('close', (e: CloseEvent) => resolve({ code: e.code, reason: e.reason })));
    b.accept();
    await a.waitFor('peer_joined');

    const cancel = await expectJson(send('POST', `/api/consultation-bookings/${fixture.booking.id}/cancel/`, { user: mentor, body: {} }), 200);
    expect(cancel).toMatchObject({ status: 'canceled' });
    expect(await closed).toEqual({ code: CONFERENCE_CLOSE.revoked, reason: 'Бронирование отменено' });
    expect(await a.closed).toEqual({ code: CONFERENCE_CLOSE.revoked, reason: 'Бронирование отменено' });
    // the issue's case: the token from before the cancellation no longer opens the room (it answered welcome)
    const res = await upgrade(room, buyer, earlier);
    expect(res.webSocket).toBeFalsy();
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: 'Бронирование отменено', code: 'booking_canceled' });
  });
});
