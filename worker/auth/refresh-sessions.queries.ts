// The refresh tokens' table (session-cookies.ts decides when to start, rotate and end a session): one row per token,
// tokens of one sign-in share a family.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { refreshSessions } from '../../drizzle/schema/auth.ts';

export type RefreshSession = typeof refreshSessions.$inferSelect;

export async function insertRefreshSession(
  db: Db,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date; persistent: boolean; userAgent: string | null; ip: string | null },
) {
  await db.insert(refreshSessions).values(values);
}

/** Revokes every token of the family not revoked yet. */
export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
}

/** Retires the token in one conditional update if it is live (not rotated, not revoked, not expired); its row, or null. */
export async function retireLiveToken(db: Db, tokenHash: string): Promise<RefreshSession | null> {
  const [current] = await db
    .update(refreshSessions)
    .set({ rotatedAt: sql`now()` })
    .where(
      and(
        eq(refreshSessions.tokenHash, tokenHash),
        isNull(refreshSessions.rotatedAt),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return current ?? null;
}

/**
 * The token's row whatever its state, and whether it was rotated within the last `graceSeconds` and is otherwise
 * still valid (another tab refreshing at the same moment, decision 013); null for a token never issued.
 */
export async function findTokenAfterRotation(db: Db, tokenHash: string, graceSeconds: number) {
  const [known] = await db
    .select({
      row: refreshSessions,
      concurrent: sql<boolean>`${refreshSessions.rotatedAt} > now() - make_interval(secs => ${graceSeconds}) and ${refreshSessions.revokedAt} is null and ${refreshSessions.expiresAt} > now()`,
    })
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, tokenHash));
  return known ?? null;
}

/** The family of a token; null for a token never issued. */
export async function tokenFamily(db: Db, tokenHash: string) {
  const [row] = await db.select({ familyId: refreshSessions.familyId }).from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash));
  return row?.familyId ?? null;
}
