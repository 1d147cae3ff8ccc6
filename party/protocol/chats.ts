import { z } from 'zod';

/**
 * The room relays at most one "typing" per connection in this long (decision 013); the web client sends one per
 * 2 s, so only a flooding client loses frames.
 */
export const TYPING_RELAY_INTERVAL_MS = 1500;

/**
 * Open connections one person may hold to one chat room (tabs, devices): more are closed at once with
 * CHAT_CLOSE.tooManySockets (issue 34: ten sockets of one user made ten of everything). Eight tabs of one chat is
 * more than anyone keeps.
 */
export const CHAT_SOCKETS_PER_USER = 8;
export const CHAT_CLOSE = { tooManySockets: 4008 } as const;

/** A file attached to a chat message (spec 001 §3: name, size, type, url). */
export const chatFileSchema = z.object({ id: z.number(), name: z.string(), size: z.number(), type: z.string(), url: z.string() });

/** The message a reply quotes; null content when the quoted message was deleted. */
export const chatReplySchema = z.object({ id: z.number(), content: z.string().nullable(), sender_id: z.number().nullable(), sender_username: z.string() });

/**
 * A chat message as REST and /ws/chats/{roomId}/ both send it (spec 001 §3 plus ours: chat_room, reply_to,
 * edited_at, is_deleted). A deleted message keeps its place with empty content and no files.
 */
export const chatMessageSchema = z.object({
  id: z.number(),
  chat_room: z.string(),
  content: z.string(),
  sender_id: z.number().nullable(),
  sender_username: z.string(),
  timestamp: z.string(),
  files: z.array(chatFileSchema),
  reply_to: chatReplySchema.nullable(),
  edited_at: z.string().nullable(),
  is_deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatFile = z.infer<typeof chatFileSchema>;

/** What the room's Durable Object sends to its connections. */
export const chatServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('message_updated'), message: chatMessageSchema }),
  // user_id null: the support team, as a support room's person sees it (decision 011)
  z.object({ type: z.literal('typing'), user_id: z.number().nullable() }),
  z.object({ type: z.literal('read'), user_id: z.number().nullable(), message_id: z.number() }),
  z.object({ type: z.literal('room_deleted') }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatServerMessage = z.infer<typeof chatServerMessage>;

/** What a client may send over the socket; messages themselves go through REST (stored first). */
export const chatClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('typing') }), z.object({ type: z.literal('ping') })]);
export type ChatClientMessage = z.infer<typeof chatClientMessage>;
