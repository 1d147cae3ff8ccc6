import type { ChatMessage } from '../../party/protocol/chats.ts';
import { SUPPORT_NAME } from '../../party/protocol/support-view.ts';
import type { LoadedMessage, RoomRow } from './chats.queries.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export const personName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ').trim() || 'Пользователь';

export function attachmentUrl(roomId: string, attachmentId: number) {
  return `/api/chats/${roomId}/files/${attachmentId}/`;
}

/** The spec's chat message (001 §3) plus chat_room, reply_to, edited_at and is_deleted. */
export function toChatMessage(row: LoadedMessage): ChatMessage {
  const deleted = row.deleted_at != null;
  return {
    id: row.id,
    chat_room: row.room_id,
    content: deleted ? '' : row.content,
    sender_id: row.sender_id,
    sender_username: personName(row.sender_first_name, row.sender_last_name),
    timestamp: iso(row.created_at),
    files: deleted ? [] : row.files.map((f) => ({ id: f.id, name: f.name, size: f.size_bytes, type: f.content_type, url: attachmentUrl(row.room_id, f.id) })),
    reply_to:
      row.reply_id == null
        ? null
        : {
            id: row.reply_id,
            content: row.reply_deleted ? null : (row.reply_content ?? ''),
            sender_id: row.reply_sender_id,
            sender_username: personName(row.reply_sender_first_name, row.reply_sender_last_name),
          },
    edited_at: row.edited_at ? iso(row.edited_at) : null,
    is_deleted: deleted,
  };
}


/** What the room list shows of the newest message. */
export function lastMessagePreview(row: Pick<RoomRow, 'last_deleted' | 'last_content' | 'last_has_files'>) {
  if (row.last_deleted) return 'Сообщение удалено';
  if (row.last_content) return row.last_content;
  return row.last_has_files ? 'Вложение' : '';
}

/** A room's name for one member: the other person's, or «Поддержка Формы» in that member's own support room. */
export const roomTitle = (row: Pick<RoomRow, 'kind' | 'other_id' | 'other_first_name' | 'other_last_name'>) =>
  row.kind === 'support' && row.other_id == null ? SUPPORT_NAME : personName(row.other_first_name, row.other_last_name);

/**
 * The spec's chat room (001 §3): roomName and avatar are the other member's; unreadCount is ours. In my own
 * support room the other side is the team: no second user (so no profile link), the name «Поддержка Формы».
 */
export function toChatRoom(row: RoomRow) {
  const me = { id: row.me_id, username: personName(row.me_first_name, row.me_last_name), avatar: row.me_avatar_url };
  // my own support room: a reply's author is the team, never a named admin
  const fromTeam = row.kind === 'support' && row.other_id == null && row.last_sender_id !== row.me_id;
  return {
    roomId: row.id,
    roomName: roomTitle(row),
    avatar: row.other_id == null ? null : row.other_avatar_url,
    users: row.other_id == null ? [me] : [me, { id: row.other_id, username: personName(row.other_first_name, row.other_last_name), avatar: row.other_avatar_url }],
    lastMessage:
      row.last_id == null
        ? null
        : {
            id: Number(row.last_id),
            content: lastMessagePreview(row),
            senderId: fromTeam ? null : row.last_sender_id,
            username: fromTeam ? SUPPORT_NAME : personName(row.last_sender_first_name, row.last_sender_last_name),
            timestamp: iso(row.last_created_at!),
          },
    unreadCount: row.unread,
    /** how far the other member has read: the client marks my messages up to it as seen */
    otherLastReadMessageId: row.other_last_read_message_id == null ? null : Number(row.other_last_read_message_id),
  };
}
