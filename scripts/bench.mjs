// `npm run bench`: serves the built app on its own stack (fresh database with the demo data) and measures
// the hot paths with a bounded closed-loop load from this process, on loopback only.
//   npm run bench [-- --seconds 5 --connections 10]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prepareLocalEnv, stacks } from './local-env.mjs';
import { spawnServices } from './spawn-services.mjs';
import { build, clearEdgeCache, serve, startCronTicker } from './run-app.mjs';
import { prepareBookings, raceForSlot, racersAgent, sequentialLatency } from './bench-bookings.mjs';
import { measureWaitlistRelease } from './bench-waitlist.mjs';
import { measureRescheduleRaces } from './bench-reschedule.mjs';
import { insertCatalogue } from './bench-catalogue.mjs';
import { chatFanout } from './bench-chat.mjs';
import { analyticsBench } from './bench-analytics.mjs';
import { scheduleBench } from './bench-schedule.mjs';
import { meetingBench } from './bench-meeting.mjs';
import { recordingBench } from './bench-recording.mjs';
import { RELAY_BENCH_VARS, meshCpuBench, relayBench } from './bench-conference.mjs';
import { codeRequestTiming } from './bench-auth.mjs';
import { firstPageBench } from './bench-first-page.mjs';
import { cpuMs, findWorkerd } from './bench-cpu.mjs';
import { printSearchBesideCeiling, searchBesideCeiling } from './bench-search-ceiling.mjs';
import { sessionCookie } from './bench-session.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    'chat-seconds': { type: 'string', default: '30' },
    via: { type: 'string', default: 'miniflare' },
    'recording-seconds': { type: 'string', default: '60' },
    minutes: { type: 'string', default: '20' },
    rate: { type: 'string', default: '1' },
    stack: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
/** `-- --via wrangler-dev`: serve through wrangler dev's relay, as the bench did before (decision 015), to compare */
if (!['miniflare', 'wrangler-dev'].includes(values.via)) throw new Error('--via takes miniflare or wrangler-dev');
const viaWranglerDev = values.via === 'wrangler-dev';
const connections = Number(values.connections);
/** `-- --only chat`: the chat fan-out alone (no catalogue, no HTTP scenarios) */
const chatOnly = values.only === 'chat';
/** `-- --only schedule`: the schedule call alone */
const scheduleOnly = values.only === 'schedule';
/** `-- --only meeting`: joining a meeting in chromium, click to first remote frame */
const meetingOnly = values.only === 'meeting';
/** `-- --only auth`: the sign-in code request's timing for known and unknown addresses */
const authOnly = values.only === 'auth';
/** `-- --only first-page`: /, /AllMentors and /AllEvents on a throttled phone in chromium (demo data only) */
const firstPageOnly = values.only === 'first-page';
/** `-- --only race`: the booking races alone (demo data, a mentor's year of slots) */
const raceOnly = values.only === 'race';
/** `-- --only waitlist`: 200 in line for a full event of 10 seats, the 10 seats freed at once, then 10 added (decision 023) */
const waitlistOnly = values.only === 'waitlist';
/** `-- --only reschedule`: 200 mentees moving their paid bookings onto one slot at once (decision 024) */
const rescheduleOnly = values.only === 'reschedule';
/** `-- --only http`: the HTTP scenarios, sign-in and booking races on the full catalogue (no chat, meeting, browser) */
const httpOnly = values.only === 'http';
/** `-- --only recording [--recording-seconds 60]`: a meeting of 2 and of 4, recording off and on: the host's CPU and upload (issue 36) */
const recordingOnly = values.only === 'recording';
/** `-- --only search`: the event search beside the pass-through of its statement (issue 40 §4) */
const searchOnly = values.only === 'search';
/**
 * `-- --only soak [--minutes 20] [--rate 1]`: everything at once for minutes, at about half the capacity the bench
 * measures (`--rate` scales it), with the minute scheduler running; checks at the end, exit 1 if one fails (issue 40 §1)
 */
const soakOnly = values.only === 'soak';
/**
 * Which local stack (ports, database, build): the soak has one of its own, so a soak of twenty minutes and another
 * `npm run bench` can share the machine; `-- --stack soak` or `-- --stack bench2` puts any other run on another.
 */
