// After a change is stored: the room's Durable Object fans it out to open connections, and members who
// do not have the room open hear about a new message through their notification hub.
import type { ChatServerMessage } from '../../party/protocol/chats.ts';
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { pushNotifications, pushToUser, storeNotifications } from '../notifications/notify.ts';
import { chatPageUrl } from './chat-links.ts';

/**
 * Fans a stored change out to the room; answers who has it open (nobody when the object is unreachable).
 * A new message passes its room sequence number, so the object sends messages in the order they were stored.
 */
export async function publishToRoom(env: Bindings, roomId: string, message: ChatServerMessage, seq?: number): Promise<number[]> {
  try {
    // one RPC: the room needs no start-up (no onStart) and takes its name from its id (getServerByName would add a
    // round trip to the object first, for each message)
    const { present } = await env.ChatRoom.getByName(roomId).publish(message, seq);
    return present;
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'chat fan-out failed', roomId, error: String(e) }));
    return [];
  }
}

type Member = { user_id: number; last_read_message_id: number | null };

/**
 * Members away from the room get the spec's `{roomId, chat_room}` push (their room list raises its unread
 * count) and one bell notification per unread stretch: the key carries how far they had read, so a
 * second message before they read the first adds no second notice.
 */
export async function tellAbsentMembers(
  env: Bindings,
  db: Db,
  input: { roomId: string; senderId: number; senderName: string; members: Member[]; present: number[] },
) {
  const absent = input.members.filter((m) => m.user_id !== input.senderId && !input.present.includes(m.user_id));
  if (!absent.length) return;
  const stored = await storeNotifications(
    db,
    absent.map((m) => ({
      userId: m.user_id,
      kind: 'chat_message',
      message: `${input.senderName}: новое сообщение в чате.`,
      url: chatPageUrl(input.roomId),
      extra: { roomId: input.roomId },
      dedupeKey: `chat:${input.roomId}:${m.last_read_message_id ?? 0}`,
    })),
  );
  await Promise.all(absent.map((m) => pushToUser(env, m.user_id, { type: 'chat_message', roomId: input.roomId, chat_room: input.roomId })));
  await pushNotifications(env, stored);
}
