// `npm run bench -- --only soak [--minutes 20] [--rate 1]` (issue 40 §1): everything at once for minutes against the
// bench's stack with the minute scheduler running, as `npm start` runs it:
// - visitors browsing both lists, mentor and event pages, pages' HTML, and searches with a new word each time;
// - signed-in mentees reading their own data, booking paid consultations and paying in the sandbox (a fifth cancel),
//   registering for free and paid events (paying for the paid ones; some leave again);
// - a chat of 100 people and chats of two, and every one of them online for notifications (bench-soak-listeners.mjs);
// - five meeting rooms signalling, with joins, leaves and media changes (bench-soak-meetings.mjs).
// Arrivals are on a clock (open loop), not closed loops: a slow answer does not slow the traffic down, it queues, as
// people's requests do. `--rate 1` is about half of what the bench measures this machine can carry (docs/capacity.md,
// «The soak's rate»); `--rate` scales every stream. Per window (5 min; a fifth of a shorter run) it prints requests and
// errors by kind with p50/p99, and the processes' memory and CPU sampled every 30 s (bench-soak-procs.mjs); at the end
// its checks (soakChecks), and answers whether all passed.
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { benchClock } from './bench-clock.mjs';
import { soakSetup } from './bench-soak-setup.mjs';
import { meetingRooms, runMeetings } from './bench-soak-meetings.mjs';
import { sampleProcesses } from './bench-soak-procs.mjs';
import { soakChecks } from './bench-soak-checks.mjs';
import { printWindows } from './bench-soak-report.mjs';
import { measureCosts, printPrediction } from './bench-soak-costs.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const CARD = { card_number: '4111 1111 1111 1111', expiry: `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`, cvc: '123' };
const STEMS = ['акварел', 'йог', 'гитар', 'маркетинг', 'английск', 'фотограф', 'керамик', 'финанс', 'python', 'дизайн', 'медитац', 'рисован'];
const LETTERS = 'абвгдежзиклмнопрстуфхцчшэюя';
/** A word no one has searched for yet: the cache has not seen it, the database answers it */
const newWord = () => Array.from({ length: 5 }, () => pick(LETTERS)).join('');

/** Requests, timings and refusals by kind, in windows of `windowMs` from `t0`. */
function recorder(t0, windowMs, lastWindow) {
  const windows = [];
  const slot = (kind) => {
    // what comes after the end (the last answers, a meeting's last second) counts in the last window
    const w = Math.min(lastWindow, Math.floor((performance.now() - t0) / windowMs));
    windows[w] ??= new Map();
    let k = windows[w].get(kind);
    if (!k) windows[w].set(kind, (k = { latencies: [], ok: 0, client: 0, server: 0, failed: 0, refused: 0, count: 0 }));
    return k;
  };
  return {
    windows,
    http(kind, ms, status) {
      const k = slot(kind);
      if (status === 0) k.failed += 1;
      else if (status >= 500) k.server += 1;
      else if (status >= 400) k.client += 1;
      else k.ok += 1;
      if (status > 0) k.latencies.push(ms);
    },
    timing(kind, ms) {
      const k = slot(kind);
      k.ok += 1;
      k.latencies.push(ms);
    },
    refused(kind) {
      slot(kind).refused += 1;
    },
    count(kind) {
      slot(kind).count += 1;
    },
  };
}

