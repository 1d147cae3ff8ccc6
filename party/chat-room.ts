import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { sendToAllSockets, socketTagValues } from './hibernated-sockets.ts';
import { IDENTITY_HEADER, SUPPORT_PERSON_HEADER } from './identity.ts';
import { CHAT_CLOSE, CHAT_SOCKETS_PER_USER, chatClientMessage, chatServerMessage, TYPING_RELAY_INTERVAL_MS, type ChatServerMessage } from './protocol/chats.ts';
import { frameForPerson } from './protocol/support-view.ts';

const USER_TAG = 'user:';
/** the sockets of a support room's person, who sees the team as «Поддержка Формы» (decision 011) */
const PERSON_TAG = 'support-person';
const NEXT_SEQ_KEY = 'nextSeq';
/** how long a message waits for an earlier one of the same room before it goes out anyway */
const GAP_WAIT_MS = 2000;

/** A frame's text for everyone, and for the support room's person when theirs differs. */
type RoomText = { all: string; person: string | null };

/** The user a connection belongs to, from the tag it got on connect (tags survive hibernation). */
function connectionUserId(connection: Connection) {
  const tag = connection.tags.find((t) => t.startsWith(USER_TAG));
  return tag ? Number(tag.slice(USER_TAG.length)) : null;
}

/**
 * One per chat room (named by the room id). Postgres is the record: the Worker stores a message first and
 * then calls `publish`, which fans it out to every open connection of the room. The object keeps nothing
 * but the connections, and hibernates between messages.
 */
export class ChatRoom extends Server {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(IDENTITY_HEADER);
    if (!userId) return [];
    return ctx.request.headers.get(SUPPORT_PERSON_HEADER) ? [`${USER_TAG}${userId}`, PERSON_TAG] : [`${USER_TAG}${userId}`];
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    // defence in depth: the route checked the session and the membership before the upgrade
    const userId = ctx.request.headers.get(IDENTITY_HEADER);
    if (!userId) return connection.close(1008, 'forbidden');
    // a person's own connections are capped: the newest over the cap is refused, the ones already open keep working
    const own = [...this.getConnections(`${USER_TAG}${userId}`)].filter((c) => c.id !== connection.id && c.readyState === WebSocket.OPEN);
    if (own.length >= CHAT_SOCKETS_PER_USER) connection.close(CHAT_CLOSE.tooManySockets, 'Слишком много подключений к чату');
  }

  /**
   * When each user's last "typing" was relayed: by user, not by connection, so more tabs (or sockets opened for the
   * purpose) do not relay more. Memory only; it is cleared after a hibernation, at most one extra frame.
   */
  private typingRelayedAt = new Map<number, number>();

  onMessage(connection: Connection, message: WSMessage) {
    if (typeof message !== 'string' || message.length > 1000) return;
    let data: unknown;
    try {
      data = JSON.parse(message);
    } catch {
      return;
    }
    const parsed = chatClientMessage.safeParse(data);
    if (!parsed.success) return;
    if (parsed.data.type === 'ping') {
      connection.send(JSON.stringify({ type: 'pong' } satisfies ChatServerMessage));
      return;
    }
    const userId = connectionUserId(connection);
    if (userId == null) return;
    // one "typing" per person and interval reaches the others, however many sockets they send it from
    const now = Date.now();
    if (now - (this.typingRelayedAt.get(userId) ?? 0) < TYPING_RELAY_INTERVAL_MS) return;
    // the map holds the people who typed in the last interval, not everyone who ever did
    for (const [id, at] of this.typingRelayedAt) if (now - at >= TYPING_RELAY_INTERVAL_MS) this.typingRelayedAt.delete(id);
    this.typingRelayedAt.set(userId, now);
    // typing goes to the other people in the room, not back to the typist's own tabs
    const others = [...this.getConnections()].filter((c) => connectionUserId(c) === userId).map((c) => c.id);
    const frame: ChatServerMessage = { type: 'typing', user_id: userId };
    const personText = this.personText(frame);
    const text = JSON.stringify(frame);
    for (const c of this.getConnections()) if (!others.includes(c.id)) c.send(personText && c.tags.includes(PERSON_TAG) ? personText : text);
  }

  /** Messages that arrived ahead of their turn, by room sequence number, with what to do when sent. */
  private waiting = new Map<number, { text: RoomText; sent: () => void }>();
  private nextSeq: number | null = null;
  private gapTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * RPC from the Worker: fan a stored change out; answers which users have the room open. New messages
   * carry the room's gapless sequence number (drawn in the storing transaction): they go out strictly in
   * that order, a message that overtook an earlier one waiting for it. If the earlier one never comes (its
   * Worker died after the commit), the wait ends after GAP_WAIT_MS; clients catch up from Postgres anyway.
   */
  async publish(message: ChatServerMessage, seq?: number) {
    const frame = chatServerMessage.parse(message);
    const personText = this.personText(frame);
    const text = { all: JSON.stringify(frame), person: personText };
    if (seq == null) {
      this.send(text);
      return { present: this.presentUserIds() };
    }
    this.nextSeq ??= (await this.ctx.storage.get<number>(NEXT_SEQ_KEY)) ?? seq;
    if (seq < this.nextSeq) {
      // late (after a gap timed out) or the first message after a restart with an older one in flight
      this.send(text);
    } else {
      await new Promise<void>((sent) => {
        this.waiting.set(seq, { text, sent });
        this.flush();
      });
    }
    return { present: this.presentUserIds() };
  }

  private flush() {
    let next = this.waiting.get(this.nextSeq!);
    while (next) {
      this.waiting.delete(this.nextSeq!);
      this.send(next.text);
      next.sent();
      this.nextSeq! += 1;
      next = this.waiting.get(this.nextSeq!);
    }
    void this.ctx.storage.put(NEXT_SEQ_KEY, this.nextSeq);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
    if (this.waiting.size) {
      this.gapTimer = setTimeout(() => {
        // give up on the missing ones: continue from the lowest that did arrive
        this.nextSeq = Math.min(...this.waiting.keys());
        this.flush();
      }, GAP_WAIT_MS);
    }
  }

  /**
   * The frame as the support room's person gets it, when they are connected and it differs (someone of the team
   * wrote, read or types); null otherwise. Only a support room's person has the tag, so a direct room reads no tags.
   */
  private personText(frame: ChatServerMessage): string | null {
    const [person] = this.ctx.getWebSockets(PERSON_TAG);
    const userTag = person && this.ctx.getTags(person).find((t) => t.startsWith(USER_TAG));
    if (!userTag) return null;
    const masked = frameForPerson(frame, Number(userTag.slice(USER_TAG.length)));
    return masked && JSON.stringify(masked);
  }

  private send(text: RoomText) {
    sendToAllSockets(this.ctx, text.all, text.person === null ? null : { tag: PERSON_TAG, text: text.person });
  }

  /** RPC: who has the room open right now. */
  async present() {
    return this.presentUserIds();
  }

  /** RPC: the room was deleted for `userId`: close that user's connections to it. */
  async disconnectUser(userId: number) {
    for (const c of this.getConnections(`${USER_TAG}${userId}`)) {
      c.send(JSON.stringify({ type: 'room_deleted' } satisfies ChatServerMessage));
      c.close(1000, 'room deleted');
    }
  }

  /** Who has the room open, from the sockets' tags. */
  private presentUserIds() {
    return socketTagValues(this.ctx, USER_TAG).map(Number);
  }
}
