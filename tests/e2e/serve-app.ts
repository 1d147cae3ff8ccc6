// e2e globalSetup: build the app and serve it with wrangler dev (real workerd) against the test database
// that scripts/test.mjs started; hands the URL to the tests.
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { build, serve } from '../../scripts/run-app.mjs';
import { seed } from '../../scripts/seed.ts';
import { relayPort, SFU_RELAY } from './sfu-relay.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const wsProxy = process.env.TEST_NEON_WS_PROXY;
  if (!databaseUrl || !wsProxy) throw new Error('run the e2e tests through `npm test` (it starts the test database)');
  // the demo data gives the browser tests lists to page through; the worker tests make their own rows
  await seed(databaseUrl);
  build({ quiet: true, stack: 'test' });
  const port = Number(process.env.E2E_PORT ?? 8799);
  const app = await serve({
    mode: 'serve',
    stack: 'test',
    port,
    // events meet through an SFU whose API is the relay event-sfu.test.ts runs (no other browser test joins an event)
    // tests arrange rows straight in Postgres and read them back at once: no trusted catalogue version (decision 015)
    vars: {
      SFU_APP_ID: SFU_RELAY.appId,
      SFU_APP_TOKEN: SFU_RELAY.token,
      SFU_API_URL: `http://127.0.0.1:${relayPort(port)}/v1`,
      CATALOGUE_VERSION_TRUST_MS: '0',
    },
    services: { databaseUrl, wsProxy },
    environment: 'test',
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  project.provide('appUrl', app.url);
  return () => app.stop();
}
