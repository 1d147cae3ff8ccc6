import { Pool, neonConfig } from '@neondatabase/serverless';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { schema } from './schema.ts';

export type DbConfig = { DATABASE_URL: string; NEON_WS_PROXY?: string };

let proxyConfigured = false;
function configureLocalProxy(proxy: string) {
  if (proxyConfigured) return;
  proxyConfigured = true;
  // A local Postgres sits behind scripts/ws-proxy.mjs: plain ws://, no TLS, so no pipelining either.
  neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * Workers cannot share a socket between requests, so every request gets its own single-connection Pool;
 * the caller ends it (ctx.waitUntil(close())). The Pool connects lazily, on the first query.
 */
export function createDb(env: DbConfig) {
  if (env.NEON_WS_PROXY) configureLocalProxy(env.NEON_WS_PROXY);
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  let closing = false;
  // A socket that dies after end() surfaces as an 'error' event; unhandled it would crash the isolate.
  // Only an error on a connection we still meant to use is worth a log line.
  pool.on('error', (e: Error) => {
    if (!closing) console.warn(JSON.stringify({ level: 'warn', msg: 'db idle client error', error: e.message }));
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  const close = () => {
    closing = true;
    return pool.end();
  };
  return { db, close };
}

export type Db = ReturnType<typeof createDb>['db'];
/** A transaction handle, as `db.transaction(async (tx) => …)` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Query functions that can run inside or outside a transaction take this. */
export type Executor = Db | Tx;
