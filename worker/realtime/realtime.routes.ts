import { Hono, type Context } from 'hono';
import { getServerByName } from 'partyserver';
import { conferenceRoomName, withConferenceIdentity } from '../../party/conference-identity.ts';
import { withIdentity } from '../../party/identity.ts';
import { conferenceContentType } from '../../party/protocol/conference.ts';
import { isMember } from '../chats/chats.queries.ts';
import { ROOM_ID } from '../chats/chats.schemas.ts';
import { conferenceForSocket } from '../conferences/attendance.queries.ts';
import { DEMO_ROOM, guestName, verifyGuestToken } from '../conferences/demo-room.ts';
import { verifyJoinToken } from '../conferences/join-token.ts';
import type { AppEnv } from '../env.ts';
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
    if (!ROOM_ID.test(roomId) || !(await isMember(c.var.db, roomId, user.id))) throw errors.notFound('Чат не найден');
    const room = await getServerByName(c.env.ChatRoom, roomId);
    return room.fetch(withIdentity(c.req.raw, user.id));
  })
  /**
   * A meeting's room (decision 012): the session, the join token from GET /conferences/get/ (this person, this
   * room, unexpired) and a running meeting in Postgres, all before the upgrade.
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
    const found = await conferenceForSocket(c.var.db, contentType.data, objectId, user.id);
    if (!found) throw errors.unauthorized();
    if (!found.conference) throw new ApiError(404, 'conference_not_started', 'Конференция ещё не началась');
    if (found.conference.status !== 'started') throw new ApiError(409, 'conference_ended', 'Конференция завершена');
    const room = await getServerByName(c.env.ConferenceRoom, conferenceRoomName(contentType.data, objectId));
    return room.fetch(
      withConferenceIdentity(c.req.raw, {
        userId: user.id,
        conferenceId: found.conference.id,
        role: claims.role,
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
    const room = await getServerByName(c.env.ConferenceRoom, DEMO_ROOM.roomName);
    return room.fetch(
      withConferenceIdentity(c.req.raw, { userId: guestId, conferenceId: null, role: 'participant', name: guestName(guestId), avatarUrl: null, topology: 'mesh' }),
    );
  });
