// Rate limits slide over two fixed windows (worker/lib/rate-limit.ts): hits just before a window's edge still count
// just after it, so a burst straddling the edge gets no second allowance.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enforceLimits } from '../../worker/lib/rate-limit.queries.ts';
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

  it('forget a window that ended long ago', async () => {
    const key = `test:${uniqueEmail()}`;
    await t.db.execute(sql`insert into rate_limit_counters (key, window_start, count) values (${key}, now() - interval '3 hours', 3000)`);
    expect(await allowed(key, 3, 3600)).toBe(true);
  });
});
