// /BaseMeet's public demo room (decision 012, «The demo room»): a guest's ticket from POST /conferences/demo/join/
// without an account, the socket through the Worker entry to the real ConferenceRoom, the per-address limit and
// the mesh's cap.
import { getServerByName } from 'partyserver';
import { describe, expect, it } from 'vitest';
import { DEMO_GUEST_STAY_MS, FRAME_RATES, MESH_MAX_PEERS } from '../../party/conference-limits.ts';
import { CONFERENCE_CLOSE, conferenceServerMessage, type ConferenceServerMessage } from '../../party/protocol/conference.ts';
import type { DemoJoin } from '../../worker/conferences/demo-room.routes.ts';
import { DEMO_JOINS_PER_ADDRESS, DEMO_ROOM, signGuestToken } from '../../worker/conferences/demo-room.ts';
import { signJoinToken } from '../../worker/conferences/join-token.ts';
import { bindings, call, ORIGIN, tamperSignature } from './helpers.ts';

/** Each test its own address (the limit counts per address in the shared Postgres, across runs in the same window). */
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${Date.now().toString(36)}`;

async function ticket(ip: string) {
  const res = await call('/api/conferences/demo/join/', { method: 'POST', headers: { origin: ORIGIN, 'cf-connecting-ip': ip } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as DemoJoin;
}

const upgrade = (token: string | null, headers: Record<string, string> = {}) =>
  call(`${DEMO_ROOM.wsPath}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`, { headers: { upgrade: 'websocket', ...headers } });

async function connect(token: string, headers: Record<string, string> = {}) {
  const res = await upgrade(token, headers);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const received: ConferenceServerMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e: CloseEvent) => resolve({ code: e.code, reason: e.reason })));
  ws.addEventListener('message', (e: MessageEvent) => received.push(conferenceServerMessage.parse(JSON.parse(e.data as string))));
  ws.accept();
  const waitFor = async <T extends ConferenceServerMessage['type']>(type: T, match: (m: Extract<ConferenceServerMessage, { type: T }>) => boolean = () => true) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const hit = received.find((m): m is Extract<ConferenceServerMessage, { type: T }> => m.type === type && match(m as Extract<ConferenceServerMessage, { type: T }>));
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no ${type} within 5 s; got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, received, closed, waitFor, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

describe('/BaseMeet demo room', () => {
  it('gives anyone, signed out, the fixed test values and a guest ticket; another site cannot ask', async () => {
    const join = await ticket(address());
    expect(join).toMatchObject({
      login: DEMO_ROOM.login,
      password: DEMO_ROOM.password,
      subject_id: DEMO_ROOM.subjectId,
      ws_path: '/ws/demo-conference/',
      ice_servers: [],
      max_peers: MESH_MAX_PEERS,
    });
    expect(join.display_name).toMatch(/^Гость \d{4}$/);
    expect(join.join_token).toEqual(expect.any(String));
    const crossSite = await call('/api/conferences/demo/join/', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    // minting credentials is a state change: never on GET
    expect((await call('/api/conferences/demo/join/')).status).toBe(404);
  });

  it(`limits one address to ${DEMO_JOINS_PER_ADDRESS} joins in ten minutes, and not its neighbour`, async () => {
    const ip = address();
    for (let i = 0; i < DEMO_JOINS_PER_ADDRESS; i += 1) await ticket(ip);
    const over = await call('/api/conferences/demo/join/', { method: 'POST', headers: { origin: ORIGIN, 'cf-connecting-ip': ip } });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'rate_limited' });
    await ticket(address());
  });

  it('refuses an upgrade without a guest ticket: none, forged, a member’s join token, another site', async () => {
    const refused = async (res: Response, status: number) => {
      // a socket let in by mistake must not stay in the demo room for the next test
      if (res.webSocket) {
        res.webSocket.accept();
        res.webSocket.close();
      }
      expect(res.status).toBe(status);
      expect(res.webSocket).toBeFalsy();
    };
    await refused(await upgrade(null), 403);
    const { join_token } = await ticket(address());
    await refused(await upgrade(tamperSignature(join_token)), 403);
    await refused(await upgrade(await signJoinToken(bindings.JWT_SECRET, { userId: 1, contentType: 'events', objectId: 1, role: 'host' })), 403);
    await refused(await upgrade(join_token, { origin: 'https://evil.example' }), 403);
    await refused(await call(`${DEMO_ROOM.wsPath}?token=${encodeURIComponent(join_token)}`), 426);
  });

  it(`guests meet and signal each other without an account or a meeting row; the room holds ${MESH_MAX_PEERS}`, async () => {
    const ip = address();
    const guests = [];
    for (let i = 0; i < MESH_MAX_PEERS; i += 1) {
      const join = await ticket(ip);
      const client = await connect(join.join_token);
      const welcome = await client.waitFor('welcome');
      expect(welcome.self).toMatchObject({ name: join.display_name, role: 'participant' });
      expect(welcome.peers.map((p) => p.id).sort()).toEqual(guests.map((g) => g.id).sort());
      guests.push({ ...client, id: welcome.self.id, welcome });
    }
    const [a, b] = guests as [(typeof guests)[number], (typeof guests)[number]];
    await a.waitFor('peer_joined', (m) => m.peer.id === b.id);
    a.send({ type: 'signal', to: b.id, data: { kind: 'candidate', candidate: null } });
    await b.waitFor('signal', (m) => m.from === a.id);

    // the fifth is told the room is full
    const fifth = await connect((await ticket(ip)).join_token);
    expect((await fifth.closed).code).toBe(CONFERENCE_CLOSE.full);

    // the same ticket again (a reload) replaces its older connection instead of taking a fifth place
    const again = await connect(await signGuestToken(bindings.JWT_SECRET, guests[1]!.welcome.self.user_id));
    await again.waitFor('welcome');
    expect((await b.closed).code).toBe(CONFERENCE_CLOSE.replaced);

    for (const g of [...guests.filter((g) => g !== b), again]) g.send({ type: 'leave' });
    await Promise.all([a.closed, again.closed]);
  });

  it('holds one guest per address: a second guest from the same address replaces the first, another address does not', async () => {
    const [ip, other] = [address(), address()];
    const first = await connect((await ticket(ip)).join_token, { 'cf-connecting-ip': ip });
    const firstId = (await first.waitFor('welcome')).self.id;
    const neighbour = await connect((await ticket(other)).join_token, { 'cf-connecting-ip': other });
    await neighbour.waitFor('welcome');
    const second = await connect((await ticket(ip)).join_token, { 'cf-connecting-ip': ip });
    const welcome = await second.waitFor('welcome');
    expect((await first.closed).code).toBe(CONFERENCE_CLOSE.replaced);
    expect(welcome.peers.map((p) => p.id)).not.toContain(firstId);
    expect(welcome.peers).toHaveLength(1);
    await neighbour.waitFor('peer_left', (m) => m.peer_id === firstId);
    for (const g of [second, neighbour]) g.send({ type: 'leave' });
    await Promise.all([second.closed, neighbour.closed]);
  });

  it(`lets a guest stay ${DEMO_GUEST_STAY_MS / 60_000} minutes however much it pings, then closes it with the expired code`, async () => {
    const guest = await connect((await ticket(address())).join_token);
    const self = (await guest.waitFor('welcome')).self;
    const room = await getServerByName(bindings.ConferenceRoom, DEMO_ROOM.roomName);
    // a sweep now leaves the pinging guest alone; one at the end of its stay lets it go
    guest.send({ type: 'ping' });
    await guest.waitFor('pong');
    expect(await room.sweep(Date.now())).toEqual({ expired: 0, idle: 0 });
    expect((await room.peers()).map((p) => p.id)).toContain(self.id);
    expect((await room.sweep(Date.now() + DEMO_GUEST_STAY_MS)).expired).toBeGreaterThanOrEqual(1);
    expect(await guest.closed).toEqual({ code: CONFERENCE_CLOSE.expired, reason: 'Время в демо-комнате вышло, войдите снова' });
    expect((await room.peers()).map((p) => p.id)).not.toContain(self.id);
  });

  it('limits a guest’s frames too: 1 000 media frames reach the other guest as a handful of peer_updated', async () => {
    const a = await connect((await ticket(address())).join_token);
    await a.waitFor('welcome');
    const b = await connect((await ticket(address())).join_token);
    const bId = (await b.waitFor('welcome')).self.id;
    await a.waitFor('peer_joined', (m) => m.peer.id === bId);
    for (let i = 0; i < 1000; i++) b.send({ type: 'media', audio: i % 2 === 0, video: i % 3 === 0, screen: false });
    expect((await b.closed).code).toBe(1008);
    await a.waitFor('peer_left', (m) => m.peer_id === bId);
    const updates = a.received.filter((m) => m.type === 'peer_updated').length;
    expect(updates).toBeGreaterThan(0);
    expect(updates).toBeLessThanOrEqual(FRAME_RATES.media.max);
    a.send({ type: 'leave' });
    await a.closed;
  });
});
