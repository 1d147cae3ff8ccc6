// Support rooms: chat rooms of kind 'support', one per person (unique support_user_id). The person is a
// member from the start; an admin becomes one when they take the room up from the inbox, and from then on
// reads and answers it through the ordinary chat calls, which check membership.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';

/**
 * The caller's support room, created on first use. One statement: two concurrent calls meet on the unique
 * support_user_id (the second waits and takes the existing row); a person who had deleted the room from
 * their list sees it again.
 */
export async function openSupportRoom(db: Db, userId: number) {
  const result = await db.execute<{ id: string }>(sql`
    with room as (
      insert into chat_rooms (kind, support_user_id) values ('support', ${userId})
      on conflict (support_user_id) do update set kind = excluded.kind
      returning id),
    member as (
      insert into chat_members (room_id, user_id) select id, ${userId} from room
      on conflict (room_id, user_id) do update set hidden_at = null
      returning room_id)
    select room_id as id from member`);
  return result.rows[0].id;
}

/** An admin takes up a support room (joins it, or sees it again in their list); null when there is no such room. */
export async function joinSupportRoom(db: Db, roomId: string, adminId: number) {
  const result = await db.execute<{ room_id: string }>(sql`
    insert into chat_members (room_id, user_id)
    select r.id, ${adminId} from chat_rooms r where r.id = ${roomId}::uuid and r.kind = 'support'
    on conflict (room_id, user_id) do update set hidden_at = null
    returning room_id`);
  return result.rows[0]?.room_id ?? null;
}

export type InboxRow = {
  id: string;
  created_at: string;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  avatar_url: string | null;
  last_id: number;
  last_content: string;
  last_sender_id: number | null;
  last_sender_first_name: string | null;
  last_sender_last_name: string | null;
  last_created_at: string;
  last_deleted: boolean;
  last_has_files: boolean;
  unread: number;
  joined: boolean;
};

/**
 * Support rooms with at least one message, newest activity first. `unread` is for the team: the person's
 * messages past the furthest any admin in the room has read. `joined`: the caller is already a member.
 */
export async function listSupportRooms(db: Db, adminId: number, page: { offset: number; limit: number }) {
  const result = await db.execute<InboxRow>(sql`
    select r.id, r.created_at,
      u.id as user_id, u.first_name, u.last_name, u.email, u.avatar_url,
      lm.id as last_id, lm.content as last_content, lm.sender_id as last_sender_id,
      ls.first_name as last_sender_first_name, ls.last_name as last_sender_last_name,
      lm.created_at as last_created_at, lm.deleted_at is not null as last_deleted,
      exists (select 1 from chat_attachments a where a.message_id = lm.id) as last_has_files,
      (select count(*)::int from chat_messages x
        where x.room_id = r.id and x.sender_id = r.support_user_id and x.deleted_at is null
          and x.id > coalesce((select max(t.last_read_message_id) from chat_members t
                               where t.room_id = r.id and t.user_id <> r.support_user_id), 0)) as unread,
      exists (select 1 from chat_members j where j.room_id = r.id and j.user_id = ${adminId}) as joined
    from chat_rooms r
    join users u on u.id = r.support_user_id
    join lateral (select * from chat_messages m where m.room_id = r.id order by m.id desc limit 1) lm on true
    left join users ls on ls.id = lm.sender_id
    where r.kind = 'support'
    order by r.last_message_at desc nulls last, r.id
    limit ${page.limit + 1} offset ${page.offset}`);
  const rows = result.rows.map((r) => ({ ...r, last_id: Number(r.last_id), unread: Number(r.unread) }));
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}
