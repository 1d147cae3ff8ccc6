// The database path (decision 015): statements outside a transaction go over Neon's SQL-over-HTTP path to the
// proxy's pooled connections; only a transaction opens a WebSocket connection of its own. Errors keep what the
// handlers decide on (SQLSTATE, constraint) on both paths, and a refused or overloaded database reads as away.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { databaseUnavailable, pgError } from '../../worker/lib/db-errors.ts';
import { testDb, useTestDb } from './helpers.ts';

const t = useTestDb();

describe('the database path', () => {
  it('sends a statement over HTTP to a pooled session, and a transaction over its own connection', async () => {
    const query = sql`select current_setting('application_name') as name`;
    expect((await t.db.execute<{ name: string }>(query)).rows[0].name).toBe('neon-sql-endpoint');
    const inTransaction = await t.db.transaction(async (tx) => (await tx.execute<{ name: string }>(query)).rows[0].name);
    expect(inTransaction).toBe('neon-ws-pooler');
  });

  it("maps the query builder's rows over HTTP as over the WebSocket: array rows, timestamps as dates", async () => {
    const user = await createUser(t.db);
    const read = (db: Pick<typeof t.db, 'select'>) => db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
    const [overHttp] = await read(t.db);
    const [inTransaction] = await t.db.transaction((tx) => read(tx));
    expect(overHttp.createdAt).toBeInstanceOf(Date);
    expect(overHttp).toEqual(inTransaction);
  });

  it("builds the statements' path once per isolate, and a connection only for a handle that opens a transaction", async () => {
    const pid = sql`select pg_backend_pid() as pid`;
    const first = testDb();
    const second = testDb();
    try {
      // one drizzle instance (and dialect) over HTTP for every handle of this database
      const sessionOf = (db: object) => (db as { session: unknown }).session;
      expect(sessionOf(first.db)).toBe(sessionOf(second.db));
      expect(first.db.http).toBe(second.db.http);
      // each handle's transactions run on its own connection, at the same time
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const firstPid = first.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(pid);
        await held;
        return rows[0].pid;
      });
      const secondPid = await second.db.transaction(async (tx) => (await tx.execute<{ pid: number }>(pid)).rows[0].pid);
      release();
      expect(await firstPid).not.toBe(secondPid);
      // a handle that never opened a transaction has nothing to close, and the statements' path stays usable
      const third = testDb();
      await expect(third.close()).resolves.toBeUndefined();
      expect((await first.db.execute<{ name: string }>(sql`select current_setting('application_name') as name`)).rows[0].name).toBe('neon-sql-endpoint');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keeps the SQLSTATE and constraint of a failed statement on the HTTP path, as on the WebSocket one', async () => {
    const user = await createUser(t.db);
    const duplicate = sql`insert into users (email) values (${user.email})`;
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
