import type { Db } from '../../drizzle/db.ts';
import { deleteOldBackoffs, deleteOldLoginCodes, deleteOldRateLimitWindows, deleteOldRefreshSessions } from './cleanup.queries.ts';

/**
 * Drops what has stopped mattering, so the security tables stay small: rate-limit windows older than a
 * day, codes a day after they expired, refresh tokens a week after they expired or were revoked
 * (long enough to recognise a replay of a recently rotated token), sign-in back-offs a year after their wait ran
 * out. The statements go at once.
 */
export async function cleanupExpired(db: Db) {
  const [rateLimitWindows, loginCodes, refreshSessions, backoffs] = await Promise.all([
    deleteOldRateLimitWindows(db),
    deleteOldLoginCodes(db),
    deleteOldRefreshSessions(db),
    deleteOldBackoffs(db),
  ]);
  return { rateLimitWindows, loginCodes, refreshSessions, backoffs };
}
