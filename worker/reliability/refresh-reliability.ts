import type { Db } from '../../drizzle/db.ts';
import { REFRESH_BATCH, REFRESH_MAX_BATCHES, refreshReliability } from './reliability.queries.ts';

/** The minute of each hour the figures are refreshed: apart from the housekeeping (minute 17) so the two never stack. */
export const RELIABILITY_MINUTE = 37;

/**
 * The hourly refresh of the reliability figures (decision 021): stale rows in batches, the oldest first, until none is
 * stale or the run's bound is reached (the next hour goes on from there). The figures lag the events behind them by up
 * to an hour; the lists never compute them.
 */
export async function refreshStaleReliability(db: Db) {
  let refreshed = 0;
  for (let i = 0; i < REFRESH_MAX_BATCHES; i += 1) {
    const n = await refreshReliability(db, { limit: REFRESH_BATCH });
    refreshed += n;
    if (n < REFRESH_BATCH) break;
  }
  return refreshed;
}

/** The scheduler's call each minute: the refresh at RELIABILITY_MINUTE; a failure is logged, never thrown into the other jobs. */
export async function hourlyReliability(db: Db, at: Date) {
  if (at.getUTCMinutes() !== RELIABILITY_MINUTE) return undefined;
  return refreshStaleReliability(db).catch((e: unknown) => {
    console.error(JSON.stringify({ level: 'error', msg: 'reliability refresh failed', error: String(e) }));
    return 'failed' as const;
  });
}