export async function soak(appUrl, databaseUrl, { minutes = 20, rate = 1, postgresDataDir, log = console } = {}) {
  const durationMs = minutes * 60_000;
  const windowMs = Math.min(300_000, durationMs / 4);
  const sampleMs = Math.min(30_000, windowMs / 5);
  const scale = Math.max(1, rate);
  // sessions that last the whole run, the measuring of costs and the checks included
  const setup = await soakSetup(appUrl, databaseUrl, { mentees: Math.ceil(120 * scale), ttlSeconds: minutes * 60 + 3600 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rooms = await meetingRooms(db, setup.stamp);
  log.log(
    `[soak] ${setup.mentors.length} mentors with ${setup.slots.length} free slots, ${setup.mentees.length} mentees, ${setup.events.length} events, ` +
      `a chat of ${setup.bigRoom.members.length} and ${setup.small.length} of two, ${rooms.length} meeting rooms; ${minutes} min at rate ${rate}, windows of ${windowMs / 60_000} min`,
  );

  // everyone online: the chat's members in their room, a small chat's mentor in it, and all of them for notifications
  const sockets = [
    ...setup.bigRoom.members.map((m) => ({ key: `chat:${m.id}`, kind: 'chat', roomId: setup.bigRoom.roomId, userId: m.id, path: `/ws/chats/${setup.bigRoom.roomId}/`, cookie: m.cookie })),
    ...setup.small.map((s) => {
      const mentor = setup.mentors.find((m) => m.id === s.members[1]);
      return { key: `chat:${s.roomId}`, kind: 'chat', roomId: s.roomId, userId: mentor.id, path: `/ws/chats/${s.roomId}/`, cookie: mentor.cookie };
    }),
    ...[...setup.mentees, ...setup.mentors, ...setup.bigRoom.members].map((u) => ({ key: `notifications:${u.id}`, kind: 'notifications', userId: u.id, path: '/ws/notifications/', cookie: u.cookie })),
  ];
  const threads = 3;
  const listeners = Array.from(
    { length: threads },
    (_, k) => new Worker(new URL('./bench-soak-listeners.mjs', import.meta.url), { workerData: { appUrl, sockets: sockets.filter((_, i) => i % threads === k) } }),
  );
  const connected = await Promise.all(listeners.map((w) => new Promise((resolve, reject) => (w.once('message', resolve), w.once('error', reject)))));
  log.log(`[soak] ${sockets.length} sockets open (${connected.reduce((n, c) => n + c.refused, 0)} refused on the way)`);

  // the clock starts after each task's cost was measured alone (measureCosts); until then nothing is recorded
  let t0 = Infinity;
  let stopAt = Infinity;
  let rec = null;
  const lastWindow = Math.ceil(durationMs / windowMs) - 1;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const inFlight = new Set();

  const told = new Map();
  /** A few answers of each kind that were refused, so a 4xx the traffic should not get shows why. */
  const tell = (kind, method, urlPath, r) => {
    if ((told.get(kind) ?? 0) >= 2) return;
    told.set(kind, (told.get(kind) ?? 0) + 1);
    log.warn(`[soak] ${kind}: ${method} ${urlPath} answered ${r.status || r.error} ${r.text.slice(0, 200)}`);
  };
  /**
   * One request on a kept-alive connection, as a browser sends it. A connection the server closed as idle just as it
   * was reused fails before the request reached anyone (Node's documented keep-alive race): such a request is sent
   * again once, as a browser does, and counted apart.
   */
  const send = (method, urlPath, cookie, data) =>
    new Promise((resolve) => {
      const headers = { origin: appUrl, ...(cookie ? { cookie } : {}), ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) };
      const req = http.request(`${appUrl}${urlPath}`, { method, agent, headers, timeout: 30_000 }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, text: '' }));
      });
      req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
      req.on('error', (e) => resolve({ status: 0, text: '', error: e.code ?? e.message, reused: req.reusedSocket }));
      req.end(data);
    });
  /** One request; resolves to its status (0: no answer) and body, recorded under `kind`. */
  const call = (kind, method, urlPath, { cookie, body } = {}) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const t = performance.now();
    const work = send(method, urlPath, cookie, data).then(async (first) => {
      let r = first;
      if (r.status === 0 && r.reused && r.error === 'ECONNRESET') {
        rec?.count('client: sent again (kept-alive connection closed by the server)');
        r = await send(method, urlPath, cookie, data);
      }
      rec?.http(kind, performance.now() - t, r.status);
      if (r.status >= 400 || r.status === 0) tell(kind, method, urlPath, r);
      return r;
    });
    inFlight.add(work);
    work.finally(() => inFlight.delete(work));
    return work;
  };

  /**
   * `perSecond` arrivals a second of `task` until the end, on a clock; a stream with 200 unfinished is counted as behind.
   * It ends once every task it started has finished: a task's later steps (leaving an event, cancelling a booking)
   * must not reach the stack while the checks read it, or after it stopped.
   */
  const tasks = [];
  const every = (name, perSecond, task) => {
    if (perSecond > 0) tasks.push({ name, perSecond, task });
  };
  const stream = ({ name, perSecond, task }) => {
    const interval = 1000 / perSecond;
    let open = 0;
    const running = new Set();
    return (async () => {
        for (let i = 0; ; i++) {
          const due = t0 + Math.random() * interval + i * interval;
          if (due >= stopAt) {
            await Promise.all(running);
            return;
          }
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          if (open >= 200) {
            rec.count(`${name}: not started (200 unfinished)`);
            continue;
          }
          open += 1;
          const started = task(i)
            .catch((e) => log.warn(`[soak] ${name}: ${e.message}`))
            .finally(() => {
              open -= 1;
              running.delete(started);
            });
          running.add(started);
        }
      })();
  };

  // visitors
  let searches = 0;
  const sorts = ['soonest', 'newest', 'price-asc', 'price-desc'];
  every('visitor: events list', 6 * rate, () => call('visitor: events list', 'GET', `/api/events/?offset=${20 * Math.floor(Math.random() * 5)}&sort=${pick(sorts)}`));
  every('visitor: mentors list', 6 * rate, () => call('visitor: mentors list', 'GET', `/api/users/?offset=${24 * Math.floor(Math.random() * 5)}`));
  every('visitor: mentor page', 8 * rate, () => call('visitor: mentor page', 'GET', `/api/users/GetUser/?id=${pick(setup.mentorIds)}`));
  every('visitor: event page', 8 * rate, () => call('visitor: event page', 'GET', `/api/events/GetEvent/?id=${setup.eventIds.lo + Math.floor(Math.random() * (setup.eventIds.hi - setup.eventIds.lo))}`));
  every('visitor: event search, new word', 6 * rate, () => {
    // half a known stem with a floor price not asked before (a miss that finds events), half a new word (finds none)
    const n = searches++;
    const query = n % 2 ? `search=${encodeURIComponent(newWord())}` : `search=${encodeURIComponent(pick(STEMS))}&min_price=${n}&sort=price-asc`;
    return call('visitor: event search, new word', 'GET', `/api/events/?${query}`);
  });
  every('visitor: mentor search, new word', 3 * rate, () => call('visitor: mentor search, new word', 'GET', `/api/users/?search=${encodeURIComponent(newWord())}`));
  every('visitor: page HTML', 1.5 * rate, (i) => call('visitor: page HTML', 'GET', ['/', '/AllEvents', '/AllMentors', `/mentor_info/${pick(setup.mentorIds)}`][i % 4]));

  // signed-in mentees
  let turn = 0;
  const nextMentee = () => setup.mentees[turn++ % setup.mentees.length];
  every('signed in: own data', 4 * rate, (i) => {
    const m = nextMentee();
    return call('signed in: own data', 'GET', ['/api/users/me/?full=1', '/api/notifications/', '/api/consultation-bookings/my/'][i % 3], { cookie: m.cookie });
  });
  const bookings = [];
  const pay = async (what, cookie, serviceType, serviceId) => {
    const deal = await call(`${what}: payment created`, 'POST', '/api/payments/deals/', { cookie, body: { service_type: serviceType, service_id: serviceId, return_url: '/payment-return' } });
    if (deal.status !== 200) return false;
    const checkout = JSON.parse(deal.text).confirmation_url.split('/').pop();
    return (await call(`${what}: paid in the sandbox`, 'POST', `/api/sandbox/checkout/${checkout}/pay/`, { body: CARD })).status === 200;
  };
  every('booking: a paid consultation, booked and paid (a fifth cancelled)', 0.6 * rate, async () => {
    const slot = setup.slots.pop();
    if (!slot) return rec.count('booking: no free slot left');
    const m = nextMentee();
    await call('signed in: free slots', 'GET', `/api/consultation-type-slots/available/?consultation_type_id=${slot.consultation_type_id}&start_date=${day(8)}&end_date=${day(38)}`, { cookie: m.cookie });
    const created = await call('booking: create', 'POST', '/api/consultation-bookings/create/', { cookie: m.cookie, body: { consultation_type_slot: slot.id, user_id: m.id, questions: '' } });
    if (created.status !== 201) return;
    const booking = JSON.parse(created.text);
    bookings.push(booking.id);
    if (!(await pay('booking', m.cookie, 'consultation', booking.id))) return;
    if (Math.random() < 0.2) {
      await sleep(2000 + Math.random() * 3000);
      await call('booking: cancel', 'POST', `/api/consultation-bookings/${booking.id}/cancel/`, { cookie: m.cookie, body: { user_id: m.id } });
    }
  });
  const registered = new Map();
  every('event: a registration, free or paid (some leave)', 0.4 * rate, async (i) => {
    const m = nextMentee();
    const mine = registered.get(m.id) ?? new Set();
    registered.set(m.id, mine);
    const event = setup.events.find((e, k) => !mine.has(e.id) && k >= i % setup.events.length) ?? setup.events.find((e) => !mine.has(e.id));
    if (!event) return;
    mine.add(event.id);
    const r = await call(`event: register (${event.paid ? 'paid' : 'free'})`, 'POST', '/api/events/register_for_event/', { cookie: m.cookie, body: { event_id: event.id } });
    if (r.status !== 201) return;
    // an event's payment names the event: the caller's live registration for it is what is paid
    if (event.paid && !(await pay('event', m.cookie, 'event', event.id))) return;
    if (Math.random() < 0.15) {
      await sleep(2000 + Math.random() * 3000);
      await call('event: unregister', 'POST', '/api/events/unregister_from_event/', { cookie: m.cookie, body: { event_id: event.id } });
    }
  });

  // chats: the room of 100, members taking turns; the rooms of two, mentee and mentor taking turns
  const sent = [];
  const chatSend = async (kind, roomId, cookie, i) => {
    const t = benchClock();
    const r = await call(kind, 'POST', `/api/chats/${roomId}/messages/`, { cookie, body: { content: `Сообщение нагрузки ${roomId.slice(0, 8)} № ${i}` } });
    if (r.status === 201) sent.push({ id: JSON.parse(r.text).id, roomId, t, window: Math.min(lastWindow, Math.floor((performance.now() - t0) / windowMs)) });
  };
  every('chat: a message in the room of 100', 5 * rate, (i) => chatSend('chat: send (room of 100)', setup.bigRoom.roomId, setup.bigRoom.members[i % setup.bigRoom.members.length].cookie, i));
  every('chat: a message in a room of 2', 2 * rate, (i) => {
    const room = setup.small[i % setup.small.length];
    const sender = Math.floor(i / setup.small.length) % 2 ? setup.mentors.find((m) => m.id === room.members[1]) : setup.mentees.find((m) => m.id === room.members[0]);
    return chatSend('chat: send (room of 2)', room.roomId, sender.cookie, i);
  });

  // what each task costs alone (docs/capacity.md), then the clock starts: every stream and the meetings at once
  // the run's money and notifications are checked from here on, the tasks measured alone included
  const { rows: [{ now: startedAt }] } = await db.query('select now()');
  const costs = await measureCosts({ tasks, db, postgresDataDir, appUrl, rooms, log });
  t0 = performance.now();
  stopAt = t0 + durationMs;
  rec = recorder(t0, windowMs, lastWindow);
  const streams = tasks.map(stream);
  const meetings = runMeetings(appUrl, rooms, stopAt, rec);
  const samples = [sampleProcesses(0, postgresDataDir)];
  const sampler = setInterval(() => samples.push(sampleProcesses(performance.now() - t0, postgresDataDir)), sampleMs);
  const progress = setInterval(() => log.log(`[soak] ${Math.round((performance.now() - t0) / 60_000)} min, ${inFlight.size} requests open, load ${samples.at(-1).load}`), 60_000);

  await Promise.all(streams);
  await meetings;
  await Promise.race([Promise.all([...inFlight]), sleep(30_000)]);
  clearInterval(sampler);
  clearInterval(progress);
  samples.push(sampleProcesses(performance.now() - t0, postgresDataDir));
  const { rows: [{ now: stoppedAt }] } = await db.query('select now()');
  agent.destroy();

  // what each socket should have had: its room's messages, and its person's notifications of the run
  const { rows: notices } = await db.query(
    `select id, user_id from notifications where user_id = any($1::int[]) and created_at between $2 and $3`,
    [sockets.filter((s) => s.kind === 'notifications').map((s) => s.userId), startedAt, stoppedAt],
  );
  const expect = {};
  for (const s of sockets) expect[s.key] = s.kind === 'chat' ? sent.filter((m) => m.roomId === s.roomId).map((m) => m.id) : [];
  for (const n of notices) expect[`notifications:${n.user_id}`].push(Number(n.id));
  const reports = (
    await Promise.all(listeners.map((w) => new Promise((resolve, reject) => (w.once('message', (m) => resolve(m.sockets)), w.once('error', reject), w.postMessage({ expect })))))
  ).flat();
  await Promise.all(listeners.map((w) => w.terminate()));

  // the room of 100's deliveries: from the send to the last member having it, by window
  const seenAt = new Map();
  for (const r of reports) if (r.kind === 'chat') for (const [id, at] of r.seen) seenAt.set(id, Math.max(seenAt.get(id) ?? 0, at));
  for (const m of sent) if (m.roomId === setup.bigRoom.roomId && seenAt.has(m.id) && m.window >= 0) (rec.windows[m.window] ??= new Map()), rec.windows[m.window].set('chat: delivered to all 100 (send to last)', pushTiming(rec.windows[m.window].get('chat: delivered to all 100 (send to last)'), seenAt.get(m.id) - m.t));

  printWindows(rec.windows, samples, windowMs, log);
  printPrediction({ costs, tasks, samples, windowMs, log });
  const passed = await soakChecks({ db, log, windows: rec.windows, samples, windowMs, sent, expect, reports, setup, startedAt, stoppedAt });
  await db.end();
  return passed;
}

function pushTiming(k = { latencies: [], ok: 0, client: 0, server: 0, failed: 0, refused: 0, count: 0 }, ms) {
  k.ok += 1;
  k.latencies.push(ms);
  return k;
}
