// Local backing services in one process: embedded Postgres, migrations, and the stand-in for Neon's proxy
// (Postgres over WebSocket and SQL over HTTP, scripts/neon-proxy.mjs) for the Neon driver. Prints one line
// `READY {"databaseUrl":…,"wsProxy":…,"ms":…}` and runs until SIGINT/SIGTERM.
//   node scripts/services.mjs [--stack dev|test|bench|faults] [--fresh] [--stop-with-stdin]
// With --stop-with-stdin, a line `restart` on stdin restarts Postgres (fast shutdown: open sessions are
// terminated, as in a real restart) and prints `RESTARTED {"ms":…}` once it accepts connections again.
// Always run as a child process (see the note in pg.mjs).
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { startPg } from './pg.mjs';
import { startNeonProxy } from './neon-proxy.mjs';
import { migrate } from './migrate.mjs';
import { stacks } from './local-env.mjs';

const { values } = parseArgs({ options: {
    stack: { type: 'string', default: 'dev' },
    fresh: { type: 'boolean', default: false },
    'stop-with-stdin': { type: 'boolean', default: false },
  } });
const stack = stacks[values.stack];
if (!stack) throw new Error(`unknown stack ${values.stack}`);

const t0 = performance.now();
const pg = await startPg({ dataDir: stack.dataDir, port: stack.pgPort, fresh: values.fresh });
let proxy;
try {
  await migrate(pg.url);
  // 127.0.0.1:1, where nothing listens, stands for a database that is away (tests/worker/database-outage.test.ts):
  // the proxy tries it and fails as it would with Postgres down, instead of refusing an address it doesn't know.
  // A test run loads this machine's two cores far beyond what the SQL endpoint's 2 s wait for a connection stands for
  // (a saturated pooler): there a 200-way booking race may wait longer and must not be refused for it. The endpoint's
  // own tests of that refusal build their endpoints with their own limits.
  const sql = values.stack === 'test' ? { maxWaitMs: 10_000 } : {};
  proxy = await startNeonProxy({ port: stack.wsPort, allow: [`127.0.0.1:${stack.pgPort}`, `localhost:${stack.pgPort}`, '127.0.0.1:1'], sql });
} catch (e) {
  console.error('[services]', e);
  await pg.stop();
  process.exit(1);
}
console.log('READY ' + JSON.stringify({ databaseUrl: pg.url, wsProxy: `127.0.0.1:${stack.wsPort}`, ms: Math.round(performance.now() - t0) }));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await proxy?.close();
  await pg.stop();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (values['stop-with-stdin']) {
  // Spawned by a runner: if it dies without signalling us (kill -9), stdin closes; don't leave Postgres behind.
  process.stdin.on('end', stop);
  createInterface({ input: process.stdin }).on('line', async (line) => {
    if (line.trim() !== 'restart' || stopping) return;
    const t = performance.now();
    await pg.restart();
    console.log('RESTARTED ' + JSON.stringify({ ms: Math.round(performance.now() - t) }));
  });
}
