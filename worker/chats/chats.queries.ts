// Chat rooms and messages. Every read and write is scoped by membership in the same statement, so a
// non-member learns nothing (404, like a room that does not exist).
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { limitsInBatch, withinLimits, type Limit } from '../lib/rate-limit.queries.ts';

export type RoomRow = {
  id: string;
  created_at: string;
  kind: 'direct' | 'support';
  /** null in a support room seen by its person: the other side is the support team, not one user */
  other_id: number | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_avatar_url: string | null;
  me_id: number;
  me_first_name: string;
  me_last_name: string;
  me_avatar_url: string | null;
  last_id: number | null;
  last_content: string | null;
  last_sender_id: number | null;
  last_sender_first_name: string | null;
  last_sender_last_name: string | null;
  last_created_at: string | null;
  last_deleted: boolean | null;
  last_has_files: boolean | null;
  unread: number;
  last_read_message_id: number | null;
  other_last_read_message_id: number | null;
};

/**
 * The other side of room `r` for its member `me`, as `om` (their read marker) and `o` (the person, or null).
 * A direct room: the other member. A support room: the person, for the team; for the person, the team,
 * which has no one user (o is null) and whose read marker is whoever of it read furthest.
 */
export const otherSide = sql`
    left join lateral (
      select om.user_id, om.last_read_message_id from chat_members om
      where om.room_id = r.id and om.user_id <> me.user_id
        and (r.kind = 'direct' or r.support_user_id in (me.user_id, om.user_id))
      order by om.last_read_message_id desc nulls last limit 1) om on true
    left join users o on o.id = om.user_id and r.support_user_id is distinct from me.user_id`;

/** The caller's rooms (hidden ones come back when a newer message arrives), most recent activity first. */
export async function listRooms(db: Db, userId: number, roomId?: string) {
  const result = await db.execute<RoomRow>(sql`
    select r.id, r.created_at, r.kind,
      o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name, o.avatar_url as other_avatar_url,
      u.id as me_id, u.first_name as me_first_name, u.last_name as me_last_name, u.avatar_url as me_avatar_url,
      lm.id as last_id, lm.content as last_content, lm.sender_id as last_sender_id,
      ls.first_name as last_sender_first_name, ls.last_name as last_sender_last_name,
      lm.created_at as last_created_at, lm.deleted_at is not null as last_deleted,
      exists (select 1 from chat_attachments a where a.message_id = lm.id) as last_has_files,
      (select count(*)::int from chat_messages x
        where x.room_id = r.id and x.id > coalesce(me.last_read_message_id, 0)
          and x.sender_id is distinct from me.user_id and x.deleted_at is null) as unread,
      me.last_read_message_id, om.last_read_message_id as other_last_read_message_id
    from chat_members me
    join chat_rooms r on r.id = me.room_id
    join users u on u.id = me.user_id
    ${otherSide}
    left join lateral (select * from chat_messages m where m.room_id = r.id order by m.id desc limit 1) lm on true
    left join users ls on ls.id = lm.sender_id
    where me.user_id = ${userId}
      and (r.kind = 'support' or o.id is not null)
      and (${roomId ?? null}::uuid is null or r.id = ${roomId ?? null}::uuid)
      and (me.hidden_at is null or r.last_message_at > me.hidden_at or ${roomId ?? null}::uuid is not null)
    order by coalesce(r.last_message_at, r.created_at) desc, r.id
    limit 200`);
  return result.rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}

type MemberRow = { user_id: number; last_read_message_id: number | null; first_name: string; last_name: string; support_user_id: number | null };

const roomMembersStatement = (roomId: string) => sql`
  select m.user_id, m.last_read_message_id, u.first_name, u.last_name, r.support_user_id
  from chat_members m join users u on u.id = m.user_id join chat_rooms r on r.id = m.room_id
  where m.room_id = ${roomId}::uuid`;

