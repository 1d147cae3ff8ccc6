// The database path (decision 015): statements outside a transaction go over Neon's SQL-over-HTTP path to the
// proxy's pooled connections; only a transaction opens a WebSocket connection of its own. Errors keep what the
// handlers decide on (SQLSTATE, constraint) on both paths, and a refused or overloaded database reads as away.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseUnavailable, pgError } from '../../worker/lib/db-errors.ts';
import { useTestDb } from './helpers.ts';

const t = useTestDb();

async function sessionName(run: (q: typeof t.db | Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<{ rows: unknown[] }>) {
  const result = await run(t.db);
  return (result.rows[0] as { name: string }).name;
}

describe('the database path', () => {
  it('sends a statement over HTTP to a pooled session, and a transaction over its own connection', async () => {
    const query = sql`select current_setting('application_name') as name, pg_backend_pid() as pid`;
    expect(await sessionName((db) => db.execute(query))).toBe('neon-sql-endpoint');
    const inTransaction = await t.db.transaction(async (tx) => (await tx.execute<{ name: string }>(query)).rows[0].name);
    expect(inTransaction).not.toBe('neon-sql-endpoint');
    // drizzle's query builder takes the same path as raw SQL, with its own row mapping (array rows, column types)
    const [row] = await t.db.execute<{ now: string }>(sql`select now() as now`).then((r) => r.rows);
    expect(typeof row.now === 'string' || (row.now as unknown) instanceof Date).toBe(true);
  });

  it('keeps the SQLSTATE and constraint of a failed statement on the HTTP path, as on the WebSocket one', async () => {
    const duplicate = sql`insert into users (email) select email from users order by id limit 1`;
    const overHttp = await t.db.execute(duplicate).catch((e: unknown) => e);
    const inTransaction = await t.db.transaction((tx) => tx.execute(duplicate)).catch((e: unknown) => e);
    expect(pgError(overHttp)).toEqual(pgError(inTransaction));
    expect(pgError(overHttp)?.code).toBe('23505');
    expect(pgError(overHttp)?.constraint).toBeTruthy();
    expect(databaseUnavailable(overHttp)).toBe(false);
  });

  it('reads an overloaded or unreachable endpoint as a database that is away', () => {
    const overloaded = Object.assign(new Error('too many statements waiting for a connection'), { code: '53300' });
    expect(databaseUnavailable(overloaded)).toBe(true);
    expect(databaseUnavailable(new Error('Error connecting to database: TypeError: fetch failed'))).toBe(true);
    expect(databaseUnavailable(new Error('Server error (HTTP status 503): upstream unavailable'))).toBe(true);
    expect(databaseUnavailable(new Error('Server error (HTTP status 403): address not allowed'))).toBe(false);
  });
});
