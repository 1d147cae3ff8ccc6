// `npm run bench`: serves the built app on its own stack (fresh database with the demo data) and measures
// the hot paths with a bounded closed-loop load from this process, on loopback only.
//   npm run bench [-- --seconds 5 --connections 10]
import { parseArgs } from 'node:util';
import { prepareLocalEnv } from './local-env.mjs';
import { spawnServices } from './spawn-services.mjs';
import { build, serve } from './run-app.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** What is measured; each grows as the product's hot paths land. */
const scenarios = [
  { name: 'static SPA page (/AllMentors)', path: '/AllMentors' },
  { name: 'API without database (404 envelope)', path: '/api/no-such-route/' },
  { name: 'API with one query (/api/health/)', path: '/api/health/' },
];

async function load(url, duration = seconds) {
  const latencies = [];
  let errors = 0;
  const stopAt = performance.now() + duration * 1000;
  const maxRequests = 200_000; // bounded in count as well as in time
  async function worker() {
    while (performance.now() < stopAt && latencies.length + errors < maxRequests) {
      const t = performance.now();
      try {
        const res = await fetch(url);
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
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1) : '-');
  return { rps: Math.round(latencies.length / elapsed), p50: q(0.5), p95: q(0.95), p99: q(0.99), errors };
}

prepareLocalEnv();
const services = spawnServices({ stack: 'bench', fresh: true });
let app;
try {
  const ready = await services.ready;
  const { seed } = await import('./seed.ts');
  const seeded = await seed(ready.databaseUrl);
  console.log(`[bench] demo seed: ${seeded.ms} ms`);
  console.log(`[bench] build: ${build({ quiet: true })} ms`);
  app = await serve({ mode: 'serve', port: 8798, services: ready, environment: 'test', stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`[bench] ${connections} connections, ${seconds} s each\n`);
  const rows = [];
  for (const s of scenarios) {
    await load(`${app.url}${s.path}`, 1); // warm-up, not reported
    rows.push({ scenario: s.name, ...(await load(`${app.url}${s.path}`)) });
  }
  console.table(rows);
} finally {
  await app?.stop();
  await services.stop();
}
