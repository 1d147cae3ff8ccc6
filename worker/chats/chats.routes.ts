// Chats (spec 001 "Chats", §7; 000 §7 POST /chats/with-user/). A message is stored in Postgres first,
// then fanned out by the room's Durable Object. Decision 007 lists the calls and their answers.
import { Hono } from 'hono';
import { getServerByName } from 'partyserver';
import type { AppEnv, SignedInContext } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { UUID } from '../lib/id-param.ts';
import { parseId } from '../lib/owned.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { parseOrThrow, validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { attachmentHeaders } from './chat-attachments.ts';
import { publishToRoom } from './chat-fanout.ts';
import { postMessage } from './chat-messages.lifecycle.ts';
import type { ChatMessage } from '../../party/protocol/chats.ts';
import { messageFor, supportPersonOf } from '../../party/protocol/support-view.ts';
import { toChatMessage, toChatRoom } from './chats.mapper.ts';
import {
  deleteMessage,
  editMessage,
  findAttachment,
  hideRoom,
  listRooms,
  loadMessages,
  markRoomRead,
  openDirectRoom,
  roomMembers,
  userExists,
} from './chats.queries.ts';
import {
  MESSAGES_PER_MINUTE,
  MESSAGE_FILES_MAX_BYTES,
  MESSAGE_PAGE,
  ROOMS_PER_HOUR,
  ROOM_ID,
  editMessageBody,
  messageFields,
  messagesQuery,
  readBody,
  withUserBody,
} from './chats.schemas.ts';
import { readJsonOrForm } from '../lib/form-body.ts';

/** The `:roomId` path parameter; anything but a room id names nothing (404). */
function roomParam(c: SignedInContext) {
  const roomId = c.req.param('roomId') ?? '';
  if (!ROOM_ID.test(roomId)) throw errors.notFound('Чат не найден');
  return roomId;
}

/** The room's members when the caller is one of them; 404 otherwise, exactly like a missing room. */
async function membersOrNotFound(c: SignedInContext, roomId: string) {
  const members = await roomMembers(c.var.db, roomId, c.var.user.id);
  if (!members) throw errors.notFound('Чат не найден');
  return members;
}

async function oneMessage(c: SignedInContext, roomId: string, id: number) {
  const [row] = await loadMessages(c.var.db, roomId, { ids: [id], limit: 1 });
  return toChatMessage(row);
}

/** The message as the caller sees it: in their own support room the team has no names (decision 011). */
const forCaller = (c: SignedInContext, members: Parameters<typeof supportPersonOf>[0], message: ChatMessage) =>
  messageFor(message, supportPersonOf(members), c.var.user.id);

/** A message body this small (its text is at most 4 000 characters: 16 KB in UTF-8) is read before the checks. */
const EARLY_BODY_MAX_BYTES = 64 * 1024;

/** The `Idempotency-Key` header: a UUID the client keeps for one message until it is answered; none is fine. */
function idempotencyKey(c: SignedInContext) {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!UUID.test(key.toLowerCase())) throw errors.validation({ non_field_errors: 'Некорректный ключ повторной отправки' }, 'Некорректный ключ повторной отправки');
  return key.toLowerCase();
}

/** Multipart (content, chat_room, reply_to, files) as the spec sends it, or JSON without files. */
async function readMessageInput(c: SignedInContext) {
  // refuse a body too large for any allowed message before reading it into memory
  if (Number(c.req.header('content-length') ?? 0) > MESSAGE_FILES_MAX_BYTES + 64 * 1024) {
    throw new ApiError(413, 'files_too_large', 'Все файлы одного сообщения вместе — не больше 25 МБ', { files: 'Слишком большой объём файлов' });
  }
  const { fields, files } = await readJsonOrForm(c, { content: 'Не удалось прочитать сообщение' });
  return { fields: parseOrThrow(messageFields, fields), files: files('files') };
}

