import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, HttpDb } from '../../drizzle/db.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';

/** One page of the caller's notifications, newest first, with the total and the unread count. */
export async function listNotifications(db: Db, userId: number, page: number, pageSize: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where not ${notifications.isRead})`.mapWith(Number) })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, total: totals.total, unread: totals.unread };
}

/** Marks one of the caller's notifications read; null when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row ?? null;
}

export async function markAllRead(db: Db, userId: number) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export type NotificationRow = { userId: number; kind: string; message: string; payload: Record<string, unknown>; dedupeKey: string | null };

/** Stores the rows (inside the caller's transaction when given one); those that were new, a duplicate `dedupe_key` skipped. */
export function insertNotifications(db: Executor, rows: NotificationRow[]) {
  return db.insert(notifications).values(rows).onConflictDoNothing().returning();
}

/**
 * The row as two statements of a batch (`db.http.batch`, decision 015): the insert stores it only if `onlyIf` holds
 * when it runs, the select reads back what is stored under its key.
 */
export function notificationInBatch(http: HttpDb, row: NotificationRow & { dedupeKey: string }, onlyIf: SQL) {
  return [
    http.execute(sql`
      insert into notifications (user_id, kind, message, payload, dedupe_key)
      select ${row.userId}, ${row.kind}, ${row.message}, ${JSON.stringify(row.payload)}::jsonb, ${row.dedupeKey}
      where ${onlyIf}
      on conflict do nothing`),
    http.select().from(notifications).where(and(eq(notifications.userId, row.userId), eq(notifications.dedupeKey, row.dedupeKey))),
  ] as const;
}
