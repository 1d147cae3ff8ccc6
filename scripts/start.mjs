// `npm start`: embedded Postgres + Neon WS proxy (child process), migrations, demo data on first start,
// SPA build, and the Worker under wrangler dev on http://127.0.0.1:8787 (PORT overrides).
// `npm run dev` (--dev): the same with Vite's dev server and hot reload instead of a build.
import { prepareLocalEnv } from './local-env.mjs';
import { spawnServices } from './spawn-services.mjs';
import { build, serve, startCronTicker } from './run-app.mjs';

prepareLocalEnv();
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8787);
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

const services = spawnServices({ stack: 'dev' });
let app;
let stopCron;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  stopCron?.();
  await app?.stop();
  await services.stop();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  const ready = await services.ready;
  console.log(`[start] postgres and the Neon proxy ready (${elapsed()})`);
  const { seed } = await import('./seed.ts');
  const seeded = await seed(ready.databaseUrl);
  console.log(seeded.skipped ? `[start] demo data present (${elapsed()})` : `[start] demo data seeded in ${seeded.ms} ms (${elapsed()})`);
  if (!dev) console.log(`[start] SPA and Worker built in ${build()} ms (${elapsed()})`);
  app = await serve({ mode: dev ? 'dev' : 'serve', port, services: ready });
  app.child.once('exit', (code) => shutdown(code ?? 0));
  await restoreDemoRecordings(app.url);
  // the minute Cron Trigger (holds, settling, payout retries, hourly cleanup): locally we fire it ourselves
  stopCron = startCronTicker(app.url);
  console.log(`
  Форма is running on ${app.url}  (ready in ${elapsed()})

  Demo accounts:
    mentor@forma.test   mentor
    mentee@forma.test   mentee
    admin@forma.test    admin

  The minute Cron Trigger runs by itself while this is up.
  Ctrl-C stops everything.
`);
} catch (e) {
  console.error('[start] failed:', e instanceof Error ? e.message : e);
  await shutdown(1);
}

/**
 * The seeded recordings' bytes into the Worker's local R2 (decision 019, «Demo data»): the seed writes only rows. Every
 * start asks, since the R2 state and the database can be reset apart; the Worker writes only what is missing.
 */
async function restoreDemoRecordings(url) {
  try {
    const { demoRecordingBytes } = await import('./seed-data/demo-recordings.ts');
    const res = await fetch(`${url}/api/dev/demo-recordings/`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: demoRecordingBytes() });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { restored } = await res.json();
    if (restored) console.log(`[start] ${restored} demo recording(s) stored`);
  } catch (e) {
    console.warn('[start] demo recordings not stored:', e instanceof Error ? e.message : e);
  }
}
