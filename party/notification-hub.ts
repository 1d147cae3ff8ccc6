import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { sendToAllSockets } from './hibernated-sockets.ts';
import { IDENTITY_HEADER } from './identity.ts';
import { notificationClientMessage, notificationServerMessage, type NotificationServerMessage } from './protocol/notifications.ts';

/**
 * One per user (named by the user id): fans a notification out to every tab the user has open.
 * Postgres keeps the notifications; this object only delivers them. Hibernates between messages.
 */
export class NotificationHub extends Server {
  static options = { hibernate: true };

  onConnect(connection: Connection, ctx: ConnectionContext) {
    // defence in depth: the route already checked the session and addressed this user's hub
    if (ctx.request.headers.get(IDENTITY_HEADER) !== this.name) connection.close(1008, 'forbidden');
  }

  onMessage(connection: Connection, message: WSMessage) {
    if (typeof message !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(message);
    } catch {
      return;
    }
    const parsed = notificationClientMessage.safeParse(data);
    if (parsed.success && parsed.data.type === 'ping') connection.send(JSON.stringify({ type: 'pong' } satisfies NotificationServerMessage));
  }

  /** RPC from the Worker: deliver to every open connection; answers how many got it. */
  async deliver(message: NotificationServerMessage) {
    const text = JSON.stringify(notificationServerMessage.parse(message));
    return { delivered: sendToAllSockets(this.ctx, text) };
  }
}