const stackName = values.stack ?? (soakOnly ? 'soak' : 'bench');
const appPort = { bench: 8798, soak: 8796, bench2: 8797 }[stackName];
if (!appPort) throw new Error('--stack takes bench, soak or bench2');

const BARE = 'API without database (404 envelope)';
const BARE_PATH = '/api/no-such-route/';
const searchPath = (minPrice) => `/api/events/?search=${encodeURIComponent('акварел')}&category=${encodeURIComponent('Хобби')}&min_price=${minPrice}&sort=price-asc`;
const EVENT_SEARCH = searchPath(500);
const NEW_SEARCH = 'events, search + category + price + sort, a new query each time (signed in)';
let searchesMade = 0;
/**
 * What is measured; each grows as the product's hot paths land. Catalogue reads come from the edge cache after their
 * key was asked for twice (decision 015): a visitor's always, a signed-in person's where the answer is the same for
 * everyone (events, free slots); the rest signed in (`signedIn`) always reach the database. A `path` given as a
 * function is asked for anew on each request: each search below is another key, so each is a miss that reaches the
 * database (its floor price moves by a ruble, which keeps its plan).
 */
const scenarios = [
  { name: 'static SPA page (/AllMentors)', path: '/AllMentors' },
  { name: BARE, path: BARE_PATH },
  { name: 'API with one query (/api/health/)', path: '/api/health/' },
  { name: 'events, first page (/api/events/)', path: '/api/events/' },
  { name: 'events, search + category + price + sort', path: EVENT_SEARCH },
  { name: 'events, search + category + price + sort (signed in)', path: EVENT_SEARCH, signedIn: true },
  { name: NEW_SEARCH, path: () => searchPath(500 + (searchesMade++ % 100_000)), signedIn: true },
  { name: 'events, two-word search, past included', path: `/api/events/?search=${encodeURIComponent('елочные практикум')}&show_past=true` },
  { name: 'events, rare word (index lookup)', path: `/api/events/?search=${encodeURIComponent('№ 42424')}&show_past=true` },
  { name: 'mentors, search (/api/users/?search=)', path: `/api/users/?search=${encodeURIComponent('йога')}` },
  { name: 'mentors, first page (/api/users/)', path: '/api/users/' },
  { name: 'mentors, first page (signed in)', path: '/api/users/', signedIn: true },
];

/** The issue 15 table: each hot path's figure beside its goal, printed at the end of a full run. */
const goals = [];
const goal = (what, measured, target, met) => goals.push({ what, measured, goal: target, met: met ? 'yes' : 'no' });

/** `nextUrl` gives each request's address: a closed loop of `connections` for `duration` seconds. */
async function loadSlice(nextUrl, duration, headers) {
  const latencies = [];
  let errors = 0;
  const stopAt = performance.now() + duration * 1000;
  const maxRequests = 200_000; // bounded in count as well as in time
  async function worker() {
    while (performance.now() < stopAt && latencies.length + errors < maxRequests) {
      const t = performance.now();
      try {
        const res = await fetch(nextUrl(), { headers });
        await res.arrayBuffer();
        if (res.status >= 500) errors += 1;
        else latencies.push(performance.now() - t);
      } catch {
        errors += 1;
      }
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, errors, elapsed: (performance.now() - t0) / 1000 };
}

/** Requests a second, latency percentiles and the Worker's CPU per answer (ms; null without /proc) over `slices`. */
function summarize(slices) {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const elapsed = slices.reduce((sum, s) => sum + s.elapsed, 0);
  const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1) : '-');
  const cpu = slices.every((s) => s.cpuMs !== null) ? slices.reduce((sum, s) => sum + s.cpuMs, 0) : null;
  return {
    rps: Math.round(latencies.length / elapsed), p50: q(0.5), p95: q(0.95), p99: q(0.99),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    workerCpu: cpu === null || !latencies.length ? null : cpu / latencies.length,
  };
}

/** One slice, with what workerd (`pids`) spent on it. */
async function measuredSlice(pids, nextUrl, duration, headers) {
  const before = cpuMs(pids);
  const slice = await loadSlice(nextUrl, duration, headers);
  const after = cpuMs(pids);
  return { ...slice, cpuMs: before === null || after === null ? null : after - before };
}

