// The dev mailbox's table (dev-mailbox.ts): messages stored instead of sent, read back newest first.
import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { devMailbox } from '../../drizzle/schema/outbox.ts';

export async function insertMailboxMessage(db: Executor, values: Omit<typeof devMailbox.$inferInsert, 'id' | 'createdAt'>) {
  await db.insert(devMailbox).values(values);
}

/** The latest messages to `recipient` (as stored), newest first. */
export function latestMailboxRows(db: Db, recipient: string, limit: number) {
  return db.select().from(devMailbox).where(eq(devMailbox.recipient, recipient)).orderBy(desc(devMailbox.id)).limit(limit);
}
