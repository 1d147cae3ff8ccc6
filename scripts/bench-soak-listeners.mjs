// A worker thread of the soak (bench-soak.mjs): holds a share of the people's live sockets (a chat room's
// /ws/chats/{room}/ or a person's /ws/notifications/) for the whole run and notes each message id each socket gets,
// when, and how often. A socket refused or dropped is counted and opened again a second later, so the run goes on;
// what it missed meanwhile shows as lost in the checks. Many devices in one thread would queue their deliveries
// behind one another (decision 015, «The bench without the relay»), hence several threads.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { benchClock } from './bench-clock.mjs';

const WebSocket = createRequire(import.meta.url)('ws');
const { appUrl, sockets } = workerData;
let stopping = false;

function open(spec) {
  const state = { ...spec, seen: new Map(), duplicates: 0, refused: 0, dropped: 0, notices: 0, ws: null, ready: false };
  const connect = () =>
    new Promise((resolve) => {
      const ws = new WebSocket(`${appUrl.replace(/^http/, 'ws')}${spec.path}`, { headers: { cookie: spec.cookie, origin: appUrl } });
      state.ws = ws;
      let opened = false;
      ws.on('open', () => {
        opened = true;
        ws.send(JSON.stringify({ type: 'ping' }));
      });
      ws.on('message', (data) => {
        const at = benchClock();
        const msg = JSON.parse(String(data));
        if (msg.type === 'pong') {
          state.ready = true;
          resolve();
          return;
        }
        const id = msg.type === 'message' ? msg.message.id : msg.type === 'notification' ? msg.notification.id : null;
        if (msg.type === 'chat_message') state.notices += 1;
        if (id === null) return;
        if (state.seen.has(id)) state.duplicates += 1;
        else state.seen.set(id, at);
      });
      ws.on('unexpected-response', (_req, res) => {
        state.refused += 1;
        res.resume();
      });
      ws.on('error', () => {
        if (!opened) state.refused += 1;
      });
      ws.on('close', () => {
        if (stopping) return;
        if (opened) state.dropped += 1;
        state.ready = false;
        resolve();
        setTimeout(() => void connect(), 1000);
      });
    });
  state.connected = connect();
  return state;
}

const states = sockets.map(open);
await Promise.all(states.map((s) => s.connected));
parentPort.postMessage({ type: 'connected', refused: states.reduce((n, s) => n + s.refused, 0) });

// told to stop: waits (bounded) for the last messages `expect` says each socket should have, then reports
parentPort.once('message', async ({ expect }) => {
  const deadline = benchClock() + 10_000;
  const missing = () => states.some((s) => (expect[s.key] ?? []).some((id) => !s.seen.has(id)));
  while (benchClock() < deadline && missing()) await new Promise((r) => setTimeout(r, 100));
  stopping = true;
  for (const s of states) s.ws?.close();
  parentPort.postMessage({
    type: 'report',
    sockets: states.map((s) => ({ key: s.key, kind: s.kind, userId: s.userId, seen: [...s.seen], duplicates: s.duplicates, refused: s.refused, dropped: s.dropped, notices: s.notices })),
  });
});