/**
 * A route and the bare route measured side by side: one-second slices of each in turn (the order swapped every other
 * pair), `duration` seconds each in all. This machine's speed moves by a quarter between minutes (the bare route alone
 * gave 455-723 requests a second in runs of one session), and a ratio of two figures taken minutes apart moved with it.
 * Slices taken in turn see the same machine as far as it holds still for a second; what is left of the noise shows in
 * the bare row, measured against itself (decision 015, «Ratios taken alongside the bare route»).
 */
async function pairedLoad(nextUrl, bareUrl, duration = seconds, headers = {}) {
  const row = [];
  const bare = [];
  const slice = Math.min(1, duration);
  const pids = findWorkerd();
  for (let i = 0; i < Math.ceil(duration / slice); i++) {
    const pair = [
      () => measuredSlice(pids, bareUrl, slice, {}).then((r) => bare.push(r)),
      () => measuredSlice(pids, nextUrl, slice, headers).then((r) => row.push(r)),
    ];
    for (const measure of i % 2 ? pair.reverse() : pair) await measure();
  }
  return { row: summarize(row), bare: summarize(bare) };
}

/** Sign-in needs a fresh code each time: request one, read it from the dev mailbox, time only the check. */
async function measureVerifyLogin(appUrl, databaseUrl, count = 100) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stamp = Date.now().toString(36);
  const { rows } = await db.query(
    `insert into users (email) select 'bench.' || $1 || '.' || g || '@bench.forma' from generate_series(1, $2) g returning email`,
    [stamp, count],
  );
  const post = (path, body) =>
    fetch(`${appUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: appUrl }, body: JSON.stringify(body) });
  const times = [];
  let cookie = '';
  for (const { email } of rows) {
    await post('/api/auth/request_login_passcode/', { email });
    let code;
    for (let i = 0; i < 100 && !code; i++) {
      const r = await db.query(`select text from dev_mailbox where recipient = $1 order by id desc limit 1`, [email]);
      code = /\d{4}/.exec(r.rows[0]?.text ?? '')?.[0];
      if (!code) await new Promise((r) => setTimeout(r, 20));
    }
    const t = performance.now();
    const res = await post('/api/verify-passcode/verify_login/', { email, passcode: code });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.ok) cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }
  await db.end();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)].toFixed(1), p95: times[Math.floor(times.length * 0.95)].toFixed(1), cookie };
}

prepareLocalEnv();
const services = spawnServices({ stack: stackName, fresh: true });
let app;
try {
  const ready = await services.ready;
  const { seed } = await import('./seed.ts');
  const seeded = await seed(ready.databaseUrl);
  console.log(`[bench] demo seed: ${seeded.ms} ms`);
  if (!chatOnly && !scheduleOnly && !meetingOnly && !authOnly && !firstPageOnly && !raceOnly && !recordingOnly && !waitlistOnly && !rescheduleOnly) {
    const catalogue = await insertCatalogue(ready.databaseUrl);
    console.log(`[bench] 2 000 mentors + 100 000 events: ${catalogue.ms} ms; search uses events_search_trgm_idx: ${catalogue.usesIndex}`);
  }
  console.log(`[bench] build: ${build({ quiet: true, stack: stackName })} ms`);
  // the database is new, so the last run's edge cache goes too
  clearEdgeCache(stackName);
  // the SFU settings only let an event's room admit more than a mesh's 4 for the relay figure; no SFU is called
  // straight from Miniflare: wrangler dev's relay and its line per request would cost what production does not spend
  // (decision 015); warnings and errors still show
  app = await serve({ mode: viaWranglerDev ? 'serve' : 'direct', stack: stackName, port: appPort, services: ready, environment: 'test', stdio: ['ignore', 'ignore', 'inherit'], vars: RELAY_BENCH_VARS, logLevel: 'warn' });
  console.log(`[bench] ${connections} connections, ${seconds} s each\n`);
  if (scheduleOnly) await measureSchedule(app, ready);
  else if (authOnly) await measureCodeTiming(app, ready);
  else if (meetingOnly) await measureMeeting(app, ready);
  else if (recordingOnly) await measureRecording(app, ready);
  else if (firstPageOnly) await measureFirstPage(app);
  else if (httpOnly) await httpScenarios(app, ready);
  else if (raceOnly) await measureRaces(app, await prepareBookings(app.url, ready.databaseUrl));
  else if (waitlistOnly) await measureWaitlist(app, ready);
  else if (rescheduleOnly) await measureReschedule(app, ready);
  else if (searchOnly) printSearchBesideCeiling(await searchBesideCeiling(app.url, await benchCookie(ready.databaseUrl), { seconds }));
  else if (soakOnly) {
    // the minute Cron Trigger as `npm start` fires it: holds expire, consultations settle, reminders go out
    const stopCron = startCronTicker(app.url);
    try {
      const { soak } = await import('./bench-soak.mjs');
      const passed = await soak(app.url, ready.databaseUrl, { minutes: Number(values.minutes), rate: Number(values.rate), postgresDataDir: stacks[stackName].dataDir });
      if (!passed) process.exitCode = 1;
    } finally {
      stopCron();
    }
  }
  else {
    await chatThenHttp(app, ready);
    if (!chatOnly) {
      await measureMeeting(app, ready);
      await measureRecording(app, ready);
      await measureFirstPage(app);
      console.log('\nthe hot paths against their goals (issue 15):');
      console.table(goals);
    }
  }
} finally {
  await app?.stop();
  await services.stop();
}

/** A signed-in person's cookie (a new account of the bench's own). */
async function benchCookie(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: [user] } = await db.query(`insert into users (email) values ('bench.search.' || $1 || '@bench.forma') returning id`, [Date.now().toString(36)]);
  await db.end();
  return sessionCookie(user.id, 'mentee');
}

async function chatThenHttp(app, ready) {
  // a running marketplace has its chat path compiled and its room objects started: a first, shorter fan-out in a room
  // of its own pays for that, and is printed apart (like the races' warm-up)
  const warm = await chatFanout(app.url, ready.databaseUrl, { seconds: 5 });
  console.log(`chat fan-out, warm-up (5 s, its own room): p50 ${warm.p50} ms, p99 ${warm.p99} ms, ${warm.failed} refused, ${warm.lost} lost`);
  const chat = await chatFanout(app.url, ready.databaseUrl, { seconds: Number(values['chat-seconds']) });
  console.log(
    `chat fan-out (100 members connected to one room, a message every 50 ms for ${values['chat-seconds']} s): ${chat.messages} messages (${chat.failed} refused), ` +
      `${chat.deliveries} deliveries; send to last delivery p50 ${chat.p50} ms, p99 ${chat.p99} ms (the POST answered p50 ${chat.answerP50} ms, p99 ${chat.answerP99} ms); lost ${chat.lost}, duplicated ${chat.duplicated}, out of order ${chat.outOfOrder}\n`,
  );
  goal(
    'chat, 100 members, a message every 50 ms for 30 s',
    `p99 ${chat.p99} ms, ${chat.failed} refused, ${chat.lost} lost`,
    'p99 ≤ 100 ms, 0 refused, 0 lost',
    chat.p99 <= 100 && chat.failed === 0 && chat.lost === 0,
  );
  if (!chatOnly) await httpScenarios(app, ready);
}

async function measureMeeting(app, ready) {
  const meeting = await meetingBench(app.url, ready.databaseUrl);
  console.log(
    `joining a consultation's meeting (chromium, synthetic devices, ${meeting.runs} joins): «Продолжить» to the first remote frame decoded ` +
      `median ${meeting.median} ms (min ${meeting.min}, max ${meeting.max})`,
  );
  const relay = await relayBench(app.url, ready.databaseUrl);
  console.log(
    `ConferenceRoom with ${relay.people} connected: ${relay.sent} signals to one named peer (each person every 100 ms), ${relay.received} received, ` +
      `send to receipt p50 ${relay.p50} ms, p99 ${relay.p99} ms, max ${relay.max} ms; a media change heard by all ${relay.people - 1} others p50 ${relay.fanoutP50} ms, p99 ${relay.fanoutP99} ms`,
  );
  for (const mesh of await meshCpuBench(app.url)) {
    console.log(`mesh of ${mesh.participants} on /BaseMeet (one chromium, synthetic camera and microphone, 20 s): ${mesh.cores} cores busy in all, ${mesh.perParticipant} per participant`);
  }
}

