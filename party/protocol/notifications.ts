import { z } from 'zod';

/** What /ws/notifications/ sends to a user's open tabs. Parsed with this schema on both sides. */
export const notificationSchema = z.object({
  id: z.number(),
  message: z.string(),
  is_read: z.boolean(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const notificationServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  // a chat message arrived in a room the user is not looking at: the spec's `{roomId}` / `{chat_room}` payload
  z.object({ type: z.literal('chat_message'), roomId: z.string(), chat_room: z.string() }),
  // marked read in another tab: every tab updates its badge
  z.object({ type: z.literal('read'), ids: z.array(z.number()) }),
  z.object({ type: z.literal('read_all') }),
  z.object({ type: z.literal('pong') }),
]);
export type NotificationServerMessage = z.infer<typeof notificationServerMessage>;

export const notificationClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type NotificationClientMessage = z.infer<typeof notificationClientMessage>;
