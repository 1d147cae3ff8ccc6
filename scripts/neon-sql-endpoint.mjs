// Neon's SQL-over-HTTP protocol in front of a local Postgres: what @neondatabase/serverless sends to
// https://api.<host>/sql from neon() and from Pool.query() with poolQueryViaFetch (decision 015). One POST is one
// statement (`{query, params}`) or a batch (`{queries: [...]}`) run as one transaction; the connections stay open
// in a pool, as behind Neon's proxy, so a query costs a round trip instead of a Postgres start-up.
//   Request headers: Neon-Connection-String (required), Neon-Raw-Text-Output, Neon-Array-Mode,
//   Neon-Batch-Isolation-Level, Neon-Batch-Read-Only, Neon-Batch-Deferrable.
//   200: `{command, rowCount, rows, fields, rowAsArray}` (a batch: `{results: [...]}`), values as Postgres text.
//   400: `{message, code, detail, …}`: the fields of a Postgres error, which the driver copies onto NeonDbError.
import pg from 'pg';

/** Every value as the text Postgres sent (Neon-Raw-Text-Output): the driver runs its own parsers on it. */
const RAW_TEXT = { getTypeParser: () => (value) => value };
/** The error fields the driver copies from a 400 answer onto its NeonDbError. */
const ERROR_FIELDS = ['severity', 'code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine'];
const ISOLATION = { ReadUncommitted: 'read uncommitted', ReadCommitted: 'read committed', RepeatableRead: 'repeatable read', Serializable: 'serializable' };
const MAX_BODY_BYTES = 10 * 1024 * 1024;

class Refusal extends Error {
  constructor(status, fields) {
    super(fields.message);
    this.status = status;
    this.fields = fields;
  }
}

/**
 * `allow`: the Postgres addresses (`host:port`) a connection string may name; a connection string without a
 * port (the driver's Pool.query path drops it) goes to the allowed address of its host. `poolSize` connections per
 * database and role. An overloaded pool refuses with SQLSTATE 53300 (too many connections), as a saturated pooler
 * does, rather than queueing for tens of seconds: at once beyond `maxWaiting` queued statements, and a statement
 * that waited `maxWaitMs` for a connection.
 */
export function createSqlEndpoint({ allow, poolSize = 20, maxWaiting = 1000, maxWaitMs = 2000 }) {
  const pools = new Map();

  function poolFor(connectionString) {
    let url;
    try {
      url = new URL(connectionString);
    } catch {
      throw new Refusal(400, { message: 'Neon-Connection-String is not a connection string' });
    }
    const host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
    const address = url.port ? `${host}:${url.port}` : allow.map((a) => a.replace(/^localhost:/, '127.0.0.1:')).find((a) => a.startsWith(`${host}:`));
    if (!address || !allow.map((a) => a.replace(/^localhost:/, '127.0.0.1:')).includes(address)) {
      throw new Refusal(403, { message: 'address not allowed' });
    }
    const key = `${url.username}@${address}${url.pathname}`;
    let pool = pools.get(key);
    if (!pool) {
      pool = new pg.Pool({
        host,
        port: Number(address.slice(address.lastIndexOf(':') + 1)),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: decodeURIComponent(url.pathname.slice(1)),
        max: poolSize,
        connectionTimeoutMillis: maxWaitMs,
        idleTimeoutMillis: 60_000,
        application_name: 'neon-sql-endpoint', // tells the HTTP path's sessions from the WebSocket path's
      });
      // an idle connection ended by Postgres (a restart, a terminated backend): the pool drops it and opens another
      pool.on('error', () => {});
      pools.set(key, pool);
    }
    return pool;
  }

  async function acquire(pool) {
    if (pool.waitingCount >= maxWaiting) {
      throw new Refusal(400, { message: 'too many statements waiting for a connection', code: '53300', severity: 'FATAL' });
    }
    const full = pool.totalCount >= pool.options.max;
    try {
      return await pool.connect();
    } catch (e) {
      if (full && /timeout/i.test(e.message)) {
        throw new Refusal(400, { message: `no connection free for ${maxWaitMs} ms`, code: '53300', severity: 'FATAL' });
      }
      throw new Refusal(400, { message: `could not connect to the database: ${e.message}`, code: '08001', severity: 'FATAL' });
    }
  }

  async function run(client, statement, arrayMode) {
    if (typeof statement?.query !== 'string' || (statement.params !== undefined && !Array.isArray(statement.params))) {
      throw new Refusal(400, { message: 'each statement is {query: string, params: array}' });
    }
    // extended protocol always: one statement per query, never a string of several
    const result = await client.query({ text: statement.query, values: statement.params ?? [], rowMode: 'array', types: RAW_TEXT, queryMode: 'extended' });
    const fields = result.fields.map(({ name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format }) => ({
      name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format,
    }));
    const rows = arrayMode ? result.rows : result.rows.map((row) => Object.fromEntries(fields.map((f, i) => [f.name, row[i]])));
    return { command: result.command, rowCount: result.rowCount, rows, fields, rowAsArray: arrayMode };
  }

  async function answer(headers, body) {
    const connectionString = headers['neon-connection-string'];
    if (!connectionString) throw new Refusal(400, { message: 'missing Neon-Connection-String header' });
    const arrayMode = headers['neon-array-mode'] === 'true';
    const pool = poolFor(connectionString);
    const client = await acquire(pool);
    let broken = false;
    // pg-pool drops its own error listener while a client is checked out: Postgres ending the session between two
    // statements (a restart's 57P01) would otherwise be an unhandled 'error' event that ends this whole process
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      if (!Array.isArray(body.queries)) return await run(client, body, arrayMode);
      const isolation = ISOLATION[headers['neon-batch-isolation-level']] ?? 'read committed';
      const readOnly = headers['neon-batch-read-only'] === 'true' ? ' read only' : '';
      const deferrable = headers['neon-batch-deferrable'] === 'true' ? ' deferrable' : '';
      await client.query(`begin isolation level ${isolation}${readOnly}${deferrable}`);
      try {
        const results = [];
        for (const statement of body.queries) results.push(await run(client, statement, arrayMode));
        await client.query('commit');
        return { results };
      } catch (e) {
        await client.query('rollback').catch(() => (broken = true));
        throw e;
      }
    } catch (e) {
      // a connection Postgres ended is not given back to the pool
      if (!(e instanceof Refusal) && (!e.code || /^(08|57P)/.test(e.code))) broken = true;
      throw e;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  async function handle(req, res) {
    const reply = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method !== 'POST') return reply(405, { message: 'POST only' });
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return reply(413, { message: 'request body too large' });
      chunks.push(chunk);
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(400, { message: 'request body is not JSON' });
    }
    try {
      reply(200, await answer(req.headers, body ?? {}));
    } catch (e) {
      if (e instanceof Refusal) return reply(e.status, e.fields);
      // a Postgres error: its fields, as the driver expects them
      const fields = { message: e.message };
      for (const name of ERROR_FIELDS) if (e[name] !== undefined) fields[name] = e[name];
      reply(400, fields);
    }
  }

  /** Connections lent out and statements waiting for one, over all pools (for tests and diagnostics). */
  const stats = () => {
    const all = [...pools.values()];
    return { busy: all.reduce((n, p) => n + p.totalCount - p.idleCount, 0), waiting: all.reduce((n, p) => n + p.waitingCount, 0) };
  };

  return { handle, stats, close: () => Promise.all([...pools.values()].map((p) => p.end())) };
}