async function measureRecording(app, ready) {
  const seconds = Number(values['recording-seconds']);
  const rows = await recordingBench(app.url, ready.databaseUrl, { seconds, onRow: (row) => console.log(`[bench] recording: ${JSON.stringify(row)}`) });
  console.log(`recording a meeting (decision 019): the host in a chromium of its own, ${seconds} s each, synthetic camera and microphone:`);
  console.table(rows);
}

async function measureFirstPage(app) {
  const pages = await firstPageBench(app.url);
  console.log(`first page at 390 px, Slow 4G (150 ms, 1.6 Mbit/s) and CPU 4× slower, empty cache, median of ${pages[0]?.runs} runs:`);
  for (const r of pages) {
    goal(`first page ${r.path}: JS before the first paint`, `${r.kb} KB gzip in ${r.files} files`, '≤ 110 KB, ≤ 12 files', r.kb <= 110 && r.files <= 12);
    // issue 40 §3: the largest paint within 1.5 s, none after hydration (it keeps the server's nodes), a tap answered
    // (React's handlers attached) within 2.5 s; the JavaScript before that tap is reported, not a goal
    goal(
      `first page ${r.path}: LCP, CLS, no paint after hydration`,
      `${r.lcp || r.fcp} ms, CLS ${r.cls}, after hydration in ${r.lcpAfterReady}/${r.runs} runs`,
      '≤ 1 500 ms, CLS ≤ 0.05, 0 runs',
      (r.lcp || r.fcp) > 0 && (r.lcp || r.fcp) <= 1500 && r.cls <= 0.05 && r.lcpAfterReady === 0,
    );
    goal(`first page ${r.path}: tap answered`, `${r.ready} ms (${r.tapKb} KB gzip of JS in ${r.tapFiles} files)`, '≤ 2 500 ms', r.ready > 0 && r.ready <= 2500);
  }
  console.table(
    pages.map((r) => ({
      page: r.path,
      'JS before first paint (KB gzip)': r.kb,
      'JS files': r.files,
      'FCP ms': r.fcp,
      // none when the page's largest paint is behind the mentor landing's splash (spec 000 §4), which covers it at first
      'LCP ms': r.lcp || 'n/a',
      'LCP range ms': r.spread,
      CLS: r.cls,
      // the app has hydrated the page (or rendered it): React's handlers are attached, a tap is answered from here
      'tap answered ms': r.ready,
      'tap range ms': r.readySpread,
      'JS before tap (KB gzip)': r.tapKb,
      'JS files before tap': r.tapFiles,
      // runs in which a largest paint came after hydration (hydration replaced what the server had painted)
      'LCP after hydration': `${r.lcpAfterReady}/${r.runs}`,
    })),
  );
}

