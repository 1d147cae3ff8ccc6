// A member's live connection to /ws/chats/{roomId}/ through the real Worker entry and Durable Object.
import { expect } from 'vitest';
import { chatServerMessage, type ChatServerMessage } from '../../party/protocol/chats.ts';
import { notificationServerMessage, type NotificationServerMessage } from '../../party/protocol/notifications.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { call } from './helpers.ts';
import { send } from './json-api.ts';

type Parser<T> = { parse: (data: unknown) => T };

async function open<T>(path: string, user: SessionUser, schema: Parser<T>) {
  const res = await call(path, { headers: { upgrade: 'websocket' }, user });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const received: T[] = [];
  ws.addEventListener('message', (e: MessageEvent) => {
    received.push(schema.parse(JSON.parse(e.data as string)));
  });
  ws.accept();
  /** waits until `count` messages matching `match` have arrived (5 s at most) */
  const waitFor = async (match: (m: T) => boolean, count = 1) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const hits = received.filter(match);
      if (hits.length >= count) return hits;
      if (Date.now() > deadline) throw new Error(`expected ${count} matching message(s) within 5 s, got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, received, waitFor };
}

/** Opens the room's socket; a ping answered proves it is connected end to end. */
export async function joinRoom(roomId: string, user: SessionUser) {
  const socket = await open<ChatServerMessage>(`/ws/chats/${roomId}/`, user, chatServerMessage);
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await socket.waitFor((m) => m.type === 'pong');
  return socket;
}

export async function openNotifications(user: SessionUser) {
  const socket = await open<NotificationServerMessage>('/ws/notifications/', user, notificationServerMessage);
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await socket.waitFor((m) => m.type === 'pong');
  return socket;
}

export async function openRoom(user: SessionUser, otherId: number): Promise<string> {
  const res = await send('POST', '/api/chats/with-user/', { user, body: { mentor_profile_id: otherId } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { roomId: string }).roomId;
}

export const say = (user: SessionUser, roomId: string, content: string, extra: Record<string, unknown> = {}) =>
  send('POST', `/api/chats/${roomId}/messages/`, { user, body: { content, ...extra } });
