// Builds the SPA + Worker and serves them with `wrangler dev` (workerd) against a running services stack,
// or runs Vite's dev server with hot reload. Shared by `npm start`/`npm run dev` and the end-to-end tests.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { prepareLocalEnv, root, stacks } from './local-env.mjs';

const devDatabaseUrl = `postgres://postgres:postgres@127.0.0.1:${stacks.dev.pgPort}/app`;

/**
 * Where a stack's build and local Durable Object / R2 state live: each stack has its own, so the tests and
 * the benchmark can build and serve while `npm start` keeps serving dist/.
 */
function outputs(stack) {
  return stack === 'dev'
    ? { outDir: path.join(root, 'dist'), persistTo: path.join(root, '.wrangler', 'state') }
    : { outDir: path.join(root, '.data', `build-${stack}`), persistTo: path.join(root, '.data', `state-${stack}`) };
}

/**
 * Empties a stack's local edge cache (Miniflare's Cache API), for a run over a new database: its answers expired a
 * minute after they were stored, but Miniflare keeps their bodies on disk (the soak's stack had gathered 850 MB).
 */
export function clearEdgeCache(stack) {
  rmSync(path.join(outputs(stack).persistTo, 'cache'), { recursive: true, force: true });
}

export function build({ quiet = false, stack = 'dev' } = {}) {
  prepareLocalEnv();
  const t0 = performance.now();
  const args = ['build', '--outDir', outputs(stack).outDir, '--emptyOutDir', '--logLevel', quiet ? 'error' : 'warn'];
  const r = spawnSync('vite', args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
  return Math.round(performance.now() - t0);
}

/**
 * Starts the server and resolves once GET /api/health answers 200.
 * mode 'serve' = the last build under wrangler dev; mode 'dev' = Vite with hot reload; mode 'source' = the
 * Worker bundled from source by wrangler dev with public/ as its assets (no SPA build: for tests of the API alone);
 * mode 'direct' = the last build straight from Miniflare, without wrangler dev's relay (the bench: serve-direct.mjs).
 * `logLevel` is wrangler's: 'warn' drops its line per request, which its own process formats even when stdout is
 * ignored (about 0.7 ms of CPU per request here; the bench sets it).
 */
export async function serve({ mode = 'serve', stack = 'dev', port, services, environment = 'development', inspectorPort, stdio = 'inherit', vars: extraVars = {}, logLevel }) {
  prepareLocalEnv();
  const vars = { DATABASE_URL: services.databaseUrl, NEON_WS_PROXY: services.wsProxy, ENVIRONMENT: environment, APP_ORIGIN: `http://127.0.0.1:${port}`, ...extraVars };
  // loaded only here: it reads wrangler's whole module, which the other modes run as a command instead
  if (mode === 'direct') return (await import('./serve-direct.mjs')).serveDirect({ ...outputs(stack), port, vars, logLevel, inspectorPort });
  const [cmd, args] =
    mode === 'dev'
      ? ['vite', ['--host', '127.0.0.1', '--port', String(port), '--strictPort']]
      : [
          'wrangler',
          [
            'dev',
            ...(mode === 'source'
              ? ['--config', path.join(root, 'wrangler.toml'), '--assets', path.join(root, 'public')]
              : // the built config of this stack's output, not the shared redirect file of the last build
                ['--config', path.join(outputs(stack).outDir, 'forma', 'wrangler.json')]),
            '--persist-to', outputs(stack).persistTo,
            '--ip', '127.0.0.1',
            '--port', String(port),
            '--inspector-port', String(inspectorPort ?? port + 10000),
            '--show-interactive-dev-session=false',
            ...(logLevel ? ['--log-level', logLevel] : []),
            // the Cron Trigger's local entry points (see startCronTicker)
            '--test-scheduled',
            ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
          ],
        ];
  // Vite's dev server takes the vars from wrangler.toml, whose values are the 'dev' stack's addresses.
  if (mode === 'dev' && services.databaseUrl !== devDatabaseUrl) throw new Error('vite dev serves only the dev stack');
  const child = spawn(cmd, args, { cwd: root, stdio, env: process.env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${cmd} did not become ready within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

/**
 * Locally nothing fires the Cron Trigger (wrangler.toml: every minute), so this does, once a minute while
 * the app runs: holds expire, due consultations and events settle, payouts and refunds are retried.
 * It calls Miniflare's own trigger endpoint, which both `wrangler dev` and Vite's dev server answer. The
 * `/__scheduled` route of `--test-scheduled` is wrangler middleware injected while bundling; our Worker is
 * served prebuilt (no_bundle), so there that path falls through to the SPA. Returns a stop function.
 */
export function startCronTicker(url, { intervalMs = 60_000, log = console } = {}) {
  const endpoint = `${url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('* * * * *').replace(/%20/g, '+')}`;
  let failing = false;
  const tick = async () => {
    try {
      const res = await fetch(endpoint);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      if (failing) log.log('[cron] scheduled runs work again');
      failing = false;
    } catch (e) {
      // said once, not every minute
      if (!failing) log.warn(`[cron] scheduled run failed: ${e instanceof Error ? e.message : e}`);
      failing = true;
    }
  };
  const timer = setInterval(tick, intervalMs);
  void tick();
  return () => clearInterval(timer);
}
