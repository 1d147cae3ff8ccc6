import type { ChatMessage, MessagePage } from './chats.api.ts';

/** What the message pane keeps of a room: loaded messages ascending by id, and whether older ones exist. */
export type RoomMessages = { messages: ChatMessage[]; hasMore: boolean };

/*
 * A message can reach the client several times: the POST answer, the socket, and the catch-up after a
 * reconnect. Messages never change id, so the id is the identity; of two copies the later state wins
 * (deleted beats edited beats original), so a replayed old copy cannot undo an edit or a delete.
 */
function laterCopy(current: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (current.is_deleted && !incoming.is_deleted) return current;
  if (incoming.is_deleted && !current.is_deleted) return incoming;
  if (current.edited_at && (!incoming.edited_at || incoming.edited_at < current.edited_at)) return current;
  return incoming;
}

/** Both lists as one, each message once, sorted by id. Returns `current` itself when nothing changed. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (!incoming.length) return current as ChatMessage[];
  const byId = new Map(current.map((message) => [message.id, message]));
  let changed = false;
  for (const message of incoming) {
    const existing = byId.get(message.id);
    const next = existing ? laterCopy(existing, message) : message;
    if (next !== existing) {
      byId.set(message.id, next);
      changed = true;
    }
  }
  if (!changed) return current as ChatMessage[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * An edited or deleted message (socket `message_updated`, or our own PATCH/DELETE answer): replaces the
 * loaded copy and refreshes the quotes of the replies to it. A message that is not loaded stays unloaded;
 * it will come with its page, already updated.
 */
export function applyMessageUpdate(current: readonly ChatMessage[], updated: ChatMessage): ChatMessage[] {
  let changed = false;
  const next = current.map((message) => {
    if (message.id === updated.id) {
      const copy = laterCopy(message, updated);
      if (copy !== message) changed = true;
      return copy;
    }
    if (message.reply_to?.id === updated.id) {
      const content = updated.is_deleted ? null : updated.content;
      if (message.reply_to.content === content) return message;
      changed = true;
      return { ...message, reply_to: { ...message.reply_to, content } };
    }
    return message;
  });
  return changed ? next : (current as ChatMessage[]);
}

/** A new message (socket or POST answer) into the loaded ones; without loaded ones there is nothing to add to yet. */
export function withMessage(state: RoomMessages | undefined, message: ChatMessage): RoomMessages | undefined {
  if (!state) return state;
  const messages = mergeMessages(state.messages, [message]);
  return messages === state.messages ? state : { ...state, messages };
}

export function withUpdate(state: RoomMessages | undefined, message: ChatMessage): RoomMessages | undefined {
  if (!state) return state;
  const messages = applyMessageUpdate(state.messages, message);
  return messages === state.messages ? state : { ...state, messages };
}

/** An older page (scrolling up) before the loaded messages. */
export function withOlderPage(state: RoomMessages | undefined, page: MessagePage): RoomMessages | undefined {
  if (!state) return state;
  return { messages: mergeMessages(state.messages, page.results), hasMore: page.has_more };
}

/**
 * The newest page as the first load (or a reload) got it. Messages newer than the page that are already
 * in the cache arrived over the socket while the page was on its way; they are kept. Older loaded ones
 * are dropped so the list has no gap (scrolling up loads them again).
 */
export function withNewestPage(state: RoomMessages | undefined, page: MessagePage): RoomMessages {
  const lastId = page.results.at(-1)?.id ?? 0;
  const arrivedMeanwhile = state?.messages.filter((message) => message.id > lastId) ?? [];
  return { messages: mergeMessages(page.results, arrivedMeanwhile), hasMore: page.has_more };
}

export const lastMessageId = (messages: readonly ChatMessage[]) => messages.at(-1)?.id ?? 0;
