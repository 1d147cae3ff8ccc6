import { sql, type SQL } from 'drizzle-orm';
import type { Db, HttpDb } from '../../drizzle/db.ts';
import { errors } from './errors.ts';
import { waitText } from './wait-text.ts';

/**
 * `detail`: the 429's message when this limit is the one refused; as a function it gets the real wait in words
 * («12 мин.»), and a limit without one answers a general message with the wait. Every refusal says how long: the
 * limiter knows its window (issue 35). A fixed string must name the wait itself.
 */
export type Limit = { key: string; max: number; windowSeconds: number; detail?: string | ((wait: string) => string) };

const DEFAULT_DETAIL = (wait: string) => `Слишком много запросов. Попробуйте через ${wait}`;

/**
 * Counts one hit against each limit and refuses with 429 when any is over. The counters live in Postgres, so every
 * isolate and every region share them; one statement per limit, so there is no read-then-write race.
 *
 * A sliding window, estimated from two fixed ones: the hits of the current window plus those of the previous window
 * weighted by how much of it the sliding window still covers. A fixed window alone forgets everything at its edge: a
 * burst that straddles it would get twice the limit through (and a test that straddles it would see its count reset).
 */
export async function enforceLimits(db: Db, limits: Limit[]) {
  for (const limit of limits) refuseOverLimit([limit], [await db.execute<HitAnswer>(hitStatement(limit))]);
}

/** A hit's answer: the sliding estimate, and what it was made of (for the wait). */
type HitAnswer = { count: number; current: number; previous: number; elapsed: number };

/** The start of the fixed window `now()` falls in (one value for a whole transaction: now() is its start). */
const windowStart = (windowSeconds: number) => sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;

/** The previous fixed window's hits. */
const previousCount = ({ key, windowSeconds }: Limit, start: SQL) =>
  sql`coalesce((select previous.count from rate_limit_counters previous
      where previous.key = ${key} and previous.window_start = ${start} - make_interval(secs => ${windowSeconds})), 0)`;

/** The sliding window's estimate: `current` hits of the window starting at `start`, plus the previous window's, weighted. */
function slidingCount(limit: Limit, current: SQL, start: SQL) {
  return sql`${current} + ${previousCount(limit, start)} * (1 - extract(epoch from now() - ${start}) / ${limit.windowSeconds})`;
}

/** One hit against a limit, answering the estimated count in the sliding window and its parts. */
function hitStatement(limit: Limit) {
  return sql`
      with hit as (
        insert into rate_limit_counters (key, window_start, count)
        values (${limit.key}, ${windowStart(limit.windowSeconds)}, 1)
        on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
        returning count, window_start
      )
      select ${slidingCount(limit, sql`hit.count`, sql`hit.window_start`)} as count, hit.count as current,
        ${previousCount(limit, sql`hit.window_start`)} as previous, extract(epoch from now() - hit.window_start) as elapsed
      from hit`;
}

/**
 * Seconds until the estimate is back within `max` if no other hit comes: while this window's own hits are within it,
 * until the previous window's weight has faded enough; otherwise until the next window, plus until this one's weight
 * (then the previous) has faded to `max`.
 */
export function limitWaitSeconds({ max, windowSeconds }: Pick<Limit, 'max' | 'windowSeconds'>, answer: Omit<HitAnswer, 'count'>) {
  const current = Number(answer.current);
  const previous = Number(answer.previous);
  const elapsed = Number(answer.elapsed);
  const wait =
    current <= max && previous > 0
      ? windowSeconds * (1 - (max - current) / previous) - elapsed
      : windowSeconds - elapsed + windowSeconds * (1 - max / current);
  return Math.max(1, Math.ceil(wait));
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

function refuseOverLimit(limits: Limit[], answers: { rows: HitAnswer[] }[]) {
  const i = limits.findIndex((limit, j) => Number(answers[j].rows[0].count) > limit.max);
  if (i < 0) return;
  const over = limits[i];
  const wait = waitText(limitWaitSeconds(over, answers[i].rows[0]));
  throw errors.tooManyRequests(typeof over.detail === 'string' ? over.detail : (over.detail ?? DEFAULT_DETAIL)(wait));
}

/**
 * The same hits as statements of a batch (`db.http.batch`, decision 015), so that a request whose first read is a
 * batch anyway pays no round trip of its own for its limits; `refuse` gets the batch's first answers.
 */
export function limitsInBatch(http: HttpDb, limits: Limit[]) {
  return {
    statements: limits.map((limit) => http.execute<HitAnswer>(hitStatement(limit))),
    refuse: (answers: unknown[]) => refuseOverLimit(limits, answers as { rows: HitAnswer[] }[]),
  };
}
