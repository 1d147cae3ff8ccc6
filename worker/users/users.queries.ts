import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { users } from '../../drizzle/schema/users.ts';

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Where to write to these people: their e-mail (null for those registered by phone only) and first name. */
export function mailContacts(db: Db, ids: number[]) {
  return db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(inArray(users.id, ids));
}

/** The user's IANA time zone; undefined for no such user. */
export async function userTimeZone(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone;
}

/**
 * The pending number becomes the account's phone, if it is still `pending` (not replaced by another change
 * meanwhile); null otherwise. A number another account holds fails on the unique index (23505).
 */
export async function confirmPendingPhone(db: Db, userId: number, pending: string) {
  const [updated] = await db
    .update(users)
    .set({ phone: sql`${users.pendingPhone}`, pendingPhone: null })
    .where(and(eq(users.id, userId), eq(users.pendingPhone, pending)))
    .returning();
  return updated ?? null;
}

/** Writes a profile change and answers the row as it is now (unchanged when the patch is empty); null for no such user. */
export async function updateUserProfile(db: Db, userId: number, patch: Partial<typeof users.$inferInsert>) {
  if (!Object.keys(patch).length) return findUserById(db, userId);
  const [row] = await db.update(users).set(patch).where(eq(users.id, userId)).returning();
  return row ?? null;
}
