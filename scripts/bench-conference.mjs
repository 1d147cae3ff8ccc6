// The ConferenceRoom and the mesh for `npm run bench` (issue: meetings' figures).
// - relayBench: one event's room with 20 people connected over real WebSockets through the Worker (the bench app
//   runs with SFU settings so an event's room admits more than a mesh's 4; no SFU call is made). Each sends a
//   signal to a random other peer every 100 ms for 10 s (half the room's per-connection limit); the figure is send
//   to receipt. Then one person changes their media state 50 times and we time until all 19 others heard it.
// - meshCpuBench: /BaseMeet with 2, 3 and 4 guests in Debian's chromium (synthetic camera and microphone, one
//   browser per size), CPU used by the whole browser over 20 s once every link decodes video, from /proc.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { signJoinToken } from '../worker/conferences/join-token.ts';
import { root } from './local-env.mjs';
import { sessionCookie } from './bench-session.mjs';
import { BENCH_CHROMIUM_ARGS as ARGS, treeTicks } from './bench-browser-cpu.mjs';

const WebSocket = createRequire(import.meta.url)('ws');
const secret = /^JWT_SECRET\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))[1];

/** What the bench app needs for relayBench: an event's room opened through the "SFU" admits up to 100. */
export const RELAY_BENCH_VARS = { SFU_APP_ID: 'bench', SFU_APP_TOKEN: 'bench' };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function eventRoom(db, people) {
  const stamp = Date.now().toString(36);
  const ids = [];
  for (let i = 0; i < people; i++) {
    const { rows } = await db.query(`insert into users (email, role, first_name, last_name) values ($1, $2, 'Бенч', $3) returning id`, [
      `bench.room.${i}.${stamp}@bench.forma`,
      i === 0 ? 'mentor' : 'mentee',
      `Участник ${i}`,
    ]);
    ids.push(rows[0].id);
  }
  const { rows: [event] } = await db.query(
    `insert into events (mentor_id, title, starts_at, price, total_spots) values ($1, 'Бенч-комната', now() + interval '5 minutes', 0, 100) returning id`,
    [ids[0]],
  );
  // a room opened through the SFU, as the mentor's start would with RELAY_BENCH_VARS set
  await db.query(`insert into conferences (content_type, object_id, login, password, created_by, status, topology) values ('events', $1, $2, 'x', $3, 'started', 'sfu')`, [
    event.id,
    `bench-${event.id}`,
    ids[0],
  ]);
  return { ids, eventId: event.id };
}

async function connect(appUrl, eventId, id, index) {
  const token = await signJoinToken(secret, { userId: id, contentType: 'events', objectId: eventId, role: index === 0 ? 'host' : 'participant' });
  const url = `${appUrl.replace(/^http/, 'ws')}/ws/conferences/events/${eventId}/?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(url, { headers: { cookie: await sessionCookie(id, index === 0 ? 'mentor' : 'mentee'), origin: appUrl } });
  const client = { ws, self: null, handlers: [] };
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.type === 'welcome') client.self = message.self.id;
    for (const h of client.handlers) h(message);
  });
  await new Promise((resolve, reject) => {
    ws.once('error', reject);
    const check = setInterval(() => {
      if (client.self) {
        clearInterval(check);
        resolve();
      }
    }, 10);
  });
  return client;
}

export async function relayBench(appUrl, databaseUrl, { people = 20, seconds = 10, intervalMs = 100 } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const clients = [];
  try {
    const { ids, eventId } = await eventRoom(db, people);
    for (const [i, id] of ids.entries()) clients.push(await connect(appUrl, eventId, id, i));
    await sleep(500);

    // signals to one named peer
    const latencies = [];
    let sent = 0;
    for (const c of clients) {
      c.handlers.push((m) => {
        if (m.type !== 'signal') return;
        const t = /bench-t=([\d.]+)/.exec(m.data.candidate?.candidate ?? '');
        if (t) latencies.push(performance.now() - Number(t[1]));
      });
    }
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (c, i) => {
        await sleep((intervalMs / clients.length) * i);
        while (performance.now() < until) {
          let j = Math.floor(Math.random() * (clients.length - 1));
          if (j >= i) j += 1;
          const candidate = `candidate:1 1 udp 2122260223 192.0.2.1 5${String(j).padStart(4, '0')} typ host bench-t=${performance.now()}`;
          c.ws.send(JSON.stringify({ type: 'signal', to: clients[j].self, data: { kind: 'candidate', candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 } } }));
          sent += 1;
          await sleep(intervalMs);
        }
      }),
    );
    await sleep(1000);
    latencies.sort((a, b) => a - b);

    // presence: one media change heard by everyone else
    const fanout = [];
    const [speaker, ...listeners] = clients;
    for (let k = 0; k < 50; k++) {
      const start = performance.now();
      const audio = k % 2 === 0;
      await new Promise((resolve) => {
        let heard = 0;
        for (const l of listeners) {
          const h = (m) => {
            if (m.type === 'peer_updated' && m.peer.id === speaker.self && m.peer.audio === audio) {
              l.handlers.splice(l.handlers.indexOf(h), 1);
              if (++heard === listeners.length) resolve();
            }
          };
          l.handlers.push(h);
        }
        speaker.ws.send(JSON.stringify({ type: 'media', audio, video: true, screen: false }));
      });
      fanout.push(performance.now() - start);
      await sleep(50);
    }
    fanout.sort((a, b) => a - b);
    const ms = (v) => v.toFixed(1);
    return {
      people,
      sent,
      received: latencies.length,
      p50: ms(percentile(latencies, 0.5)),
      p99: ms(percentile(latencies, 0.99)),
      max: ms(latencies[latencies.length - 1]),
      fanoutP50: ms(percentile(fanout, 0.5)),
      fanoutP99: ms(percentile(fanout, 0.99)),
    };
  } finally {
    for (const c of clients) c.ws.close();
    await db.end();
  }
}

const liveVideoLinks = () =>
  Promise.all(window.__pcs.filter((pc) => pc.connectionState !== 'closed').map((pc) => pc.getStats())).then((reports) =>
    reports.filter((r) => [...r.values()].some((s) => s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0)).length,
  );

function recordPeerConnections() {
  const Original = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Original {
    constructor(config) {
      super(config);
      window.__pcs.push(this);
    }
  };
}

/** CPU of an N-way mesh on /BaseMeet, as a share of one core and of the machine, for each N in `sizes`. */
export async function meshCpuBench(appUrl, { sizes = [2, 3, 4], seconds = 20 } = {}) {
  const HZ = 100; // USER_HZ on Linux
  const results = [];
  for (const n of sizes) {
    // a browser server: its process id is ours to measure
    const server = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      const pages = [];
      for (let i = 0; i < n; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
        await context.addInitScript(recordPeerConnections);
        const page = await context.newPage();
        await page.goto(`${appUrl}/BaseMeet`);
        pages.push(page);
      }
      for (const page of pages) await page.waitForFunction(`(${liveVideoLinks.toString()})().then((k) => k >= ${n - 1})`, null, { timeout: 60_000, polling: 250 });
      await sleep(2000);
      const pid = server.process().pid;
      const before = treeTicks(pid);
      const t0 = performance.now();
      await sleep(seconds * 1000);
      const used = (treeTicks(pid) - before) / HZ;
      const wall = (performance.now() - t0) / 1000;
      results.push({ participants: n, cores: (used / wall).toFixed(2), perParticipant: (used / wall / n).toFixed(2) });
      for (const page of pages) await page.context().close();
    } finally {
      await browser.close();
      await server.close();
    }
    await sleep(1000);
  }
  return results;
}
