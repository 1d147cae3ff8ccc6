// Demo data for local development and the demo stand: 48 mentors in six categories, 30 mentees, their
// consultations, events, reviews, chats and analytics, plus the documented accounts mentor@, mentee@ and
// admin@forma.test. Idempotent: one transaction, skipped when the demo mentor already exists.
//   npm run seed                  (scripts/seed-cli.mjs; DATABASE_URL or the local dev database)
import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from '../drizzle/schema.ts';
import { DEMO_MENTOR_EMAIL } from './seed-data/demo-accounts.ts';
import { recordDemoMeetings } from './seed-data/demo-recordings.ts';
import type { Db } from '../drizzle/db.ts';
import { refreshReliability } from '../worker/reliability/reliability.queries.ts';
import { buildPlan } from './seed-data/generate.ts';
import { Computed, Ref, seedTables, type Plan, type TableKey } from './seed-data/plan.ts';

export type SeedResult = { skipped: boolean; counts: Record<string, number>; ms: number };

/** rows per INSERT: well under Postgres' 65535 bind parameters for our widest table */
const BATCH = 500;
/** pg_advisory_xact_lock key ('forma' + 'seed'): two seeds started at once run one after the other */
const LOCK_KEY = 0x5eed_f0a;

type Tx = Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

export async function seed(databaseUrl: string, options: { now?: Date } = {}): Promise<SeedResult> {
  const started = performance.now();
  const ssl = /sslmode=require|neon\.tech/.test(databaseUrl) ? { rejectUnauthorized: true } : undefined;
  const client = new pg.Client({ connectionString: databaseUrl, ssl });
  await client.connect();
  try {
    const db = drizzle({ client, schema, casing: 'snake_case' });
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      const existing = await tx.execute(sql`select 1 from users where lower(email) = ${DEMO_MENTOR_EMAIL} limit 1`);
      if (existing.rows.length > 0) return null;
      const written = await write(tx, buildPlan(options.now ?? new Date()));
      await approveAfterInterviews(tx);
      await recordDemoMeetings(tx);
      // the reliability figures as the hourly job would count them (decision 021), so a fresh start shows them at once;
      // the statement is the Worker's own, run over this transaction (both drivers answer execute with rows)
      await refreshReliability(tx as unknown as Db, { limit: 100_000 });
      return written;
    });
    return { skipped: counts === null, counts: counts ?? {}, ms: Math.round(performance.now() - started) };
  } finally {
    await client.end();
  }
}

async function write(tx: Tx, plan: Plan): Promise<Record<string, number>> {
  const ids = await reserveIds(tx, plan);
  const resolve = (value: unknown): unknown => {
    if (value instanceof Ref) return idOf(ids, value);
    if (value instanceof Computed) return value.compute(value.refs.map((ref) => idOf(ids, ref)));
    return value;
  };
  const counts: Record<string, number> = {};
  for (const key of Object.keys(seedTables) as TableKey[]) {
    const table = seedTables[key];
    const rows = (plan[key] as Record<string, unknown>[]).map((row, index) => {
      const resolved = Object.fromEntries(Object.entries(row).map(([column, value]) => [column, resolve(value)]));
      return ids.has(key) ? { id: ids.get(key)![index], ...resolved } : resolved;
    });
    for (let i = 0; i < rows.length; i += BATCH) {
      // the rows' shape was checked against the table when the plan was built (PlannedRow)
      await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
    }
    counts[getTableName(table)] = rows.length;
  }
  return counts;
}

/**
 * The demo's approvals, the way an admin's approval makes them (decision 004): an application with a held
 * interview is approved, and its author verified with the interview's date. Rows can't be written approved or
 * verified directly: the triggers of migration 0042 want the held interview first.
 */
async function approveAfterInterviews(tx: Tx) {
  await tx.execute(sql`
    update mentor_applications a set status = 'approved', reviewed_at = i.outcome_at, reviewed_by = i.admin_id
    from mentor_interviews i where i.application_id = a.id and i.status = 'held' and a.status = 'submitted'`);
  await tx.execute(sql`
    update users u set is_verified = true, verified_at = i.starts_at
    from mentor_applications a join mentor_interviews i on i.application_id = a.id and i.status = 'held'
    where a.user_id = u.id and a.status = 'approved'`);
}

function idOf(ids: Map<TableKey, (number | string)[]>, ref: Ref) {
  const id = ids.get(ref.table)?.[ref.index];
  if (id === undefined) throw new Error(`seed: no id for ${ref.table}[${ref.index}]`);
  return id;
}

/**
 * Real ids for every table that some row points at, taken up front: uuids are made here, identity
 * columns draw from their own sequence (so ids never collide with rows that exist already).
 */
async function reserveIds(tx: Tx, plan: Plan) {
  const referenced = new Set<TableKey>();
  const visit = (value: unknown) => {
    if (value instanceof Ref) referenced.add(value.table);
    if (value instanceof Computed) value.refs.forEach(visit);
  };
  for (const rows of Object.values(plan)) for (const row of rows) Object.values(row).forEach(visit);

  const ids = new Map<TableKey, (number | string)[]>();
  for (const key of referenced) {
    const table = seedTables[key];
    const count = plan[key].length;
    const columns: Record<string, { columnType: string }> = getTableColumns(table);
    if (columns.id.columnType === 'PgUUID') {
      ids.set(key, Array.from({ length: count }, () => randomUUID()));
      continue;
    }
    const result = await tx.execute<{ id: string }>(
      sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id')) as id from generate_series(1, ${count})`,
    );
    ids.set(key, result.rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}
