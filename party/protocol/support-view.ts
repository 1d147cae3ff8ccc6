// How a support room looks to its person (decision 011; issue 34): the team answers as «Поддержка Формы», and no
// admin's id or name reaches the person, in a message, a quoted reply, the room list, a file's sender, a read mark
// or a typing frame. The admins see one another as they are. One rule, used by the Worker's REST answers and
// downloads and by the ChatRoom object for each socket of the person.
import type { ChatMessage, ChatServerMessage } from './chats.ts';

/** How a support room is named for its person, and how the team signs its replies and their notices. */
export const SUPPORT_NAME = 'Поддержка Формы';

type Members = ReadonlyArray<{ support_user_id: number | null }>;

/** The person whose support room this is, or null for a direct room (members carry the room's support_user_id). */
export const supportPersonOf = (members: Members) => members[0]?.support_user_id ?? null;

/** A message as the support room's person sees it: anyone but them is the team. */
export function asSeenByPerson(message: ChatMessage, personId: number): ChatMessage {
  const reply = message.reply_to;
  return {
    ...message,
    ...(message.sender_id === personId ? {} : { sender_id: null, sender_username: SUPPORT_NAME }),
    reply_to: reply && reply.sender_id !== personId ? { ...reply, sender_id: null, sender_username: SUPPORT_NAME } : reply,
  };
}

/** A message for `viewerId`: masked when they are the person of this support room (`personId`), as it is otherwise. */
export const messageFor = (message: ChatMessage, personId: number | null, viewerId: number) =>
  personId === viewerId ? asSeenByPerson(message, personId) : message;

/**
 * What the room's person gets of a frame sent to the room: null when it is the same frame for everyone (a direct
 * room, or the person's own doing), so the object sends one text to all.
 */
export function frameForPerson(frame: ChatServerMessage, personId: number | null): ChatServerMessage | null {
  if (personId == null) return null;
  switch (frame.type) {
    case 'message':
    case 'message_updated':
      return { ...frame, message: asSeenByPerson(frame.message, personId) };
    case 'read':
    case 'typing':
      return frame.user_id === personId ? null : { ...frame, user_id: null };
    default:
      return null;
  }
}
