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
 * once per database, and with it drizzle's dialect, whose cache of column names a new one fills again on each query.
 */
function buildHttpPath(connectionString: string) {
  const overHttp = neon(connectionString);
  return { overHttp, http: drizzleOverHttp({ client: overHttp, casing: 'snake_case' }) };
}
const httpPaths = new Map<string, ReturnType<typeof buildHttpPath>>();
function httpPathTo(connectionString: string) {
  let path = httpPaths.get(connectionString);
  if (!path) httpPaths.set(connectionString, (path = buildHttpPath(connectionString)));
  return path;
}

/**
 * Workers cannot share a socket between requests, so every request gets its own Pool; the caller ends it
 * (ctx.waitUntil(close())). Its statements go over HTTP; a transaction opens the one WebSocket connection.
 *
 * `db.http` is the same database as Neon's HTTP driver sees it, for `db.http.batch([...])`: statements built on it
 * travel in one request and run as one non-interactive transaction (read committed: each statement sees what the
 * ones before it wrote and the locks they took). A rule that needs only SQL between its statements takes one round
 * trip and no connection that way, where `db.transaction()` takes a connection and a round trip per statement.
 */
export function createDb(env: DbConfig) {
  if (env.NEON_WS_PROXY) configureLocalProxy(env.NEON_WS_PROXY);
  const { overHttp, http } = httpPathTo(env.DATABASE_URL);
  const pool = new HttpFirstPool(env.DATABASE_URL, overHttp);
  let closing = false;
  // A socket that dies after end() surfaces as an 'error' event; unhandled it would crash the isolate.
  // Only an error on a connection we still meant to use is worth a log line.
  pool.on('error', (e: Error) => {
    if (!closing) console.warn(JSON.stringify({ level: 'warn', msg: 'db idle client error', error: e.message }));
  });
  const db = Object.assign(
    // a Pool, but for query()'s narrower type. No `schema`: drizzle builds the relational query API's config from it
    // on every construction (a few ms of CPU per request, the largest share of a booking's), and nothing uses that API
    drizzle({ client: pool as unknown as Pool, casing: 'snake_case' }),
    { http },
  );
  const close = () => {
    closing = true;
    return pool.end();
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
