import { Pool, neon, neonConfig, type QueryResult } from '@neondatabase/serverless';
import { drizzle as drizzleOverHttp } from 'drizzle-orm/neon-http';
import { drizzle } from 'drizzle-orm/neon-serverless';

export type DbConfig = { DATABASE_URL: string; NEON_WS_PROXY?: string };

let proxyConfigured = false;
function configureLocalProxy(proxy: string) {
  if (proxyConfigured) return;
  proxyConfigured = true;
  // A local Postgres sits behind scripts/neon-proxy.mjs: plain ws:// and http://, no TLS, so no pipelining either.
  neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
  neonConfig.fetchEndpoint = `http://${proxy}/sql`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

type QueryConfig = string | { text: string; rowMode?: 'array'; types?: unknown };
type HttpQuery = (text: string, params: unknown[], options: { arrayMode: boolean; fullResults: true; types?: unknown }) => Promise<QueryResult>;

/**
 * Decision 015. A statement outside a transaction goes over Neon's SQL-over-HTTP path: one fetch, answered on the
 * proxy's pooled connections, instead of a Postgres connection of its own (~23 ms to open here). `connect()`, which
 * drizzle calls for `db.transaction()` (it checks `instanceof Pool`), still opens the WebSocket connection, lazily,
 * as the Pool's one client. The driver's own `poolQueryViaFetch` does the same but drops the port and options of
 * the connection string; this keeps them.
 */
class HttpFirstPool extends Pool {
  private readonly http: HttpQuery;
  constructor(connectionString: string, overHttp: { query: unknown }) {
    super({ connectionString, max: 1 });
    // the driver takes per-query options (row mode, the caller's type parsers) as query()'s third argument
    this.http = overHttp.query as unknown as HttpQuery;
  }
  // @ts-expect-error narrower than pg's overloads: drizzle calls query(text | config, values) and awaits the promise
  override query(config: QueryConfig, values?: unknown[]) {
    const { text, rowMode, types } = typeof config === 'string' ? { text: config, rowMode: undefined, types: undefined } : config;
    return this.http(text, values ?? [], { arrayMode: rowMode === 'array', fullResults: true, types });
  }
}

/**
 * The HTTP path holds no socket and no request's state (each statement is a fetch of its own), so an isolate builds it
 * once per database: neon's `http` for batches, and `statements`, drizzle over a Pool whose query() is that fetch, for
 * single statements. Built per request they would cost a Pool, a drizzle instance and its dialect (whose cache of
 * column names a new one fills again) on every request (decision 015, «Ratios taken alongside the bare route»).
 */
function buildHttpPath(connectionString: string) {
  const overHttp = neon(connectionString);
  const http = drizzleOverHttp({ client: overHttp, casing: 'snake_case' });
  // never connected: its transactions are the request's own (createDb), so no socket outlives a request
  const statements = overPool(new HttpFirstPool(connectionString, overHttp));
  return { overHttp, http, statements };
}
const httpPaths = new Map<string, ReturnType<typeof buildHttpPath>>();
function httpPathTo(connectionString: string) {
  let path = httpPaths.get(connectionString);
  if (!path) httpPaths.set(connectionString, (path = buildHttpPath(connectionString)));
  return path;
}

/** drizzle on `pool`. No `schema`: drizzle builds the relational query API's config from it on every construction. */
function overPool(pool: HttpFirstPool) {
  // a Pool, but for query()'s narrower type
  return drizzle({ client: pool as unknown as Pool, casing: 'snake_case' });
}

/**
 * Workers cannot share a socket between requests, so a request that opens a transaction gets its own Pool, on its
 * first `db.transaction()`; the caller ends it (ctx.waitUntil(close())). Every other statement goes over HTTP, on the
 * isolate's `statements`; a transaction opens the Pool's one WebSocket connection (drizzle checks `instanceof Pool`).
 *
 * `db.http` is the same database as Neon's HTTP driver sees it, for `db.http.batch([...])`: statements built on it
 * travel in one request and run as one non-interactive transaction (read committed: each statement sees what the
 * ones before it wrote and the locks they took). A rule that needs only SQL between its statements takes one round
 * trip and no connection that way, where `db.transaction()` takes a connection and a round trip per statement.
 */
export function createDb(env: DbConfig) {
  if (env.NEON_WS_PROXY) configureLocalProxy(env.NEON_WS_PROXY);
  const { overHttp, http, statements } = httpPathTo(env.DATABASE_URL);
  /** this request's own Pool and drizzle on it, from its first transaction on */
  let own: { pool: HttpFirstPool; db: typeof statements } | null = null;
  let closing = false;
  const ownDb = () => {
    if (own) return own.db;
    const pool = new HttpFirstPool(env.DATABASE_URL, overHttp);
    // A socket that dies after end() surfaces as an 'error' event; unhandled it would crash the isolate.
    // Only an error on a connection we still meant to use is worth a log line.
    pool.on('error', (e: Error) => {
      if (!closing) console.warn(JSON.stringify({ level: 'warn', msg: 'db idle client error', error: e.message }));
    });
    own = { pool, db: overPool(pool) };
    return own.db;
  };
  const transaction: typeof statements.transaction = (run, config) => ownDb().transaction(run, config);
  // the isolate's statements, with this request's transactions and the HTTP path's batches
  const db = Object.assign(Object.create(statements) as typeof statements, { transaction, http });
  const close = () => {
    closing = true;
    return own ? own.pool.end() : Promise.resolve();
  };
  return { db, close };
}

export type Db = ReturnType<typeof createDb>['db'];
/** The database over Neon's HTTP driver: statements built on it can be sent together with `http.batch([...])`. */
export type HttpDb = Db['http'];
/** A transaction handle, as `db.transaction(async (tx) => …)` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Query functions that can run inside or outside a transaction take this. */
export type Executor = Db | Tx;
