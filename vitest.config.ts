import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cloudflareTest } from '@cloudflare/vitest-plugin';

// `npm test` (scripts/test.mjs) starts one Postgres + WS proxy for the whole run and passes their
// addresses in TEST_DATABASE_URL / TEST_NEON_WS_PROXY.
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54339/app';
const wsProxy = process.env.TEST_NEON_WS_PROXY ?? '127.0.0.1:54340';

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { ENVIRONMENT: 'test', DATABASE_URL: databaseUrl, NEON_WS_PROXY: wsProxy, CATALOGUE_VERSION_TRUST_MS: '0' } },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          // A worker test sends up to ~30 requests, each opening its own database connection (~25 ms on an idle
          // machine, ten times that with both cores busy: the suite ran 2-5 s per test then). Heavier tests (the
          // 200-way races, the fuzz run, the silent-connection sweep) set their own timeouts from their work.
          testTimeout: 20_000,
        },
      },
      {
        extends: false,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
      {
        extends: false,
        test: { name: 'node', include: ['tests/node/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: false,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/serve-app.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // one browser and one server: files run one after another
          fileParallelism: false,
        },
      },
    ],
  },
});
