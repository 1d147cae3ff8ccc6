// Fan-out straight from the hibernation API. partyserver's `broadcast` and `getConnections` wrap every socket and
// read its attachment back on each call; a room or hub that sends one text to all its sockets needs neither.
// Only for objects with `static options = { hibernate: true }` (ChatRoom, NotificationHub): partyserver accepts their
// sockets with `ctx.acceptWebSocket`, so `ctx.getWebSockets()` has them all; without hibernation it would have none.

/** The object's sockets that are open (a closing one neither gets messages nor counts as present). */
function* openSockets(ctx: DurableObjectState) {
  for (const ws of ctx.getWebSockets()) {
    // (WebSocket.OPEN: workerd names it READY_STATE_OPEN; partyserver, imported by every object, adds the standard name)
    if (ws.readyState === WebSocket.OPEN) yield ws;
  }
}

/**
 * Sends `text` to every open socket of the object, or `variant.text` to those tagged `variant.tag`; answers how many
 * it went to. Without a variant no socket's tags are read.
 */
export function sendToAllSockets(ctx: DurableObjectState, text: string, variant?: { tag: string; text: string } | null): number {
  let sent = 0;
  for (const ws of openSockets(ctx)) {
    try {
      ws.send(variant && ctx.getTags(ws).includes(variant.tag) ? variant.text : text);
      sent += 1;
    } catch {
      ws.close(1011, 'Unexpected error');
    }
  }
  return sent;
}

/** The values of the open sockets' tags that start with `prefix` (tags are set on accept and survive hibernation). */
export function socketTagValues(ctx: DurableObjectState, prefix: string): string[] {
  const values = new Set<string>();
  for (const ws of openSockets(ctx)) {
    const tag = ctx.getTags(ws).find((t) => t.startsWith(prefix));
    if (tag) values.add(tag.slice(prefix.length));
  }
  return [...values];
}
