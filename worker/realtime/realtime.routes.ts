import { Hono, type Context } from 'hono';
import { getServerByName } from 'partyserver';
import { conferenceRoomName, withConferenceIdentity } from '../../party/conference-identity.ts';
import { withChatIdentity, withIdentity } from '../../party/identity.ts';
import { conferenceContentType } from '../../party/protocol/conference.ts';
import { chatMembership } from '../chats/chats.queries.ts';
import { ROOM_ID } from '../chats/chats.schemas.ts';
import { DEMO_ROOM, guestAddressKey, guestName, verifyGuestToken } from '../conferences/demo-room.ts';
import { verifyJoinToken } from '../conferences/join-token.ts';
import { socketAccess } from '../conferences/socket-access.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-address.ts';
import { ApiError, errors } from '../lib/errors.ts';

/**
 * What every upgrade must pass: a WebSocket request from our own pages (a browser always sends Origin on a
 * WebSocket; another site's page must not ride on our cookies).
 */
function checkUpgrade(c: Context<AppEnv>) {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new ApiError(426, 'upgrade_required', 'Ожидается WebSocket-соединение');
  }
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw errors.forbidden('Подключение с другого сайта отклонено');
}

/** checkUpgrade, by a signed-in user. */
function upgradingUser(c: Context<AppEnv>) {
  checkUpgrade(c);
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
    const membership = ROOM_ID.test(roomId) ? await chatMembership(c.var.db, roomId, user.id) : null;
    if (!membership) throw errors.notFound('Чат не найден');
    const room = await getServerByName(c.env.ChatRoom, roomId);
    return room.fetch(withChatIdentity(c.req.raw, user.id, membership.supportUserId === user.id));
  })
  /**
   * A meeting's room (decision 012): the session, the join token from GET /conferences/get/ (this person, this
   * room, unexpired), and the person's standing and a running meeting read again from Postgres, all before the upgrade.
   */
  .get('/conferences/:contentType/:objectId', async (c) => {
    const user = upgradingUser(c);
    const contentType = conferenceContentType.safeParse(c.req.param('contentType'));
    const objectId = Number(c.req.param('objectId'));
    if (!contentType.success || !/^[1-9]\d{0,9}$/.test(c.req.param('objectId')) || objectId > 2 ** 31 - 1) {
      throw errors.notFound('Конференция не найдена');
    }
    const token = c.req.query('token');
    const claims = token ? await verifyJoinToken(c.env.JWT_SECRET, token, { contentType: contentType.data, objectId, userId: user.id }) : null;
    if (!claims) throw errors.forbidden('Нет доступа к конференции');
    // the token is a ticket of the last 10 minutes, not a grant: a cancelled booking or registration ends it now
    const found = await socketAccess(c.var.db, contentType.data, objectId, user.id);
    const room = await getServerByName(c.env.ConferenceRoom, conferenceRoomName(contentType.data, objectId));
    return room.fetch(
      withConferenceIdentity(c.req.raw, {
        userId: user.id,
        conferenceId: found.conference.id,
        role: found.role,
        name: found.name,
        avatarUrl: found.avatarUrl,
        // the room's cap follows the topology fixed when it was opened (GET /conferences/get/ announces the same): through the SFU it admits more
        topology: found.conference.topology,
      }),
    );
  })
  /** /BaseMeet's demo room (decision 012, «The demo room»): a guest's ticket from POST /conferences/demo/join/, no account. */
  .get('/demo-conference', async (c) => {
    checkUpgrade(c);
    const token = c.req.query('token');
    const guestId = token ? await verifyGuestToken(c.env.JWT_SECRET, token) : null;
    if (!guestId) throw errors.forbidden('Нет доступа к конференции');
    const [room, address] = await Promise.all([getServerByName(c.env.ConferenceRoom, DEMO_ROOM.roomName), guestAddressKey(clientIp(c.req.raw.headers))]);
    return room.fetch(
      // one guest per address: the room lets a newer guest from the same address replace the older one
      withConferenceIdentity(c.req.raw, { userId: guestId, conferenceId: null, role: 'participant', name: guestName(guestId), avatarUrl: null, topology: 'mesh', address }),
    );
  });
