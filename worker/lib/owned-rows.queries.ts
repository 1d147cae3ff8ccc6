// Queries shared by the per-user lists (work experience, education, payout cards): every statement is
// scoped by user_id, so another user's id simply finds nothing.
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../drizzle/db.ts';
import { users } from '../../drizzle/schema/users.ts';

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };
type Row<T extends OwnedTable> = T['$inferSelect'];

function owned<T extends OwnedTable>(table: T, userId: number, id: number) {
  return and(eq(table.id, id), eq(table.userId, userId));
}

export async function findOwned<T extends OwnedTable>(db: Db, table: T, userId: number, id: number): Promise<Row<T> | null> {
  const [row] = (await db.select().from(table as PgTable).where(owned(table, userId, id)).limit(1)) as Row<T>[];
  return row ?? null;
}

export async function updateOwned<T extends OwnedTable>(db: Db, table: T, userId: number, id: number, values: Partial<T['$inferInsert']>) {
  const [row] = (await db.update(table).set(values).where(owned(table, userId, id)).returning()) as Row<T>[];
  return row ?? null;
}

/** The deleted row's id, or null when the caller has no such row. */
export async function deleteOwned<T extends OwnedTable>(db: Db, table: T, userId: number, id: number) {
  const [row] = await db.delete(table).where(owned(table, userId, id)).returning({ id: table.id });
  return row ?? null;
}

/**
 * Inserts unless the user already has `cap` rows; null when full. Counting then inserting is a race, so
 * the owner's users row is locked first (FOR NO KEY UPDATE: it still lets foreign keys elsewhere take
 * their KEY SHARE locks) and concurrent inserts for one user count one after another.
 */
export async function insertCapped<T extends OwnedTable>(db: Db, table: T, userId: number, cap: number, values: T['$inferInsert']) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [{ n }] = await tx.select({ n: count() }).from(table as PgTable).where(eq(table.userId, userId));
    if (n >= cap) return null;
    const [row] = (await tx.insert(table).values(values).returning()) as Row<T>[];
    return row;
  });
}
