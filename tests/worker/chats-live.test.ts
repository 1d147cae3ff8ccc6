/// <reference types="@cloudflare/vitest-plugin/types" />
// Chats live: real WebSockets through the Worker entry to the room's Durable Object and the users'
// notification hubs.
import { eq } from 'drizzle-orm';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { chatMembers } from '../../drizzle/schema/chats.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { CHAT_CLOSE, CHAT_SOCKETS_PER_USER } from '../../party/protocol/chats.ts';
import { createUser } from '../factories.ts';
import { joinRoom, openNotifications, openRoom, say } from './chat-socket.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { getServerByName } from 'partyserver';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

async function pair() {
  const [a, b] = await Promise.all([createUser(t.db, { firstName: 'Вера' }), createUser(t.db, { role: 'mentor', firstName: 'Глеб' })]);
  const roomId = await openRoom(asUser(a), b.id);
  return { a: asUser(a), b: asUser(b), roomId };
}

describe('/ws/chats/{roomId}/', () => {
  it('refuses a visitor (401), a non-member (404) and another site (403) before the upgrade', async () => {
    const { roomId } = await pair();
    const stranger = asUser(await createUser(t.db));
    expect((await call(`/ws/chats/${roomId}/`, { headers: { upgrade: 'websocket' } })).status).toBe(401);
    expect(await expectJson(call(`/ws/chats/${roomId}/`, { headers: { upgrade: 'websocket' }, user: stranger }), 404)).toMatchObject({ code: 'not_found' });
    const [member] = await t.db.select().from(chatMembers).where(eq(chatMembers.roomId, roomId)).limit(1);
    const foreign = await call(`/ws/chats/${roomId}/`, { headers: { upgrade: 'websocket', origin: 'https://evil.example' }, user: { id: member.userId, role: 'mentee' } });
    expect(foreign.status).toBe(403);
    const own = await call(`/ws/chats/${roomId}/`, { headers: { upgrade: 'websocket', origin: ORIGIN }, user: { id: member.userId, role: 'mentee' } });
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close();
  });

  it('two members see each other’s messages, edits, deletions and read receipts', async () => {
    const { a, b, roomId } = await pair();
    const [sa, sb] = await Promise.all([joinRoom(roomId, a), joinRoom(roomId, b)]);
    const hello = await expectJson(say(a, roomId, 'Привет!'), 201);
    const reply = await expectJson(say(b, roomId, 'Здравствуйте', { reply_to: hello.id }), 201);
    for (const s of [sa, sb]) {
      const got = await s.waitFor((m) => m.type === 'message', 2);
      expect(got.map((m) => m.type === 'message' && m.message)).toEqual([hello, reply]);
    }
    await expectJson(send('PATCH', `/api/chats/${roomId}/messages/${hello.id}/`, { user: a, body: { content: 'Привет, Глеб!' } }), 200);
    await expectJson(send('DELETE', `/api/chats/${roomId}/messages/${reply.id}/`, { user: b }), 200);
    await expectJson(send('POST', `/api/chats/${roomId}/read/`, { user: a, body: { message_id: reply.id } }), 200);
    for (const s of [sa, sb]) {
      const updates = await s.waitFor((m) => m.type === 'message_updated', 2);
      expect(updates.map((m) => m.type === 'message_updated' && [m.message.id, m.message.content, m.message.is_deleted])).toEqual([
        [hello.id, 'Привет, Глеб!', false],
        [reply.id, '', true],
      ]);
      expect(await s.waitFor((m) => m.type === 'read')).toEqual([{ type: 'read', user_id: a.id, message_id: reply.id }]);
    }
    sa.ws.close();
    sb.ws.close();
  });

  it('typing goes to the other member only', async () => {
    const { a, b, roomId } = await pair();
    const [sa, sb] = await Promise.all([joinRoom(roomId, a), joinRoom(roomId, b)]);
    sa.ws.send(JSON.stringify({ type: 'typing' }));
    expect(await sb.waitFor((m) => m.type === 'typing')).toEqual([{ type: 'typing', user_id: a.id }]);
    // a round trip on a's own socket after the typing: had it been echoed, it would have arrived first
    sa.ws.send(JSON.stringify({ type: 'ping' }));
    await sa.waitFor((m) => m.type === 'pong', 2);
    expect(sa.received.some((m) => m.type === 'typing')).toBe(false);
    sa.ws.close();
    sb.ws.close();
  });

  it('relays at most one typing per connection in each interval: a flood of 50 reaches the other side once', async () => {
    const { a, b, roomId } = await pair();
    const [sa, sb] = await Promise.all([joinRoom(roomId, a), joinRoom(roomId, b)]);
    for (let i = 0; i < 50; i++) sa.ws.send(JSON.stringify({ type: 'typing' }));
    // a's ping is answered after all 50 were handled; b's round trip then flushes anything relayed to b
    // (each socket already has the pong of joining)
    sa.ws.send(JSON.stringify({ type: 'ping' }));
    await sa.waitFor((m) => m.type === 'pong', 2);
    sb.ws.send(JSON.stringify({ type: 'ping' }));
    await sb.waitFor((m) => m.type === 'pong', 2);
    expect(sb.received.filter((m) => m.type === 'typing')).toHaveLength(1);
    sa.ws.close();
    sb.ws.close();
  });

  it('a client that reconnects gets exactly what it missed, in order', async () => {
    const { a, b, roomId } = await pair();
    const sa = await joinRoom(roomId, a);
    const first = await expectJson(say(b, roomId, 'до обрыва'), 201);
    await sa.waitFor((m) => m.type === 'message');
    sa.ws.close();
    const missed = [];
    for (const text of ['пока вас не было 1', 'пока вас не было 2', 'пока вас не было 3']) missed.push(await expectJson(say(b, roomId, text), 201));
    const again = await joinRoom(roomId, a);
    const late = await expectJson(say(b, roomId, 'после'), 201);
    const caughtUp = await expectJson(send('GET', `/api/chats/${roomId}/messages/?after=${first.id}`, { user: a }), 200);
    const live = (await again.waitFor((m) => m.type === 'message')).map((m) => (m.type === 'message' ? m.message.id : 0));
    // what the client shows: catch-up and live merged by id, no gaps and no duplicates
    const shown = [...new Set([first.id, ...caughtUp.results.map((m: any) => m.id), ...live])].sort((x, y) => x - y);
    expect(shown).toEqual([first.id, ...missed.map((m) => m.id), late.id]);
    again.ws.close();
  });

  it('a chat room restarting in the middle of a conversation loses and duplicates no message', async () => {
    const { a, b, roomId } = await pair();
    const sa = await joinRoom(roomId, a);
    const sent: number[] = [];
    for (let i = 0; i < 10; i++) {
      // halfway, the room's Durable Object is reset: its memory and its sockets are gone
      if (i === 5) {
        await runInDurableObject(bindings.ChatRoom.get(bindings.ChatRoom.idFromName(roomId)), (_room, state) => state.abort('test: restart')).catch(() => undefined);
      }
      sent.push((await expectJson(say(b, roomId, `сообщение ${i}`), 201)).id);
    }
    // the reset really happened: the room dropped a's socket
    await expect.poll(() => sa.ws.readyState >= WebSocket.CLOSING, { timeout: 2000 }).toBe(true);
    const liveBefore = sa.received.flatMap((m) => (m.type === 'message' ? [m.message.id] : []));
    // the client reconnects and catches up from Postgres after the last message it saw
    const again = await joinRoom(roomId, a);
    const lastSeen = Math.max(0, ...liveBefore);
    const caughtUp = (await expectJson(send('GET', `/api/chats/${roomId}/messages/?after=${lastSeen}`, { user: a }), 200)).results.map((m: { id: number }) => m.id);
    const after = (await expectJson(say(b, roomId, 'после перезапуска'), 201)).id;
    const liveAfter = (await again.waitFor((m) => m.type === 'message')).map((m) => (m.type === 'message' ? m.message.id : 0));
    // nothing twice from any one source, and everything exactly once in what the client shows
    for (const ids of [liveBefore, caughtUp, liveAfter]) expect(new Set(ids).size).toBe(ids.length);
    const shown = [...new Set([...liveBefore, ...caughtUp, ...liveAfter])].sort((x, y) => x - y);
    expect(shown).toEqual([...sent, after]);
    again.ws.close();
  });

  it('a member away from the room hears of the message in every open tab; one in the room gets no notice', async () => {
    const { a, b, roomId } = await pair();
    const [tab1, tab2] = await Promise.all([openNotifications(a), openNotifications(a)]);
    await expectJson(say(b, roomId, 'Вы здесь?'), 201);
    for (const tab of [tab1, tab2]) {
      expect(await tab.waitFor((m) => m.type === 'chat_message')).toEqual([{ type: 'chat_message', roomId, chat_room: roomId }]);
      const [notice] = await tab.waitFor((m) => m.type === 'notification');
      expect(notice).toMatchObject({ type: 'notification', notification: { message: 'Глеб Пользователь: новое сообщение в чате.', payload: { roomId } } });
    }
    const inRoom = await joinRoom(roomId, b);
    await expectJson(say(a, roomId, 'Да, я тут'), 201);
    await inRoom.waitFor((m) => m.type === 'message');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, b.id))).toEqual([]);
    for (const s of [tab1, tab2, inRoom]) s.ws.close();
  });

  it('sends messages in their stored order when a later publish overtakes an earlier one', async () => {
    const { a, roomId } = await pair();
    const sa = await joinRoom(roomId, a);
    const room = await getServerByName(bindings.ChatRoom, roomId);
    const message = (id: number) => ({
      type: 'message' as const,
      message: { id, chat_room: roomId, content: `№${id}`, sender_id: a.id, sender_username: 'Вера', timestamp: new Date().toISOString(), files: [], reply_to: null, edited_at: null, is_deleted: false },
    });
    await room.publish(message(101), 1);
    const third = room.publish(message(103), 3);
    await new Promise((r) => setTimeout(r, 150));
    const ids = () => sa.received.flatMap((m) => (m.type === 'message' ? [m.message.id] : []));
    expect(ids()).toEqual([101]);
    await room.publish(message(102), 2);
    await third;
    await sa.waitFor((m) => m.type === 'message', 3);
    expect(ids()).toEqual([101, 102, 103]);
    sa.ws.close();
  });

  it('deleting the room for me closes my connections to it', async () => {
    const { a, roomId } = await pair();
    const sa = await joinRoom(roomId, a);
    const closed = new Promise<number>((resolve) => sa.ws.addEventListener('close', (e: CloseEvent) => resolve(e.code)));
    expect((await send('DELETE', `/api/chats/${roomId}/`, { user: a })).status).toBe(204);
    expect(await sa.waitFor((m) => m.type === 'room_deleted')).toHaveLength(1);
    expect(await closed).toBe(1000);
  });

  it('relays typing once per person, however many sockets they type from', async () => {
    const { a, b, roomId } = await pair();
    const tabs = await Promise.all(Array.from({ length: 5 }, () => joinRoom(roomId, a)));
    const sb = await joinRoom(roomId, b);
    for (const tab of tabs) for (let i = 0; i < 2; i++) tab.ws.send(JSON.stringify({ type: 'typing' }));
    // each tab's ping is answered after its typing was handled; then b's round trip flushes what was relayed to b
    for (const tab of tabs) {
      tab.ws.send(JSON.stringify({ type: 'ping' }));
      await tab.waitFor((m) => m.type === 'pong', 2);
    }
    sb.ws.send(JSON.stringify({ type: 'ping' }));
    await sb.waitFor((m) => m.type === 'pong', 2);
    expect(sb.received.filter((m) => m.type === 'typing')).toHaveLength(1);
    for (const s of [...tabs, sb]) s.ws.close();
  });

  it(`caps one person’s connections to a room at ${CHAT_SOCKETS_PER_USER}: the next is closed, the others and other people keep working`, async () => {
    const { a, b, roomId } = await pair();
    const tabs = await Promise.all(Array.from({ length: CHAT_SOCKETS_PER_USER }, () => joinRoom(roomId, a)));
    const res = await call(`/ws/chats/${roomId}/`, { headers: { upgrade: 'websocket' }, user: a });
    expect(res.status).toBe(101);
    const extra = res.webSocket!;
    const closed = new Promise<number>((resolve) => extra.addEventListener('close', (e: CloseEvent) => resolve(e.code)));
    extra.accept();
    expect(await closed).toBe(CHAT_CLOSE.tooManySockets);
    // the other person still gets in, and a's open tabs still hear the room
    const sb = await joinRoom(roomId, b);
    await expectJson(say(b, roomId, 'Все на месте?'), 201);
    for (const tab of tabs) await tab.waitFor((m) => m.type === 'message');
    for (const s of [...tabs, sb]) s.ws.close();
  });
});
