// Serves a stack's build straight from Miniflare, without `wrangler dev`'s proxy in front: for the bench only.
// `wrangler dev` runs two workerd processes, and the one the port opens on relays every request and every WebSocket
// frame to the one that runs the Worker (decision 015, «Where a chat message's time goes»). Production has no such
// relay, so the bench measures without it. The same Worker, assets and Durable Objects, configured from the build's
// wrangler.json by wrangler's own reader, run in the Miniflare (and workerd) that wrangler ships.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { unstable_getMiniflareWorkerOptions: miniflareWorkerOptions } = require('wrangler');
// the Miniflare wrangler itself runs, not another copy a plugin brought along
const { Log, LogLevel, Miniflare, convertV4MiniflareOptions } = createRequire(require.resolve('wrangler'))('miniflare');

/**
 * The built Worker's modules: index.js first (the entry), then the chunks it imports. Vite has bundled them already
 * (the build's wrangler.json says `no_bundle`), so they are listed as they are rather than found by module rules.
 */
function workerModules(dir) {
  const files = readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'));
  return ['index.js', ...files.filter((f) => f !== 'index.js').sort()].map((f) => ({ type: 'ESModule', path: path.join(dir, f) }));
}

/**
 * Starts the Worker of `outDir`'s build on `port` with `vars` over its wrangler.json's, keeping Durable Object and
 * R2 state under `persistTo`, and V8's inspector on `inspectorPort` if given (to profile the Worker). Resolves once it
 * answers; `stop` disposes of it.
 */
export async function serveDirect({ outDir, persistTo, port, vars, logLevel = 'warn', inspectorPort }) {
  const { workerOptions, main } = miniflareWorkerOptions(path.join(outDir, 'forma', 'wrangler.json'));
  // module rules describe how to bundle; the modules are listed instead
  const { modulesRules: _rules, ...options } = workerOptions;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      log: new Log(LogLevel[logLevel.toUpperCase()]),
      // as wrangler dev's own Miniflare: no line per request (the entry would also copy each response to write it)
      logRequests: false,
      // the placeholder `request.cf` at once, which is what a failed download of the real one falls back to anyway
      // (the machines this runs on reach no address but the package registries)
      cf: false,
      ...(inspectorPort ? { inspectorPort } : {}),
      resourcePersistencePath: persistTo,
      // /cdn-cgi/local/scheduled, which the soak's minute ticker calls as `npm start`'s does (run-app.mjs startCronTicker)
      unsafeTriggerHandlers: true,
      workers: [{ ...options, name: 'forma', modules: workerModules(path.dirname(main)), bindings: { ...options.bindings, ...vars } }],
    }),
  );
  try {
    const url = (await mf.ready).origin;
    const res = await fetch(`${url}/api/health/`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`the Worker served from Miniflare answered /api/health/ with ${res.status}`);
    return { url, stop: () => mf.dispose() };
  } catch (e) {
    // a start that failed (the port taken, a module missing) leaves no workerd behind
    await mf.dispose().catch(() => undefined);
    throw e;
  }
}
