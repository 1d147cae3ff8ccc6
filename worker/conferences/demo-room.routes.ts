// POST /api/conferences/demo/join/ (ours): a ticket into /BaseMeet's public demo room (decision 012, «The demo
// room»). No account; a POST (it mints credentials) checked against other sites like every state change, and
// limited per address.
import { Hono } from 'hono';
import { MESH_MAX_PEERS } from '../../party/conference-limits.ts';
import type { AppEnv } from '../env.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { clientIp } from '../lib/client-address.ts';
import type { IceServer } from './conferences.schemas.ts';
import { DEMO_ICE_TTL_SECONDS, DEMO_JOINS_PER_ADDRESS, DEMO_JOIN_WINDOW_SECONDS, DEMO_ROOM, guestName, newGuestId, signGuestToken } from './demo-room.ts';
import { iceServers } from './ice-servers.ts';

/** The ticket: the spec's fixed test values, the guest's name and join token, and how to connect. */
export type DemoJoin = {
  login: string;
  password: string;
  subject_id: string;
  display_name: string;
  join_token: string;
  ws_path: string;
  ice_servers: IceServer[];
  max_peers: number;
};

export const demoRoomRoutes = new Hono<AppEnv>().post('/conferences/demo/join', async (c) => {
  await enforceLimits(c.var.db, [
    { key: `conferences:demo:ip:${clientIp(c.req.raw.headers)}`, max: DEMO_JOINS_PER_ADDRESS, windowSeconds: DEMO_JOIN_WINDOW_SECONDS },
  ]);
  const guestId = newGuestId();
  const [join_token, ice_servers] = await Promise.all([signGuestToken(c.env.JWT_SECRET, guestId), iceServers(c.env, { ttlSeconds: DEMO_ICE_TTL_SECONDS })]);
  return c.json<DemoJoin>({
    login: DEMO_ROOM.login,
    password: DEMO_ROOM.password,
    subject_id: DEMO_ROOM.subjectId,
    display_name: guestName(guestId),
    join_token,
    ws_path: DEMO_ROOM.wsPath,
    ice_servers,
    max_peers: MESH_MAX_PEERS,
  });
});