async function measureSchedule(app, ready) {
  const schedule = await scheduleBench(app.url, ready.databaseUrl);
  console.log(
    `GET /api/calendars/schedule/ (today ± 1 month for a person with ${schedule.items} sessions, ${Math.round(schedule.bytes / 1024)} KB; 50 requests one at a time): ` +
      `median ${schedule.median} ms, p95 ${schedule.p95} ms`,
  );
}

async function measureCodeTiming(app, ready) {
  const timing = await codeRequestTiming(app.url, ready.databaseUrl);
  console.log(
    `POST /api/auth/request_login_passcode/ (${timing.count} addresses with an account, ${timing.count} without, interleaved, one at a time): ` +
      `median ${timing.known} ms with, ${timing.unknown} ms without, difference ${timing.difference} ms`,
  );
}

/**
 * A warm-up race, then three 200-way races for free slots, then one for a slot already booked (every answer from one
 * batch that writes nothing). The warm-up pays once for what a running marketplace has already paid: the isolate
 * compiling the booking path and the local SQL endpoint opening its pooled connections (both about 1 s of this
 * machine's CPU); its figure is printed, not held against the goal. The racers keep their connections from it, as a
 * browser keeps its connection from the slot's page to the booking.
 */
async function measureRaces(app, bookings) {
  const agent = racersAgent();
  const racers = bookings.racers.slice(0, 200);
  try {
    const warmUp = await raceForSlot(app.url, bookings.freeSlots[3], racers, agent);
    console.log(`200-way warm-up race (first bookings since start, new connections): ${warmUp.ms} ms until the last answer; ${warmUp.created} booked`);
    const races = [];
    for (let i = 0; i < 3; i++) {
      const race = await raceForSlot(app.url, bookings.freeSlots[i], racers, agent);
      races.push(race);
      console.log(
        `200-way race for one slot #${i + 1}: ${race.ms} ms until the last answer (half answered by ${race.p50} ms); ${race.created} booked, ${race.refused} refused (409), ${race.other} other`,
      );
    }
    const taken = await raceForSlot(app.url, bookings.freeSlots[0], racers, agent);
    console.log(`200 bookings of a slot already booked: ${taken.ms} ms until the last answer (half answered by ${taken.p50} ms); ${taken.refused} refused (409), ${taken.other} other`);
    goal(
      '200 simultaneous bookings of one slot (3 races after a warm-up)',
      `${races.map((r) => r.ms).join(' / ')} ms; ${races.map((r) => r.created).join(' / ')} booked (warm-up ${warmUp.ms} ms)`,
      '≤ 1 500 ms each, exactly 1 booked',
      races.every((r) => r.ms <= 1500 && r.created === 1) && warmUp.created === 1,
    );
  } finally {
    agent.destroy();
  }
}

