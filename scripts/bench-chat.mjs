// Chat fan-out for `npm run bench`: one room with 100 members, each connected over a real WebSocket to
// /ws/chats/{roomId}/; a message every 50 ms for 30 s, each sent through POST (stored, then fanned out by
// the room's Durable Object), senders taking turns. Measured: from the start of the POST to the moment the
// last of the 100 connections has it; and, per connection, messages lost, duplicated or out of id order.
import { createRequire } from 'node:module';
import pg from 'pg';
import { sessionCookie } from './bench-session.mjs';

const WebSocket = createRequire(import.meta.url)('ws');

async function roomWithMembers(databaseUrl, count) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const stamp = Date.now().toString(36);
    const users = await db.query(
      `insert into users (email, first_name, last_name) select 'chat.' || $1 || '.' || g || '@bench.forma', 'Участник', g::text
       from generate_series(1, $2::int) g returning id`,
      [stamp, count],
    );
    const room = await db.query('insert into chat_rooms default values returning id');
    const roomId = room.rows[0].id;
    await db.query('insert into chat_members (room_id, user_id) select $1, unnest($2::int[])', [roomId, users.rows.map((r) => r.id)]);
    return { roomId, userIds: users.rows.map((r) => r.id) };
  } finally {
    await db.end();
  }
}

function connect(appUrl, roomId, cookie) {
  const url = `${appUrl.replace(/^http/, 'ws')}/ws/chats/${roomId}/`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin: appUrl } });
    const client = { ws, seen: new Map(), lastId: 0, duplicates: 0, outOfOrder: 0 };
    ws.on('message', (data) => {
      const now = performance.now();
      const msg = JSON.parse(String(data));
      if (msg.type === 'pong') resolve(client);
      if (msg.type !== 'message') return;
      const id = msg.message.id;
      if (client.seen.has(id)) client.duplicates += 1;
      else client.seen.set(id, now);
      if (id < client.lastId) client.outOfOrder += 1;
      client.lastId = Math.max(client.lastId, id);
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'ping' })));
    ws.on('error', reject);
  });
}

export async function chatFanout(appUrl, databaseUrl, { clients = 100, intervalMs = 50, seconds = 30 } = {}) {
  const { roomId, userIds } = await roomWithMembers(databaseUrl, clients);
  const cookies = await Promise.all(userIds.map((id) => sessionCookie(id, 'mentee')));
  const sockets = await Promise.all(cookies.map((cookie) => connect(appUrl, roomId, cookie)));

  const sent = []; // { id, t0 }
  const answered = []; // ms from the start of each POST to its answer
  let failed = 0;
  const total = Math.floor((seconds * 1000) / intervalMs);
  const inFlight = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const start = performance.now();
    inFlight.push(
      fetch(`${appUrl}/api/chats/${roomId}/messages/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: appUrl, cookie: cookies[i % clients] },
        body: JSON.stringify({ content: `Сообщение ${i + 1}` }),
      }).then(async (res) => {
        const body = await res.json();
        answered.push(performance.now() - start);
        if (res.status === 201) sent.push({ id: body.id, t0: start });
        else failed += 1;
      }, () => (failed += 1)),
    );
  }
  await Promise.all(inFlight);
  // let the last deliveries arrive (bounded)
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && !sockets.every((s) => sent.every((m) => s.seen.has(m.id)))) await new Promise((r) => setTimeout(r, 50));
  for (const s of sockets) s.ws.close();

  const latencies = [];
  let lost = 0;
  for (const m of sent) {
    let last = 0;
    for (const s of sockets) {
      const at = s.seen.get(m.id);
      if (at === undefined) lost += 1;
      else last = Math.max(last, at);
    }
    if (last) latencies.push(last - m.t0);
  }
  const quantile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1) : '-';
  };
  const q = (p) => quantile(latencies, p);
  return {
    messages: sent.length,
    failed,
    deliveries: sent.length * clients - lost,
    p50: q(0.5),
    p99: q(0.99),
    answerP50: quantile(answered, 0.5),
    answerP99: quantile(answered, 0.99),
    lost,
    duplicated: sockets.reduce((n, s) => n + s.duplicates, 0),
    outOfOrder: sockets.reduce((n, s) => n + s.outOfOrder, 0),
  };
}
