import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';

/**
 * An exponential back-off: the first `freeTries` tries pass at once, then the try after the n-th (n ≥ freeTries)
 * waits `baseSeconds · 2^(n − freeTries)` after it. A window's count lets a patient guesser through at a steady rate
 * for ever; a back-off lets them through a number of times that grows with the logarithm of their patience
 * (decision 013, «Sign-in that strangers can neither block nor guess»).
 */
export type Backoff = { key: string; freeTries: number; baseSeconds: number };

/** Doublings stop here (baseSeconds · 2^24 is decades for any base we use), so the interval never overflows. */
const MAX_DOUBLINGS = 24;

/** The wait before the next try once `failures` tries were charged. */
export function backoffWaitSeconds({ freeTries, baseSeconds }: Omit<Backoff, 'key'>, failures: number) {
  return failures < freeTries ? 0 : baseSeconds * 2 ** Math.min(failures - freeTries, MAX_DOUBLINGS);
}

function waitSql({ freeTries, baseSeconds }: Backoff, failures: SQL) {
  return sql`make_interval(secs => case when ${failures} < ${freeTries}::int then 0
    else ${baseSeconds}::float8 * power(2, least(${failures} - ${freeTries}::int, ${MAX_DOUBLINGS}::int)) end)`;
}

/**
 * Takes one try, charged as a failure until `clearBackoff` says it succeeded, in one statement: the row lock of the
 * upsert orders concurrent tries, and each sees the wait the one before it set, so a burst gets no more than the
 * schedule allows. Answers `{ allowed: true }` or the seconds left to wait.
 */
export async function claimTry(db: Db, backoff: Backoff): Promise<{ allowed: true } | { allowed: false; waitSeconds: number }> {
  const { rows } = await db.execute<{ failures: number | null; wait: number | null }>(sql`
    with claimed as (
      insert into backoff_counters as b (key, failures, next_try_at)
      values (${backoff.key}, 1, now() + ${waitSql(backoff, sql`1`)})
      on conflict (key) do update set failures = b.failures + 1, next_try_at = now() + ${waitSql(backoff, sql`b.failures + 1`)}
        where b.next_try_at <= now()
      returning failures
    )
    select (select failures from claimed) as failures,
      (select extract(epoch from next_try_at - now()) from backoff_counters where key = ${backoff.key}) as wait`);
  if (rows[0].failures !== null) return { allowed: true };
  // the snapshot may predate a concurrent try's new wait: at least a second, never "try again in 0 seconds"
  return { allowed: false, waitSeconds: Math.max(1, Math.ceil(Number(rows[0].wait ?? 1))) };
}

/** A success: the next try starts the schedule afresh. */
export async function clearBackoff(db: Db, key: string) {
  await db.execute(sql`delete from backoff_counters where key = ${key}`);
}