function membersIfOneOf(rows: MemberRow[], userId: number) {
  const members = rows.map((r) => ({ ...r, last_read_message_id: r.last_read_message_id == null ? null : Number(r.last_read_message_id) }));
  return members.some((m) => m.user_id === userId) ? members : null;
}

/** The room's members (with whose support room it is, if it is one), or null when `userId` is not one of them. */
export async function roomMembers(db: Executor, roomId: string, userId: number) {
  return membersIfOneOf((await db.execute<MemberRow>(roomMembersStatement(roomId))).rows, userId);
}

/**
 * roomMembers and the caller's rate-limit hits in one round trip (a batch, decision 015): null when the caller is not
 * a member, which wins over being over a limit (then it throws the 429).
 */
export async function roomMembersCountingLimits(db: Db, roomId: string, userId: number, limits: Limit[]) {
  const { http } = db;
  const limited = limitsInBatch(http, limits);
  const [rows, ...hits] = await http.batch([http.execute<MemberRow>(roomMembersStatement(roomId)), ...limited.statements]);
  const members = membersIfOneOf(rows.rows, userId);
  if (members) limited.refuse(hits);
  return members;
}

/** The caller's membership of a room, with whose support room it is (null for a direct room); null for a non-member. */
export async function chatMembership(db: Executor, roomId: string, userId: number) {
  const result = await db.execute<{ support_user_id: number | null }>(sql`
    select r.support_user_id from chat_members m join chat_rooms r on r.id = m.room_id
    where m.room_id = ${roomId}::uuid and m.user_id = ${userId}`);
  const [row] = result.rows;
  return row ? { supportUserId: row.support_user_id == null ? null : Number(row.support_user_id) } : null;
}

/**
 * The direct room of two users: the same pair always gets the same room (unique direct_key), and a
 * caller who had deleted it from their list sees it again.
 */
export async function openDirectRoom(db: Db, userId: number, otherId: number) {
  const key = `${Math.min(userId, otherId)}:${Math.max(userId, otherId)}`;
  return db.transaction(async (tx) => {
    const room = await tx.execute<{ id: string }>(sql`
      insert into chat_rooms (direct_key) values (${key})
      on conflict (direct_key) do update set direct_key = excluded.direct_key
      returning id`);
    const roomId = room.rows[0].id;
    await tx.execute(sql`
      insert into chat_members (room_id, user_id) values (${roomId}::uuid, ${userId}), (${roomId}::uuid, ${otherId})
      on conflict do nothing`);
    await tx.execute(sql`update chat_members set hidden_at = null where room_id = ${roomId}::uuid and user_id = ${userId}`);
    return roomId;
  });
}

export async function userExists(db: Db, id: number) {
  const result = await db.execute(sql`select 1 from users where id = ${id}`);
  return result.rows.length > 0;
}

type MessageRow = {
  id: number;
  room_id: string;
  content: string;
  sender_id: number | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  reply_id: number | null;
  reply_content: string | null;
  reply_deleted: boolean | null;
  reply_sender_id: number | null;
  reply_sender_first_name: string | null;
  reply_sender_last_name: string | null;
};

export type AttachmentRow = { id: number; message_id: number; name: string; size_bytes: number; content_type: string };

export type LoadedMessage = MessageRow & { files: AttachmentRow[] };

/** A message row with its sender's and quoted message's names, from `source` (the table, or a CTE of new rows). */
const selectMessages = (source: SQL) => sql`
  select m.id, m.room_id, m.content, m.sender_id, s.first_name as sender_first_name, s.last_name as sender_last_name,
    m.created_at, m.edited_at, m.deleted_at,
    r.id as reply_id, r.content as reply_content, r.deleted_at is not null as reply_deleted, r.sender_id as reply_sender_id,
    rs.first_name as reply_sender_first_name, rs.last_name as reply_sender_last_name
  from ${source} m
  left join users s on s.id = m.sender_id
  left join chat_messages r on r.id = m.reply_to_id
  left join users rs on rs.id = r.sender_id`;

