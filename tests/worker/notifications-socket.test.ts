import { getServerByName } from 'partyserver';
import { describe, expect, it } from 'vitest';
import { notificationServerMessage, type NotificationServerMessage } from '../../party/protocol/notifications.ts';
import { createUser } from '../factories.ts';
import { bindings, call, useTestDb } from './helpers.ts';

const t = useTestDb();

async function connect(userId: number) {
  const res = await call('/ws/notifications/', { headers: { upgrade: 'websocket' }, user: { id: userId, role: 'mentee' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const received: NotificationServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener('message', (e: MessageEvent) => {
    received.push(notificationServerMessage.parse(JSON.parse(e.data as string)));
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const next = async () => {
    const deadline = Date.now() + 5000;
    while (!received.length) {
      if (Date.now() > deadline) throw new Error('no message within 5 s');
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return received.shift()!;
  };
  return { ws, received, next };
}

describe('/ws/notifications/', () => {
  it('refuses a visitor before the upgrade, in the envelope', async () => {
    const res = await call('/ws/notifications/', { headers: { upgrade: 'websocket' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('answers 426 to a plain request', async () => {
    const user = await createUser(t.db);
    const res = await call('/ws/notifications/', { user: { id: user.id, role: 'mentee' } });
    expect(res.status).toBe(426);
  });

  it("delivers to every tab of that user and to nobody else's", async () => {
    const [alice, bob] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const tab1 = await connect(alice.id);
    const tab2 = await connect(alice.id);
    const other = await connect(bob.id);
    // ping/pong proves each socket is open end to end before the delivery
    for (const s of [tab1, tab2, other]) {
      s.ws.send(JSON.stringify({ type: 'ping' }));
      expect(await s.next()).toEqual({ type: 'pong' });
    }
    const hub = await getServerByName(bindings.NotificationHub, String(alice.id));
    const message: NotificationServerMessage = { type: 'chat_message', roomId: 'r-1', chat_room: 'r-1' };
    expect(await hub.deliver(message)).toEqual({ delivered: 2 });
    expect(await tab1.next()).toEqual(message);
    expect(await tab2.next()).toEqual(message);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.received).toEqual([]);
    for (const s of [tab1, tab2, other]) s.ws.close();
  });

  it('ignores an identity header sent by the client', async () => {
    const [alice, mallory] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const res = await call('/ws/notifications/', {
      headers: { upgrade: 'websocket', 'x-forma-user-id': String(alice.id) },
      user: { id: mallory.id, role: 'mentee' },
    });
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    const hub = await getServerByName(bindings.NotificationHub, String(alice.id));
    expect(await hub.deliver({ type: 'pong' })).toEqual({ delivered: 0 });
    res.webSocket!.close();
  });
});
