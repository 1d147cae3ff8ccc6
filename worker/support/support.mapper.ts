import { lastMessagePreview, personName } from '../chats/chats.mapper.ts';
import type { InboxRow } from './support.queries.ts';

/** An item of the admins' support inbox. */
export function toInboxRoom(row: InboxRow) {
  return {
    roomId: row.id,
    user: { id: row.user_id, name: personName(row.first_name, row.last_name), email: row.email, avatar: row.avatar_url },
    lastMessage: {
      id: row.last_id,
      content: lastMessagePreview(row),
      senderId: row.last_sender_id,
      username: personName(row.last_sender_first_name, row.last_sender_last_name),
      /** written by the person (not by the team) */
      from_user: row.last_sender_id === row.user_id,
      timestamp: new Date(row.last_created_at).toISOString(),
    },
    unreadCount: row.unread,
    /** the caller already takes part in the room (it is in their chat list) */
    joined: row.joined,
  };
}
export type SupportInboxRoom = ReturnType<typeof toInboxRoom>;