/** bigint columns arrive as strings */
const numericIds = (r: MessageRow): MessageRow => ({ ...r, id: Number(r.id), reply_id: r.reply_id == null ? null : Number(r.reply_id) });

export type MessageWindow = {
  before?: number;
  after?: number;
  ids?: number[];
  /** the message a sender stored under an Idempotency-Key */
  senderKey?: { senderId: number; key: string };
  limit: number;
};

/**
 * Messages of a room, ascending by id (the order they were stored in): the newest `limit` before `before`
 * (or overall), or the oldest `limit` after `after` (catching up after a reconnect), or the given ids.
 */
export async function loadMessages(db: Executor, roomId: string, window: MessageWindow): Promise<LoadedMessage[]> {
  const { before, after, ids, senderKey, limit } = window;
  const newestFirst = after == null && ids == null && senderKey == null;
  const result = await db.execute<MessageRow>(sql`
    ${selectMessages(sql`chat_messages`)}
    where m.room_id = ${roomId}::uuid
      ${before != null ? sql`and m.id < ${before}` : sql``}
      ${after != null ? sql`and m.id > ${after}` : sql``}
      ${ids != null ? sql`and m.id = any(${`{${ids.join(',')}}`}::bigint[])` : sql``}
      ${senderKey != null ? sql`and m.sender_id = ${senderKey.senderId} and m.client_key = ${senderKey.key}::uuid` : sql``}
    order by m.id ${newestFirst ? sql`desc` : sql`asc`}
    limit ${limit}`);
  const rows = result.rows.map(numericIds);
  if (newestFirst) rows.reverse();
  const files = await attachmentsOf(db, rows.filter((r) => !r.deleted_at).map((r) => r.id));
  return rows.map((r) => ({ ...r, files: files.filter((f) => f.message_id === r.id) }));
}

async function attachmentsOf(db: Executor, messageIds: number[]) {
  if (!messageIds.length) return [];
  const result = await db.execute<AttachmentRow>(sql`
    select id, message_id, name, size_bytes, content_type from chat_attachments
    where message_id = any(${`{${messageIds.join(',')}}`}::bigint[]) order by id`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), message_id: Number(r.message_id) }));
}

export type NewAttachment = { fileId: string; name: string; sizeBytes: number; contentType: string };

export type InsertOutcome =
  | { kind: 'ok'; message: LoadedMessage; seq: number }
  /** the sender's key names a message already stored: a repeated send, nothing stored again */
  | { kind: 'repeated'; message: LoadedMessage }
  | { kind: 'not_member' }
  | { kind: 'bad_reply' };

const CLIENT_KEY_INDEX = 'chat_messages_client_key_idx';

/**
 * A send whose Idempotency-Key the sender used before in this room (the unique index refused the insert, and with it
 * the whole statement or batch): the message stored then.
 */
async function repeatedSend(db: Executor, input: Pick<NewMessage, 'roomId' | 'senderId' | 'clientKey'>, e: unknown): Promise<InsertOutcome> {
  if (!input.clientKey || !isUniqueViolation(e, CLIENT_KEY_INDEX)) throw e;
  const [message] = await loadMessages(db, input.roomId, { senderKey: { senderId: input.senderId, key: input.clientKey }, limit: 1 });
  if (!message) throw e;
  return { kind: 'repeated', message };
}

type NewMessage = {
  roomId: string;
  senderId: number;
  content: string;
  replyTo: number | null;
  files: NewAttachment[];
  /** the sender's Idempotency-Key, if they sent one */
  clientKey: string | null;
};
type StoredRow = MessageRow & { seq: string; files: AttachmentRow[] };

