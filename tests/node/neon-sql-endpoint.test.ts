// The local SQL-over-HTTP endpoint (scripts/neon-sql-endpoint.mjs, decision 015) spoken to by the real Neon driver,
// as the Worker speaks to Neon in production: values come back typed by the driver's parsers, Postgres errors keep
// their SQLSTATE and constraint, a batch is one transaction, only allow-listed databases are reachable, one request
// is one statement, and an overloaded pool refuses at once with 53300 instead of queueing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { neon, neonConfig, NeonDbError } from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { createSqlEndpoint } from '../../scripts/neon-sql-endpoint.mjs';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54339/app';
const proxy = process.env.TEST_NEON_WS_PROXY ?? '127.0.0.1:54340';
const table = `neon_endpoint_${process.pid}`;

neonConfig.fetchEndpoint = `http://${proxy}/sql`;
const sql = neon(databaseUrl);

/** Waits until `condition` holds (polling; the test's timeout bounds it). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (e) {
    return e as NeonDbError;
  }
  throw new Error('expected the statement to fail');
}

beforeAll(async () => {
  await sql.query(`create table ${table} (id int primary key, note text not null)`);
});
afterAll(async () => {
  await sql.query(`drop table if exists ${table}`);
});

describe('the SQL-over-HTTP endpoint, through the Neon driver', () => {
  it('answers one statement with values parsed by the driver', async () => {
    const [row] = await sql.query(
      `select $1::int as n, $2::text as t, $3::timestamptz as at, true as yes, null::text as nothing,
              '{"a":[1,2]}'::jsonb as doc, array[1,2,3] as list, $4::bigint as big, '\\x0102'::bytea as bytes`,
      [42, 'Привет', '2026-11-25T10:00:00Z', '9007199254740993'],
    );
    expect(row).toEqual({
      n: 42,
      t: 'Привет',
      at: new Date('2026-11-25T10:00:00Z'),
      yes: true,
      nothing: null,
      doc: { a: [1, 2] },
      list: [1, 2, 3],
      big: '9007199254740993',
      bytes: expect.anything(),
    });
    expect([...(row.bytes as Uint8Array)]).toEqual([1, 2]);
  });

  it('gives full results in array mode: fields, command and row count', async () => {
    const result = await sql.query(`insert into ${table} (id, note) values ($1, $2), ($3, $4) returning id`, [1, 'a', 2, 'b'], {
      arrayMode: true,
      fullResults: true,
    });
    expect(result.command).toBe('INSERT');
    expect(result.rowCount).toBe(2);
    expect(result.rows).toEqual([[1], [2]]);
    expect(result.fields.map((f) => [f.name, f.dataTypeID])).toEqual([['id', 23]]);
  });

  it('reports a Postgres error with its SQLSTATE, constraint and detail', async () => {
    await sql.query(`insert into ${table} (id, note) values (10, 'x')`);
    const e = await refusal(() => sql.query(`insert into ${table} (id, note) values (10, 'y')`));
    expect(e).toBeInstanceOf(NeonDbError);
    expect(e.code).toBe('23505');
    expect(e.constraint).toBe(`${table}_pkey`);
    expect(e.detail).toContain('(id)=(10)');
  });

  it('runs a batch as one transaction: a failing statement takes the earlier ones back', async () => {
    const e = await refusal(() =>
      sql.transaction([sql.query(`insert into ${table} (id, note) values (20, 'first')`), sql.query(`insert into ${table} (id, note) values (21, null)`)]),
    );
    expect(e.code).toBe('23502');
    expect(await sql.query(`select id from ${table} where id in (20, 21)`)).toEqual([]);
    const [inserted, counted] = await sql.transaction([
      sql.query(`insert into ${table} (id, note) values (22, 'ok') returning id`),
      sql.query(`select count(*)::int as n from ${table} where id = 22`),
    ]);
    expect(inserted).toEqual([{ id: 22 }]);
    expect(counted).toEqual([{ n: 1 }]);
  });

  it('honours the batch headers: a read-only batch cannot write, the isolation level is the one asked', async () => {
    const e = await refusal(() => sql.transaction([sql.query(`insert into ${table} (id, note) values (30, 'no')`)], { readOnly: true }));
    expect(e.code).toBe('25006');
    const [[level]] = await sql.transaction([sql.query(`select current_setting('transaction_isolation') as level`)], { isolationLevel: 'Serializable' });
    expect(level).toEqual({ level: 'serializable' });
  });

  it('takes one statement per request, never a string of several', async () => {
    const e = await refusal(() => sql.query(`select 1; drop table ${table}`));
    expect(e.code).toBe('42601');
    expect(await sql.query(`select count(*)::int as n from ${table}`)).toHaveLength(1);
  });

  it('reaches only the allow-listed database', async () => {
    const res = await fetch(`http://${proxy}/sql`, {
      method: 'POST',
      headers: { 'Neon-Connection-String': 'postgres://postgres:postgres@127.0.0.1:5432/postgres', 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'select 1', params: [] }),
    });
    expect(res.status).toBe(403);
    const get = await fetch(`http://${proxy}/sql`);
    expect(get.status).toBe(405);
  });
});

describe('an overloaded endpoint', () => {
  let server: http.Server;
  let endpoint: { close: () => Promise<void>; stats: () => { busy: number; waiting: number } };
  let url: string;

  beforeAll(async () => {
    const target = new URL(databaseUrl);
    endpoint = createSqlEndpoint({ allow: [`${target.hostname}:${target.port}`], poolSize: 1, maxWaiting: 1, maxWaitMs: 10_000 });
    server = http.createServer((req, res) => (endpoint as unknown as { handle: http.RequestListener }).handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sql`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await endpoint.close();
  });

  it('refuses at once with 53300 when the pool and its queue are full, and serves again once they drain', async () => {
    const post = (query: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Neon-Connection-String': databaseUrl, 'Neon-Array-Mode': 'true', 'content-type': 'application/json' },
        body: JSON.stringify({ query, params: [] }),
      });
    // the pool's one connection, then the queue's one place: each in place before the next request
    const holding = post('select pg_sleep(3)');
    await until(() => endpoint.stats().busy === 1);
    const queued = post('select 1 as queued');
    await until(() => endpoint.stats().waiting === 1);
    const refused = post('select 2');
    // answered at once: before the held connection frees up (3 s of sleep), not after it
    expect(await Promise.race([refused.then(() => 'refused'), holding.then(() => 'held')])).toBe('refused');
    expect((await refused).status).toBe(400);
    expect(await (await refused).json()).toMatchObject({ code: '53300' });
    expect((await holding).status).toBe(200);
    expect((await queued).status).toBe(200);
    expect((await post('select 3')).status).toBe(200);
    // the driver turns the refusal into an error with the SQLSTATE, which the Worker answers with 503 + Retry-After
    neonConfig.fetchEndpoint = url;
    try {
      // the driver's query promises are lazy: Promise.resolve() sends them now
      const slow = Promise.resolve(neon(databaseUrl)`select pg_sleep(1)`);
      await until(() => endpoint.stats().busy === 1);
      const waiting = Promise.resolve(neon(databaseUrl)`select 1`);
      await until(() => endpoint.stats().waiting === 1);
      const e = await refusal(() => neon(databaseUrl)`select 2`);
      expect(e.code).toBe('53300');
      await Promise.all([slow, waiting]);
    } finally {
      neonConfig.fetchEndpoint = `http://${proxy}/sql`;
    }
  });
});

describe('an endpoint whose statements wait too long', () => {
  it('refuses a statement that waited maxWaitMs for a connection with 53300, before the connection frees up', async () => {
    const target = new URL(databaseUrl);
    const endpoint = createSqlEndpoint({ allow: [`${target.hostname}:${target.port}`], poolSize: 1, maxWaitMs: 300 });
    const server = http.createServer((req, res) => (endpoint as unknown as { handle: http.RequestListener }).handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sql`;
    const post = (query: string) =>
      fetch(url, { method: 'POST', headers: { 'Neon-Connection-String': databaseUrl, 'content-type': 'application/json' }, body: JSON.stringify({ query, params: [] }) });
    try {
      const holding = post('select pg_sleep(3)');
      await until(() => endpoint.stats().busy === 1);
      const waited = post('select 1');
      expect(await Promise.race([waited.then(() => 'waited'), holding.then(() => 'held')])).toBe('waited');
      expect(await (await waited).json()).toMatchObject({ code: '53300' });
      expect((await holding).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await endpoint.close();
    }
  });
});

describe('the pool behind the endpoint', () => {
  it('keeps its connections open: many statements, few Postgres sessions', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const [row] = await sql`select pg_backend_pid() as pid`;
      pids.add(row.pid as number);
    }
    // the other test files' statements share the pool, so a few distinct sessions may serve these 30
    expect(pids.size).toBeLessThan(10);
  });
});
