import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import type { Bindings } from '../worker/env.ts';
import { IDENTITY_HEADER } from './identity.ts';
import { chatClientMessage, chatServerMessage, type ChatServerMessage } from './protocol/chats.ts';

const USER_TAG = 'user:';

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
export class ChatRoom extends Server<Bindings> {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(IDENTITY_HEADER);
    return userId ? [`${USER_TAG}${userId}`] : [];
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    // defence in depth: the route checked the session and the membership before the upgrade
    if (!ctx.request.headers.get(IDENTITY_HEADER)) connection.close(1008, 'forbidden');
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
    // typing goes to the other people in the room, not back to the typist's own tabs
    const others = [...this.getConnections()].filter((c) => connectionUserId(c) === userId).map((c) => c.id);
    this.broadcast(JSON.stringify({ type: 'typing', user_id: userId } satisfies ChatServerMessage), others);
  }

  /** RPC from the Worker: fan a stored change out; answers which users have the room open. */
  async publish(message: ChatServerMessage) {
    this.broadcast(JSON.stringify(chatServerMessage.parse(message)));
    return { present: this.presentUserIds() };
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

  private presentUserIds() {
    const ids = new Set<number>();
    for (const c of this.getConnections()) {
      const id = connectionUserId(c);
      if (id != null) ids.add(id);
    }
    return [...ids];
  }
}
