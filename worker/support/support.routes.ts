// The support chat and the admins' support inbox. A person's support room is an ordinary chat room of kind
// 'support' (one per person): they write in it on the chat screen with the ordinary message calls and see
// it as «Поддержка Формы». Admins are the support team: any admin may take up any support room from the
// inbox (POST …/join/ makes them a member), then reads and answers it through the same chat calls and
// socket, so every read and write stays checked by membership in the chat queries.
import { Hono } from 'hono';
import { ROOM_ID } from '../chats/chats.schemas.ts';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import { toInboxRoom } from './support.mapper.ts';
import { joinSupportRoom, listSupportRooms, openSupportRoom } from './support.queries.ts';
import { inboxQuery } from './support.schemas.ts';

export const supportRoutes = new Hono<AppEnv>()
  /** «Написать в поддержку»: the caller's support room, opened once; answers its id for /ChatsPage?roomId=. */
  .post('/support/chat', requireUser, async (c) => {
    const roomId = await openSupportRoom(c.var.db, c.var.user.id);
    return c.json({ roomId });
  })
  .get('/support/rooms', requireRole('admin'), validate('query', inboxQuery), async (c) => {
    const { rows, hasMore } = await listSupportRooms(c.var.db, c.var.user.id, c.req.valid('query'));
    return c.json({ results: rows.map(toInboxRoom), has_more: hasMore });
  })
  .post('/support/rooms/:roomId/join', requireRole('admin'), async (c) => {
    const roomId = c.req.param('roomId');
    const joined = ROOM_ID.test(roomId) ? await joinSupportRoom(c.var.db, roomId, c.var.user.id) : null;
    if (!joined) throw errors.notFound('Чат не найден');
    return c.json({ roomId: joined });
  });
