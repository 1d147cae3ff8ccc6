// Rate limits slide over two fixed windows (worker/lib/rate-limit.ts): hits just before a window's edge still count
// just after it, so a burst straddling the edge gets no second allowance. Back-offs double a wait with every try
// (worker/lib/rate-limit-backoff.queries.ts), so a patient guesser's tries grow with the logarithm of their patience.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enforceLimits, limitWaitSeconds } from '../../worker/lib/rate-limit.queries.ts';
import { backoffWaitSeconds, claimTry, clearBackoff } from '../../worker/lib/rate-limit-backoff.queries.ts';
import { TRY_BACKOFF } from '../../worker/auth/sign-in-channel.ts';
import { uniqueEmail } from '../factories.ts';
import { useTestDb } from './helpers.ts';

const t = useTestDb();

/** Whether one more hit on `key` is let through. */
async function allowed(key: string, max: number, windowSeconds: number) {
  try {
    await enforceLimits(t.db, [{ key, max, windowSeconds }]);
    return true;
  } catch (e) {
    expect(e).toMatchObject({ status: 429 });
    return false;
  }
}

/** Stores `count` hits in the window before the current one. */
async function previousWindow(key: string, windowSeconds: number, count: number) {
  await t.db.execute(sql`
    insert into rate_limit_counters (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds} - ${windowSeconds}), ${count})`);
}

describe('rate limits', () => {
  it('let max hits through in a window and refuse the next', async () => {
    const key = `test:${uniqueEmail()}`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await allowed(key, 3, 3600));
    expect(answers).toEqual([true, true, true, false]);
  });

  it('still count the previous window’s hits after its edge', async () => {
    const key = `test:${uniqueEmail()}`;
    // far over the limit just before the edge: whatever part of the window has passed, its weight keeps the caller out
    await previousWindow(key, 3600, 3000);
    expect(await allowed(key, 3, 3600)).toBe(false);
  });

  it('say how long to wait, from the window (issue 35)', async () => {
    const key = `test:${uniqueEmail()}`;
    for (let i = 0; i < 3; i++) await enforceLimits(t.db, [{ key, max: 3, windowSeconds: 60 }]);
    const refusal = await enforceLimits(t.db, [{ key, max: 3, windowSeconds: 60 }]).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 429, message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ (сек|мин)\.$/) });
    // a limit's own message gets the wait too
    const own = await enforceLimits(t.db, [{ key, max: 3, windowSeconds: 60, detail: (wait) => `Подождите ${wait}` }]).catch((e: unknown) => e);
    expect(own).toMatchObject({ message: expect.stringMatching(/^Подождите \d+ (сек|мин)\.$/) });
  });

  it('wait until the sliding estimate is back within the limit', () => {
    // over in this window alone: its end, then until its weight (4 × (1 − s/3600)) is down to 3, a quarter more
    expect(limitWaitSeconds({ max: 3, windowSeconds: 3600 }, { current: 4, previous: 0, elapsed: 0 })).toBe(4500);
    // within it here, over with the previous window's 10: until those weigh 1 (2 + 10 × 0.1 = 3)
    expect(limitWaitSeconds({ max: 3, windowSeconds: 3600 }, { current: 2, previous: 10, elapsed: 1800 })).toBe(1440);
    // never «0 сек.»
    expect(limitWaitSeconds({ max: 3, windowSeconds: 60 }, { current: 3, previous: 1, elapsed: 59.99 })).toBe(1);
  });

  it('forget a window that ended long ago', async () => {
    const key = `test:${uniqueEmail()}`;
    await t.db.execute(sql`insert into rate_limit_counters (key, window_start, count) values (${key}, now() - interval '3 hours', 3000)`);
    expect(await allowed(key, 3, 3600)).toBe(true);
  });
});

describe('exponential back-off', () => {
  /** Tries a patient guesser gets through within each horizon, waiting out every refusal (the clock moved by hand). */
  async function triesWithin(horizons: number[]) {
    const key = `test:backoff:${uniqueEmail()}`;
    const backoff = { key, ...TRY_BACKOFF };
    const counts: number[] = [];
    let elapsed = 0;
    let tries = 0;
    for (const horizon of horizons) {
      for (;;) {
        const claimed = await claimTry(t.db, backoff);
        if (claimed.allowed) {
          tries++;
          continue;
        }
        expect(claimed.waitSeconds).toBe(backoffWaitSeconds(TRY_BACKOFF, tries));
        if (elapsed + claimed.waitSeconds > horizon) break;
        elapsed += claimed.waitSeconds;
        await t.db.execute(sql`update backoff_counters set next_try_at = now() where key = ${key}`);
      }
      counts.push(tries);
    }
    return counts;
  }

  it('lets a sign-in guesser 15 tries in a day, 20 in a month, 24 in a year (decision 013’s arithmetic)', async () => {
    expect([0, 4, 5, 6, 7].map((n) => backoffWaitSeconds(TRY_BACKOFF, n))).toEqual([0, 0, 60, 120, 240]);
    expect(await triesWithin([86_400, 30 * 86_400, 365 * 86_400])).toEqual([15, 20, 24]);
  });

  it('starts afresh after a success', async () => {
    const backoff = { key: `test:backoff:${uniqueEmail()}`, freeTries: 2, baseSeconds: 60 };
    expect((await claimTry(t.db, backoff)).allowed).toBe(true);
    expect((await claimTry(t.db, backoff)).allowed).toBe(true);
    expect(await claimTry(t.db, backoff)).toEqual({ allowed: false, waitSeconds: 60 });
    await clearBackoff(t.db, backoff.key);
    expect((await claimTry(t.db, backoff)).allowed).toBe(true);
  });

  it('lets no more through a burst than the schedule allows', async () => {
    const backoff = { key: `test:backoff:${uniqueEmail()}`, freeTries: 3, baseSeconds: 60 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => claimTry(t.db, backoff)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
  });
});
