import { Hono } from 'hono';
import { getServerByName } from 'partyserver';
import { withIdentity } from '../../party/identity.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';

/** Live connections. The session is checked here, before the upgrade reaches a Durable Object. */
export const realtimeRoutes = new Hono<AppEnv>().get('/notifications', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new ApiError(426, 'upgrade_required', 'Ожидается WebSocket-соединение');
  }
  const user = c.var.user;
  if (!user) throw errors.unauthorized();
  const hub = await getServerByName(c.env.NotificationHub, String(user.id));
  return hub.fetch(withIdentity(c.req.raw, user.id));
});
