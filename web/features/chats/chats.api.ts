import type { InferResponseType } from 'hono/client';
import type { ChatFile, ChatMessage } from '../../../party/protocol/chats.ts';
import { api, toApiError, unwrap } from '../../lib/api-client.ts';

/* Chat calls (spec 001 "Chats", §7) through the typed client; the shapes are those of worker/chats/chats.mapper.ts. */

const rooms = api.chats;
const room = api.chats[':roomId'];

/** An item of GET /api/chats/: the other member's name and avatar, the newest message, my unread count. */
export type ChatRoom = InferResponseType<typeof rooms.$get, 200>[number];
export type ChatUser = ChatRoom['users'][number];
export type { ChatFile, ChatMessage };

/** GET messages/?before=&after=&limit=: a page of the room's messages and whether there are more. */
export type MessagePage = InferResponseType<typeof room.messages.$get, 200>;

/** `before` pages back from a message, `after` catches up past one; neither gives the newest page. */
export type MessageCursor = { before?: number; after?: number; limit?: number };

export type NewMessage = {
  content: string;
  replyTo?: number | null;
  files: readonly File[];
  /** Sent as Idempotency-Key: the same message sent again after a lost answer is found, not stored twice. */
  key?: string;
};

const param = (roomId: string) => ({ param: { roomId } });
const optional = (value: number | undefined) => (value == null ? undefined : String(value));

/** The multipart body of POST messages/ as the spec sends it: one `files` field per file. */
export function messageFormData(roomId: string, { content, replyTo, files }: NewMessage): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('chat_room', roomId);
  if (replyTo != null) form.append('reply_to', String(replyTo));
  for (const file of files) form.append('files', file);
  return form;
}

export const chatsApi = {
  rooms: async (): Promise<ChatRoom[]> => unwrap(await rooms.$get()),
  /** One room by id; answers even for a room I hid from my list (so ?roomId= can open it). */
  room: async (roomId: string): Promise<ChatRoom> => unwrap(await room.$get(param(roomId))),
  /** "Удалить чат": hides the room from my list until a new message arrives. */
  deleteRoom: async (roomId: string): Promise<void> => {
    const response = await room.$delete(param(roomId));
    if (!response.ok) throw await toApiError(response);
  },
  messages: async (roomId: string, { before, after, limit }: MessageCursor = {}): Promise<MessagePage> =>
    unwrap(await room.messages.$get({ ...param(roomId), query: { before: optional(before), after: optional(after), limit: optional(limit) } })),
  /*
   * The route reads the multipart body itself (it also takes JSON), so its client type has no `form`
   * input; the FormData goes in as the request body. The browser sets the multipart boundary.
   */
  send: async (roomId: string, message: NewMessage): Promise<ChatMessage> =>
    unwrap<ChatMessage>(
      await room.messages.$post(param(roomId), {
        init: { body: messageFormData(roomId, message), headers: message.key ? { 'Idempotency-Key': message.key } : undefined },
      }),
    ),
  edit: async (roomId: string, messageId: number, content: string): Promise<ChatMessage> =>
    unwrap(await room.messages[':messageId'].$patch({ param: { roomId, messageId: String(messageId) }, json: { content } })),
  remove: async (roomId: string, messageId: number): Promise<ChatMessage> =>
    unwrap(await room.messages[':messageId'].$delete({ param: { roomId, messageId: String(messageId) } })),
  markRead: async (roomId: string, messageId: number): Promise<{ last_read_message_id: number }> =>
    unwrap(await room.read.$post({ ...param(roomId), json: { message_id: messageId } })),
};