/**
 * The reschedule race (decision 024): 200 mentees move their paid bookings onto one free slot at once, after a warm-up
 * as the booking races have; exactly one moves each time, the others are refused 409.
 */
async function measureReschedule(app, ready) {
  const { warmUp, races } = await measureRescheduleRaces(app.url, ready.databaseUrl);
  const line = (r) => `${r.ms} ms until the last answer (half answered by ${r.p50} ms); ${r.moved} moved, ${r.refused} refused (409), ${r.other} other`;
  console.log(`200-way reschedule warm-up: ${line(warmUp)}`);
  races.forEach((r, i) => console.log(`200-way reschedule race onto one slot #${i + 1}: ${line(r)}`));
  goal(
    '200 simultaneous moves onto one slot (3 races after a warm-up)',
    `${races.map((r) => r.ms).join(' / ')} ms; ${races.map((r) => r.moved).join(' / ')} moved (warm-up ${warmUp.ms} ms)`,
    '≤ 1 500 ms each, exactly 1 moved',
    races.every((r) => r.ms <= 1500 && r.moved === 1 && r.other === 0) && warmUp.moved === 1,
  );
}

/**
 * The waitlist release (decision 023): 10 seat holders leave at once with 200 in line, then the mentor adds 10 seats;
 * a warm-up first, as the races have. Exactly 10 offers each time, never more seats taken than the event has.
 */
async function measureWaitlist(app, ready) {
  const { warmUp, runs } = await measureWaitlistRelease(app.url, ready.databaseUrl);
  const line = (r) =>
    `10 leave at once: ${r.leaveMs} ms until the last answer (${r.left} answered 200), ${r.afterLeave.offered} offers (${r.afterLeave.told} told), ` +
    `${r.afterLeave.taken}/${r.afterLeave.total} seats; 10 seats added: ${r.addMs} ms (${r.added}), ${r.afterAdd.offered} offers, ${r.afterAdd.taken}/${r.afterAdd.total} seats`;
  console.log(`waitlist release, warm-up: ${line(warmUp)}`);
  runs.forEach((r, i) => console.log(`waitlist release #${i + 1} (200 in line): ${line(r)}`));
  goal(
    'waitlist release: 200 in line, 10 seats freed at once, then 10 added (3 runs after a warm-up)',
    `${runs.map((r) => r.leaveMs).join(' / ')} ms; ${runs.map((r) => r.afterLeave.offered).join(' / ')} offers; added ${runs.map((r) => r.addMs).join(' / ')} ms`,
    '≤ 1 500 ms each, exactly 10 offers, then 20, never oversold',
    runs.every((r) => r.leaveMs <= 1500 && r.afterLeave.offered === 10 && r.afterAdd.offered === 20 && r.afterAdd.taken <= r.afterAdd.total),
  );
}