/**
 * Stores a message with its attachments in one statement (atomic, and over the HTTP path: no connection of its own,
 * decision 015): the sender must be a member and a reply must quote a message of the same room (both are conditions
 * of the room's update, and the other writes read from it, so nothing is written unless both hold, nor unless
 * `allowed` does); the room rises to the top of every member's list and comes back for members who had deleted it;
 * the sender has read up to their own message. The room's row lock is taken
 * before the message's id is drawn (the insert reads from the update), so a room's messages commit in id order and
 * the fan-out after each commit leaves in that order too.
 */
function insertMessageStatement(input: NewMessage, allowed: SQL = sql`true`) {
  const room = sql`${input.roomId}::uuid`;
  const files = input.files.length
    ? sql`, files as (
        insert into chat_attachments (message_id, file_id, name, size_bytes, content_type)
        select m.id, f.file_id, f.name, f.size_bytes, f.content_type
        from new_message m, (values ${sql.join(
          input.files.map((f) => sql`(${f.fileId}::uuid, ${f.name}::text, ${f.sizeBytes}::bigint, ${f.contentType}::text)`),
          sql`, `,
        )}) as f (file_id, name, size_bytes, content_type)
        returning id, message_id, name, size_bytes, content_type)`
    : sql``;
  return sql`
    with room as (
      update chat_rooms set last_message_at = now(), message_seq = message_seq + 1
      where id = ${room}
        and exists (select 1 from chat_members where room_id = ${room} and user_id = ${input.senderId})
        and (${input.replyTo}::bigint is null or exists (select 1 from chat_messages where id = ${input.replyTo}::bigint and room_id = ${room}))
        and ${allowed}
      returning message_seq),
    new_message as (
      insert into chat_messages (room_id, sender_id, content, reply_to_id, client_key)
      select ${room}, ${input.senderId}, ${input.content}, ${input.replyTo}::bigint, ${input.clientKey}::uuid from room
      returning *),
    read_up_to as (
      update chat_members set last_read_message_id = greatest(coalesce(last_read_message_id, 0), m.id)
      from new_message m
      where chat_members.room_id = ${room} and chat_members.user_id = ${input.senderId})
    ${files}
    select stored.*, (select message_seq from room)::text as seq,
           ${input.files.length ? sql`(select coalesce(json_agg(f order by f.id), '[]') from files f)` : sql`'[]'::json`} as files
    from (${selectMessages(sql`new_message`)}) stored`;
}

/** The stored message, or why there is none: the sender is not (or no longer) a member, or the quoted message is not in the room. */
async function storedOrWhyNot(db: Executor, input: NewMessage, stored: StoredRow | undefined): Promise<InsertOutcome> {
  if (!stored) return { kind: (await chatMembership(db, input.roomId, input.senderId)) ? 'bad_reply' : 'not_member' };
  const { seq, files: attachments, ...message } = stored;
  const row = numericIds(message);
  const withFiles = attachments.map((f) => ({ ...f, id: Number(f.id), message_id: row.id })).sort((a, b) => a.id - b.id);
  return { kind: 'ok', message: { ...row, files: withFiles }, seq: Number(seq) };
}

/** Stores a message (insertMessageStatement) whose membership and rate the caller has already checked. */
export async function insertMessage(db: Db, input: NewMessage): Promise<InsertOutcome> {
  try {
    return await storedOrWhyNot(db, input, (await db.execute<StoredRow>(insertMessageStatement(input))).rows[0]);
  } catch (e) {
    return repeatedSend(db, input, e);
  }
}

/**
 * A message without files in one round trip (decision 015): the room's members, the sender's rate-limit hits and the
 * insert, conditioned on both, as one batch. `members` is null when the sender is not a member, which wins over being
 * over a limit (then it throws the 429); either way nothing was stored.
 */
