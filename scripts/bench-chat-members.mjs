// A worker thread of the chat bench (bench-chat.mjs): holds a share of the room's members, each on its own WebSocket,
// and notes when each message reaches each of them. The members are people on their own devices; one thread
// inflating and parsing every delivery of all 100 would queue them behind one another, which no member sees.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { benchClock } from './bench-clock.mjs';

const WebSocket = createRequire(import.meta.url)('ws');
const { appUrl, roomId, cookies } = workerData;

function connect(cookie) {
  const url = `${appUrl.replace(/^http/, 'ws')}/ws/chats/${roomId}/`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin: appUrl } });
    const member = { ws, seen: new Map(), lastId: 0, duplicates: 0, outOfOrder: 0 };
    ws.on('message', (data) => {
      const at = benchClock();
      const msg = JSON.parse(String(data));
      if (msg.type === 'pong') resolve(member);
      if (msg.type !== 'message') return;
      const id = msg.message.id;
      if (member.seen.has(id)) member.duplicates += 1;
      else member.seen.set(id, at);
      if (id < member.lastId) member.outOfOrder += 1;
      member.lastId = Math.max(member.lastId, id);
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'ping' })));
    ws.on('error', reject);
  });
}

const members = await Promise.all(cookies.map(connect));
parentPort.postMessage({ type: 'connected' });

// told which messages were stored: waits (bounded) until every member has them, then reports and disconnects
parentPort.once('message', async ({ ids }) => {
  const deadline = benchClock() + 5000;
  while (benchClock() < deadline && !members.every((m) => ids.every((id) => m.seen.has(id)))) await new Promise((r) => setTimeout(r, 50));
  for (const m of members) m.ws.close();
  parentPort.postMessage({
    type: 'seen',
    members: members.map((m) => ({ seen: [...m.seen], duplicates: m.duplicates, outOfOrder: m.outOfOrder })),
  });
});