export const chatsRoutes = new Hono<AppEnv>()
  .get('/chats', requireUser, async (c) => {
    const rows = await listRooms(c.var.db, c.var.user.id);
    return c.json(rows.map(toChatRoom));
  })
  .post('/chats/with-user', requireUser, validate('json', withUserBody), async (c) => {
    const userId = c.var.user.id;
    const { mentor_profile_id: otherId } = c.req.valid('json');
    if (otherId === userId) throw errors.validation({ mentor_profile_id: 'Нельзя написать самому себе' }, 'Нельзя написать самому себе');
    if (!(await userExists(c.var.db, otherId))) throw errors.notFound('Пользователь не найден');
    await enforceLimits(c.var.db, [{ key: `chat-rooms:user:${userId}`, max: ROOMS_PER_HOUR, windowSeconds: 3600 }]);
    const roomId = await openDirectRoom(c.var.db, userId, otherId);
    return c.json({ roomId });
  })
  .get('/chats/:roomId', requireUser, async (c) => {
    const [row] = await listRooms(c.var.db, c.var.user.id, roomParam(c));
    if (!row) throw errors.notFound('Чат не найден');
    return c.json(toChatRoom(row));
  })
  .delete('/chats/:roomId', requireUser, async (c) => {
    const roomId = roomParam(c);
    const userId = c.var.user.id;
    if (!(await hideRoom(c.var.db, roomId, userId))) throw errors.notFound('Чат не найден');
    try {
      await (await getServerByName(c.env.ChatRoom, roomId)).disconnectUser(userId);
    } catch (e) {
      console.error(JSON.stringify({ level: 'error', msg: 'chat disconnect failed', roomId, error: String(e) }));
    }
    return c.body(null, 204);
  })
  .get('/chats/:roomId/messages', requireUser, validate('query', messagesQuery), async (c) => {
    const roomId = roomParam(c);
    const members = await membersOrNotFound(c, roomId);
    const { before, after, limit = MESSAGE_PAGE } = c.req.valid('query');
    // one more than asked tells whether there is more
    const rows = await loadMessages(c.var.db, roomId, { before, after, limit: limit + 1 });
    const hasMore = rows.length > limit;
    const page = hasMore ? (after != null ? rows.slice(0, limit) : rows.slice(1)) : rows;
    return c.json({ results: page.map((row) => forCaller(c, members, toChatMessage(row))), has_more: hasMore });
  })
  .post('/chats/:roomId/messages', requireUser, async (c) => {
    const roomId = roomParam(c);
    const user = c.var.user;
    const limits = [{ key: `chat-messages:user:${user.id}`, max: MESSAGES_PER_MINUTE, windowSeconds: 60 }];
    // a body too small to carry a file worth the name is read before the checks, so that a text message is stored in
    // the round trip that checks membership and rate; a larger one is read only once the sender is known to be a member
    const length = Number(c.req.header('content-length') ?? NaN);
    const early = length <= EARLY_BODY_MAX_BYTES ? await readMessageInput(c).then((input) => ({ input }), (error: unknown) => ({ error })) : null;
    const clientKey = idempotencyKey(c);
    const outcome = await postMessage({ env: c.env, db: c.var.db }, { roomId, senderId: user.id, limits, clientKey }, early, () => readMessageInput(c));
    if (outcome.kind === 'not_member') throw errors.notFound('Чат не найден');
    if (outcome.kind === 'bad_reply') throw errors.validation({ reply_to: 'Сообщение для ответа не найдено' });
    return c.json(outcome.message, 201);
  })
  .patch('/chats/:roomId/messages/:messageId', requireUser, validate('json', editMessageBody), async (c) => {
    const roomId = roomParam(c);
    const id = parseId(c.req.param('messageId'));
    const members = await membersOrNotFound(c, roomId);
    if ((await editMessage(c.var.db, roomId, c.var.user.id, id, c.req.valid('json').content)) == null) {
      throw errors.notFound('Сообщение не найдено');
    }
    const message = await oneMessage(c, roomId, id);
    await publishToRoom(c.env, roomId, { type: 'message_updated', message });
    return c.json(forCaller(c, members, message));
  })
  .delete('/chats/:roomId/messages/:messageId', requireUser, async (c) => {
    const roomId = roomParam(c);
    const id = parseId(c.req.param('messageId'));
    const members = await membersOrNotFound(c, roomId);
    const keys = await deleteMessage(c.var.db, roomId, c.var.user.id, id);
    if (keys == null) throw errors.notFound('Сообщение не найдено');
    await Promise.all(keys.map((key) => c.env.FILES.delete(key)));
    const message = await oneMessage(c, roomId, id);
    await publishToRoom(c.env, roomId, { type: 'message_updated', message });
    return c.json(forCaller(c, members, message));
  })
  .post('/chats/:roomId/read', requireUser, validate('json', readBody), async (c) => {
    const roomId = roomParam(c);
    const userId = c.var.user.id;
    const readUpTo = await markRoomRead(c.var.db, roomId, userId, c.req.valid('json').message_id);
    if (readUpTo == null) throw errors.notFound('Чат не найден');
    await publishToRoom(c.env, roomId, { type: 'read', user_id: userId, message_id: readUpTo });
    return c.json({ last_read_message_id: readUpTo });
  })
  .get('/chats/:roomId/files/:attachmentId', requireUser, async (c) => {
    const roomId = roomParam(c);
    const row = await findAttachment(c.var.db, roomId, c.var.user.id, parseId(c.req.param('attachmentId')));
    if (!row) throw errors.notFound('Файл не найден');
    const object = await c.env.FILES.get(row.key);
    if (!object) throw new ApiError(404, 'not_found', 'Файл не найден');
    return new Response(object.body, { headers: attachmentHeaders(row) });
  });
