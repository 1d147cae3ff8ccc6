import { lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { loginCodes, rateLimitCounters, refreshSessions } from '../../drizzle/schema/auth.ts';

/**
 * Drops what has stopped mattering, so the security tables stay small: rate-limit windows older than a
 * day, codes a day after they expired, refresh tokens a week after they expired or were revoked
 * (long enough to recognise a replay of a recently rotated token).
 */
export async function cleanupExpired(db: Db) {
  const [windows, codes, sessions] = await Promise.all([
    db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, sql`now() - interval '1 day'`)).returning({ key: rateLimitCounters.key }),
    db.delete(loginCodes).where(lt(loginCodes.expiresAt, sql`now() - interval '1 day'`)).returning({ id: loginCodes.id }),
    db
      .delete(refreshSessions)
      .where(
        or(
          lt(refreshSessions.expiresAt, sql`now() - interval '7 days'`),
          // a revoked token is kept a week too: its replay must still find the family
          sql`${isNotNull(refreshSessions.revokedAt)} and ${refreshSessions.revokedAt} < now() - interval '7 days'`,
        ),
      )
      .returning({ id: refreshSessions.id }),
  ]);
  return { rateLimitWindows: windows.length, loginCodes: codes.length, refreshSessions: sessions.length };
}
