import { sql, type SQL } from 'drizzle-orm';
import type { Db, HttpDb } from '../../drizzle/db.ts';
import { errors } from './errors.ts';

/** `detail`: the 429's message when this limit is the one refused (a wait the caller can act on); a general one otherwise. */
export type Limit = { key: string; max: number; windowSeconds: number; detail?: string };

/**
 * Counts one hit against each limit and refuses with 429 when any is over. The counters live in Postgres, so every
 * isolate and every region share them; one statement per limit, so there is no read-then-write race.
 *
 * A sliding window, estimated from two fixed ones: the hits of the current window plus those of the previous window
 * weighted by how much of it the sliding window still covers. A fixed window alone forgets everything at its edge: a
 * burst that straddles it would get twice the limit through (and a test that straddles it would see its count reset).
 */
export async function enforceLimits(db: Db, limits: Limit[]) {
  for (const limit of limits) refuseOverLimit([limit], [await db.execute<{ count: number }>(hitStatement(limit))]);
}

/** The start of the fixed window `now()` falls in (one value for a whole transaction: now() is its start). */
const windowStart = (windowSeconds: number) => sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;

/** The sliding window's estimate: `current` hits of the window starting at `start`, plus the previous window's, weighted. */
function slidingCount({ key, windowSeconds }: Limit, current: SQL, start: SQL) {
  return sql`${current} + coalesce((select previous.count from rate_limit_counters previous
      where previous.key = ${key} and previous.window_start = ${start} - make_interval(secs => ${windowSeconds})), 0)
    * (1 - extract(epoch from now() - ${start}) / ${windowSeconds})`;
}

/** One hit against a limit, answering the estimated count in the sliding window. */
function hitStatement(limit: Limit) {
  return sql`
      with hit as (
        insert into rate_limit_counters (key, window_start, count)
        values (${limit.key}, ${windowStart(limit.windowSeconds)}, 1)
        on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
        returning count, window_start
      )
      select ${slidingCount(limit, sql`hit.count`, sql`hit.window_start`)} as count from hit`;
}

/**
 * True while every limit's estimate is within its maximum, read from the counters: for a statement later in the same
 * batch as the limits' hits, which hold the current window's row locked until the batch commits, so the condition
 * sees exactly the count the hit answered (`limitsInBatch`'s `refuse` then throws the 429 this condition kept out).
 */
export function withinLimits(limits: Limit[]) {
  if (!limits.length) return sql`true`;
  return sql.join(
    limits.map((limit) => {
      const start = windowStart(limit.windowSeconds);
      const current = sql`coalesce((select count from rate_limit_counters where key = ${limit.key} and window_start = ${start}), 0)`;
      return sql`(${slidingCount(limit, current, start)}) <= ${limit.max}`;
    }),
    sql` and `,
  );
}

function refuseOverLimit(limits: Limit[], answers: { rows: { count: number }[] }[]) {
  const over = limits.find((limit, i) => Number(answers[i].rows[0].count) > limit.max);
  if (over) throw errors.tooManyRequests(over.detail);
}

/**
 * The same hits as statements of a batch (`db.http.batch`, decision 015), so that a request whose first read is a
 * batch anyway pays no round trip of its own for its limits; `refuse` gets the batch's first answers.
 */
export function limitsInBatch(http: HttpDb, limits: Limit[]) {
  return {
    statements: limits.map((limit) => http.execute<{ count: number }>(hitStatement(limit))),
    refuse: (answers: unknown[]) => refuseOverLimit(limits, answers as { rows: { count: number }[] }[]),
  };
}
