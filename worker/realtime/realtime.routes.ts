import { Hono, type Context } from 'hono';
import { getServerByName } from 'partyserver';
import { withIdentity } from '../../party/identity.ts';
import { isMember } from '../chats/chats.queries.ts';
import { ROOM_ID } from '../chats/chats.schemas.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';

/**
 * What every upgrade must pass: a WebSocket request, from our own pages (a browser always sends Origin on
 * a WebSocket; another site's page must not ride on our cookies), by a signed-in user.
 */
function upgradingUser(c: Context<AppEnv>) {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new ApiError(426, 'upgrade_required', 'Ожидается WebSocket-соединение');
  }
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw errors.forbidden('Подключение с другого сайта отклонено');
  const user = c.var.user;
  if (!user) throw errors.unauthorized();
  return user;
}

/** Live connections. Identity and membership are checked here, before the upgrade reaches a Durable Object. */
export const realtimeRoutes = new Hono<AppEnv>()
  .get('/notifications', async (c) => {
    const user = upgradingUser(c);
    const hub = await getServerByName(c.env.NotificationHub, String(user.id));
    return hub.fetch(withIdentity(c.req.raw, user.id));
  })
  .get('/chats/:roomId', async (c) => {
    const user = upgradingUser(c);
    const roomId = c.req.param('roomId');
    if (!ROOM_ID.test(roomId) || !(await isMember(c.var.db, roomId, user.id))) throw errors.notFound('Чат не найден');
    const room = await getServerByName(c.env.ChatRoom, roomId);
    return room.fetch(withIdentity(c.req.raw, user.id));
  });
