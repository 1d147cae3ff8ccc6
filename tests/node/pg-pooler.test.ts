// The WebSocket path's transaction pooling (scripts/pg-pooler.mjs, decision 015), spoken to by the real Neon driver
// over the local proxy: sessions share a few Postgres connections, a transaction keeps its connection to the end, a
// session that goes away in the middle of one leaves nothing behind, and a database that is away reads as 08001.
import { Client, neonConfig, type NeonDbError } from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54339/app';
const proxy = process.env.TEST_NEON_WS_PROXY ?? '127.0.0.1:54340';
const table = `pooler_${process.pid}`;

neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
neonConfig.useSecureWebSocket = false;
neonConfig.pipelineTLS = false;
neonConfig.pipelineConnect = false;

async function session<T>(work: (client: Client) => Promise<T>, url = databaseUrl) {
  const client = new Client(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(() => session((c) => c.query(`create table ${table} (id int primary key)`)));
afterAll(() => session((c) => c.query(`drop table if exists ${table}`)));

describe('the pooled WebSocket path', () => {
  it('serves many sessions from a few Postgres connections', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const { rows } = await session((c) => c.query<{ pid: number; name: string }>(`select pg_backend_pid() as pid, current_setting('application_name') as name`));
      pids.add(rows[0].pid);
      expect(rows[0].name).toBe('neon-ws-pooler');
    }
    // other test files' sessions share the pool, so a few distinct connections may serve these 30
    expect(pids.size).toBeLessThan(10);
  });

  it('keeps one connection for the whole of a transaction', async () => {
    await session(async (c) => {
      await c.query('begin');
      const first = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      await c.query(`insert into ${table} (id) values (1)`);
      const second = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      await c.query('commit');
      expect(second).toBe(first);
    });
    expect((await session((c) => c.query(`select id from ${table} where id = 1`))).rows).toEqual([{ id: 1 }]);
  });

  it('drops the connection of a session gone in the middle of a transaction: nothing of it is committed or left locked', async () => {
    const client = new Client(databaseUrl);
    client.on('error', () => undefined); // its own socket's end, which this test causes
    await client.connect();
    await client.query('begin');
    await client.query(`insert into ${table} (id) values (2)`);
    const { pid } = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0];
    // the socket goes away without a commit, as when a Worker's isolate is killed
    (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
    // the pooler closes that Postgres connection rather than lend it on: its backend ends, taking the transaction
    await session(async (c) => {
      while ((await c.query('select 1 from pg_stat_activity where pid = $1', [pid])).rows.length) await new Promise((r) => setTimeout(r, 20));
      // id 2 is not there and not locked: an insert of it goes through at once
      expect((await c.query(`select id from ${table} where id = 2`)).rows).toEqual([]);
      await c.query(`insert into ${table} (id) values (2)`);
    });
  });

  it('answers a database that is away with 08001', async () => {
    const away = databaseUrl.replace(/@([^:/]+):\d+/, '@127.0.0.1:1');
    const error = await session((c) => c.query('select 1'), away).catch((e: NeonDbError) => e);
    expect((error as NeonDbError).code).toBe('08001');
  });
});
