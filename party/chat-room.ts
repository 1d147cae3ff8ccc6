import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { sendToAllSockets, socketTagValues } from './hibernated-sockets.ts';
import { IDENTITY_HEADER } from './identity.ts';
import { chatClientMessage, chatServerMessage, TYPING_RELAY_INTERVAL_MS, type ChatServerMessage } from './protocol/chats.ts';

const USER_TAG = 'user:';
const NEXT_SEQ_KEY = 'nextSeq';
/** how long a message waits for an earlier one of the same room before it goes out anyway */
const GAP_WAIT_MS = 2000;

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
    return userId ? [`${USER_TAG}${userId}`] : [];
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    // defence in depth: the route checked the session and the membership before the upgrade
    if (!ctx.request.headers.get(IDENTITY_HEADER)) connection.close(1008, 'forbidden');
  }

  /** when each connection's last "typing" was relayed */
  private typingRelayedAt = new Map<string, number>();

  onClose(connection: Connection) {
    this.typingRelayedAt.delete(connection.id);
  }

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
    // one "typing" per connection and interval reaches the others; a flood is dropped here (after a hibernation
    // the memory is new, so at most one extra frame gets through)
    const now = Date.now();
    if (now - (this.typingRelayedAt.get(connection.id) ?? 0) < TYPING_RELAY_INTERVAL_MS) return;
    this.typingRelayedAt.set(connection.id, now);
    // typing goes to the other people in the room, not back to the typist's own tabs
    const others = [...this.getConnections()].filter((c) => connectionUserId(c) === userId).map((c) => c.id);
    this.broadcast(JSON.stringify({ type: 'typing', user_id: userId } satisfies ChatServerMessage), others);
  }

  /** Messages that arrived ahead of their turn, by room sequence number, with what to do when sent. */
  private waiting = new Map<number, { text: string; sent: () => void }>();
  private nextSeq: number | null = null;
  private gapTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * RPC from the Worker: fan a stored change out; answers which users have the room open. New messages
   * carry the room's gapless sequence number (drawn in the storing transaction): they go out strictly in
   * that order, a message that overtook an earlier one waiting for it. If the earlier one never comes (its
   * Worker died after the commit), the wait ends after GAP_WAIT_MS; clients catch up from Postgres anyway.
   */
  async publish(message: ChatServerMessage, seq?: number) {
    const text = JSON.stringify(chatServerMessage.parse(message));
    if (seq == null) {
      sendToAllSockets(this.ctx, text);
      return { present: this.presentUserIds() };
    }
    this.nextSeq ??= (await this.ctx.storage.get<number>(NEXT_SEQ_KEY)) ?? seq;
    if (seq < this.nextSeq) {
      // late (after a gap timed out) or the first message after a restart with an older one in flight
      sendToAllSockets(this.ctx, text);
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
      sendToAllSockets(this.ctx, next.text);
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
