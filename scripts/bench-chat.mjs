// Chat fan-out for `npm run bench`: one room with 100 members, each connected over a real WebSocket to
// /ws/chats/{roomId}/ (spread over worker threads: bench-chat-members.mjs); a message every 50 ms for 30 s, each
// sent through POST (stored, then fanned out by the room's Durable Object), senders taking turns. Measured: from
// the start of the POST to the moment the last of the 100 connections has it; and, per connection, messages lost,
// duplicated or out of id order.
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { benchClock } from './bench-clock.mjs';
import { sessionCookie } from './bench-session.mjs';

/** A chat room with `count` new members (the bench's own users); answers its id and theirs. */
export async function roomWithMembers(databaseUrl, count) {
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

/** The members over `threads` worker threads (bench-chat-members.mjs), each connected; resolves with the threads. */
async function connectMembers(appUrl, roomId, cookies, threads) {
  const workers = Array.from(
    { length: threads },
    (_, k) => new Worker(new URL('./bench-chat-members.mjs', import.meta.url), { workerData: { appUrl, roomId, cookies: cookies.filter((_, i) => i % threads === k) } }),
  );
  await Promise.all(workers.map((w) => new Promise((resolve, reject) => (w.once('message', resolve), w.once('error', reject)))));
  return workers;
}

/** What each member saw of the messages `ids` (after waiting for the last of them, bounded); ends the threads. */
async function collectDeliveries(workers, ids) {
  const reports = await Promise.all(
    workers.map((w) => new Promise((resolve, reject) => (w.once('message', (m) => resolve(m.members)), w.once('error', reject), w.postMessage({ ids })))),
  );
  await Promise.all(workers.map((w) => w.terminate()));
  return reports.flat().map((m) => ({ ...m, seen: new Map(m.seen) }));
}

export async function chatFanout(appUrl, databaseUrl, { clients = 100, intervalMs = 50, seconds = 30, threads = 4 } = {}) {
  const { roomId, userIds } = await roomWithMembers(databaseUrl, clients);
  const cookies = await Promise.all(userIds.map((id) => sessionCookie(id, 'mentee')));
  const workers = await connectMembers(appUrl, roomId, cookies, threads);

  const sent = []; // { id, t0 }
  const answered = []; // ms from the start of each POST to its answer
  let failed = 0;
  const total = Math.floor((seconds * 1000) / intervalMs);
  const inFlight = [];
  const t0 = benchClock();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * intervalMs;
    const wait = due - benchClock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const start = benchClock();
    inFlight.push(
      fetch(`${appUrl}/api/chats/${roomId}/messages/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: appUrl, cookie: cookies[i % clients] },
        body: JSON.stringify({ content: `Сообщение ${i + 1}` }),
      }).then(async (res) => {
        const body = await res.json();
        answered.push(benchClock() - start);
        if (res.status === 201) sent.push({ id: body.id, t0: start });
        else failed += 1;
      }, () => (failed += 1)),
    );
  }
  await Promise.all(inFlight);
  const sockets = await collectDeliveries(workers, sent.map((m) => m.id));

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