async function httpScenarios(app, ready) {
  await measureCodeTiming(app, ready);
  const signIn = await measureVerifyLogin(app.url, ready.databaseUrl);
  console.log(`POST /api/verify-passcode/verify_login/ (100 sign-ins, one at a time): median ${signIn.median} ms, p95 ${signIn.p95} ms\n`);
  scenarios.push({ name: 'GET /api/users/me/ (signed in)', path: '/api/users/me/?full=1', signedIn: true });
  const [mentor] = (await (await fetch(`${app.url}/api/users/`)).json()).results;
  scenarios.push({ name: 'a mentor page (/api/users/GetUser/)', path: `/api/users/GetUser/?id=${mentor.id}` });
  scenarios.push({ name: 'a mentor page (signed in)', path: `/api/users/GetUser/?id=${mentor.id}`, signedIn: true });
  const bookings = await prepareBookings(app.url, ready.databaseUrl);
  console.log(`[bench] 8 weekly series over a year through the API: ${bookings.slots} slots in ${bookings.seriesMs} ms; 300 booked`);
  scenarios.push({ name: 'slots available, 1 year, 300 booked', path: bookings.availablePath });
  scenarios.push({ name: 'slots available (signed in)', path: bookings.availablePath, signedIn: true });
  const available = await sequentialLatency(`${app.url}${bookings.availablePath}`);
  console.log(`GET available (1 year, ${bookings.slots - 300} free slots, ${Math.round(available.bytes / 1024)} KB; 100 requests one at a time): median ${available.median} ms, p95 ${available.p95} ms`);
  await measureRaces(app, bookings);
  await measureReschedule(app, ready);
  await measureWaitlist(app, ready);
  const analytics = await analyticsBench(app.url, ready.databaseUrl);
  console.log(`GET /api/analytics/summary/?period=year (a mentor with a year of data: 1 000 bookings, 100 events; 20 requests one at a time): median ${analytics.median} ms, p95 ${analytics.p95} ms`);
  await measureSchedule(app, ready);
  console.log('');
  const rows = [];
  const bareUrl = () => `${app.url}${BARE_PATH}`;
  for (const s of scenarios) {
    const headers = s.signedIn ? { cookie: signIn.cookie } : {};
    const url = () => `${app.url}${typeof s.path === 'function' ? s.path() : s.path}`;
    await loadSlice(url, 1, headers); // warm-up, not reported
    const { row, bare } = await pairedLoad(url, bareUrl, seconds, headers);
    // against the bare route measured alongside it: what the database and the handler cost on top of the Worker itself
    // and what the Worker's process spent per answer, against the bare route's: the local Postgres, the SQL endpoint and
    // this client left out (Miniflare's Cache API store and its compression of the answer are still in it)
    const cpuShare = row.workerCpu && bare.workerCpu ? bare.workerCpu / row.workerCpu : null;
    rows.push({ scenario: s.name, ...row, bare, share: row.rps / bare.rps, p99Share: row.p99 / bare.p99, cpuShare });
  }
  console.table(
    rows.map(({ scenario, rps, p50, p95, p99, errors, bare, share, p99Share, workerCpu, cpuShare }) => ({
      scenario, rps, p50, p95, p99, errors,
      'bare alongside': bare.rps,
      'rps vs bare': `${Math.round(100 * share)}%`,
      'p99 / bare p99': p99Share.toFixed(1),
      'workerd ms': workerCpu === null ? '-' : workerCpu.toFixed(2),
      'bare ms / ms': cpuShare === null ? '-' : `${Math.round(100 * cpuShare)}%`,
    })),
  );
  const ratio = (name) => {
    const { rps, bare, share, p99Share } = rows.find((r) => r.scenario === name);
    return { share, p99: p99Share, text: `${Math.round(100 * share)}% (${rps} vs ${bare.rps} req/s), p99 ${p99Share.toFixed(1)}×` };
  };
  const health = ratio('API with one query (/api/health/)');
  goal('/api/health/ (one query) vs the bare route', health.text, '≥ 60%', health.share >= 0.6);
  const ceiling = await searchBesideCeiling(app.url, signIn.cookie, { seconds });
  printSearchBesideCeiling(ceiling);
  goal(
    'event search, a new query each time, beside the pass-through of its statement',
    `${Math.round(100 * ceiling.rpsShare)}% of its requests/s, ${ceiling.cpuRatio?.toFixed(2) ?? '-'}× its Worker CPU`,
    '≥ 90%, ≤ 1.5×',
    ceiling.met,
  );
  const search = ratio(NEW_SEARCH);
  goal('event list, search + filters + sort, from the database (a new query each time, signed in)', search.text, '≥ 40%, p99 ≤ 4×', search.share >= 0.4 && search.p99 <= 4);
  for (const name of ['events, search + category + price + sort', 'mentors, first page (/api/users/)', 'a mentor page (/api/users/GetUser/)']) {
    const repeat = ratio(name);
    goal(`visitor's repeat: ${name}`, repeat.text, '≥ 80%', repeat.share >= 0.8);
  }
}
