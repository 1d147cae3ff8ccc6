// Shared by every script that spawns wrangler, vite or vitest: local binaries (including node@22 from the
// `node` devDependency) first on PATH, and wrangler kept offline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function prepareLocalEnv() {
  const bin = path.join(root, 'node_modules', '.bin');
  if (!process.env.PATH?.startsWith(bin)) process.env.PATH = `${bin}${path.delimiter}${process.env.PATH}`;
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_HIDE_BANNER ??= 'true';
  process.env.NO_UPDATE_NOTIFIER = '1';
}

/**
 * FORMA_TEST_SLOT=N (N ≥ 1) gives `npm test` a test stack of its own (ports +100·N, its own data
 * directory), so several test runs can share a machine.
 */
const testSlot = Number(process.env.FORMA_TEST_SLOT ?? 0) || 0;

/** Ports of one local stack; tests use their own set so they can run beside `npm start`. */
export const stacks = {
  dev: { pgPort: 54329, wsPort: 54330, dataDir: path.join(root, '.data', 'pg') },
  test: {
    pgPort: 54339 + 100 * testSlot,
    wsPort: 54340 + 100 * testSlot,
    dataDir: path.join(root, '.data', testSlot ? `pg-test-${testSlot}` : 'pg-test'),
  },
  bench: { pgPort: 54349, wsPort: 54350, dataDir: path.join(root, '.data', 'pg-bench') },
  // the bench's soak (issue 40 §1): twenty minutes on a stack of its own, beside other bench runs
  soak: { pgPort: 54359, wsPort: 54360, dataDir: path.join(root, '.data', 'pg-soak') },
  // a second bench stack (`npm run bench -- --stack bench2`), for a short run beside a long one
  bench2: { pgPort: 54369, wsPort: 54370, dataDir: path.join(root, '.data', 'pg-bench2') },
  // a Postgres of its own for the test that restarts it mid-burst (tests/node/database-restart.test.ts). It starts in
  // the middle of a run, when thousands of outgoing connections hold ports of Linux's ephemeral range (32768-60999):
  // its ports sit below that range, where no outgoing connection can have taken them.
  faults: {
    pgPort: 25369 + 100 * testSlot,
    wsPort: 25370 + 100 * testSlot,
    dataDir: path.join(root, '.data', testSlot ? `pg-faults-${testSlot}` : 'pg-faults'),
  },
};