export async function insertTextMessageCountingLimits(db: Db, input: Omit<NewMessage, 'files'>, limits: Limit[]) {
  const { http } = db;
  const message = { ...input, files: [] };
  const limited = limitsInBatch(http, limits);
  let answers;
  try {
    answers = await http.batch([
      http.execute<MemberRow>(roomMembersStatement(input.roomId)),
      ...limited.statements,
      http.execute<StoredRow>(insertMessageStatement(message, withinLimits(limits))),
    ]);
  } catch (e) {
    // a repeated send: the batch, its rate-limit hits with it, was rolled back; only a member finds their message
    const outcome = await repeatedSend(db, input, e);
    return { members: await roomMembers(db, input.roomId, input.senderId), outcome };
  }
  const [rows, ...rest] = answers;
  const members = membersIfOneOf(rows.rows, input.senderId);
  if (!members) return { members, outcome: { kind: 'not_member' } as InsertOutcome };
  limited.refuse(rest);
  const stored = (rest[limits.length] as { rows: StoredRow[] }).rows[0];
  return { members, outcome: await storedOrWhyNot(db, message, stored) };
}

/** Changes the text of the caller's own live message; null when there is no such message. */
export async function editMessage(db: Db, roomId: string, senderId: number, id: number, content: string) {
  const result = await db.execute<{ id: number }>(sql`
    update chat_messages set content = ${content}, edited_at = now()
    where id = ${id} and room_id = ${roomId}::uuid and sender_id = ${senderId} and deleted_at is null
    returning id`);
  return result.rows.length ? id : null;
}

/**
 * Deletes the caller's own message: the row stays (its place in the history, replies quoting it) with
 * empty text; its attachments are removed. Returns the files to delete from storage, or null.
 */
export async function deleteMessage(db: Db, roomId: string, senderId: number, id: number) {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update chat_messages set content = '', deleted_at = now()
      where id = ${id} and room_id = ${roomId}::uuid and sender_id = ${senderId} and deleted_at is null
      returning id`);
    if (!result.rows.length) return null;
    const removed = await tx.execute<{ key: string }>(sql`
      with a as (delete from chat_attachments where message_id = ${id} returning file_id)
      delete from uploaded_files f using a where f.id = a.file_id returning f.key`);
    return removed.rows.map((r) => r.key);
  });
}

/** Marks the room read up to `messageId` (never backwards, never past the newest message). */
export async function markRoomRead(db: Db, roomId: string, userId: number, messageId: number) {
  const result = await db.execute<{ last_read_message_id: number }>(sql`
    update chat_members set last_read_message_id = greatest(coalesce(last_read_message_id, 0),
      least(${messageId}::bigint, (select coalesce(max(id), 0) from chat_messages where room_id = ${roomId}::uuid)))
    where room_id = ${roomId}::uuid and user_id = ${userId}
    returning last_read_message_id`);
  if (!result.rows.length) return null;
  // the bell's "new message" notices for this room are read too
  await db.execute(sql`
    update notifications set is_read = true
    where user_id = ${userId} and kind = 'chat_message' and not is_read and payload->>'roomId' = ${roomId}`);
  return Number(result.rows[0].last_read_message_id);
}

/** Removes the room from the caller's list (the other member keeps it; a new message brings it back). */
export async function hideRoom(db: Db, roomId: string, userId: number) {
  const result = await db.execute(sql`
    update chat_members set hidden_at = now() where room_id = ${roomId}::uuid and user_id = ${userId} returning user_id`);
  return result.rows.length > 0;
}

/** An attachment's storage key, for a member of its room only, while its message is not deleted. */
export async function findAttachment(db: Db, roomId: string, userId: number, attachmentId: number) {
  const result = await db.execute<{ key: string; content_type: string; size_bytes: number; name: string }>(sql`
    select f.key, a.content_type, a.size_bytes, a.name
    from chat_attachments a
    join chat_messages m on m.id = a.message_id and m.deleted_at is null
    join uploaded_files f on f.id = a.file_id
    where a.id = ${attachmentId} and m.room_id = ${roomId}::uuid
      and exists (select 1 from chat_members where room_id = ${roomId}::uuid and user_id = ${userId})`);
  return result.rows[0] ?? null;
}
