import { bigint, boolean, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 64 }).notNull(),
    message: varchar({ length: 1000 }).notNull(),
    /** { url?, roomId?, … } */
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean().notNull().default(false),
    /** e.g. 'reminder:booking:42': a scheduler that runs twice still notifies once */
    dedupeKey: varchar({ length: 128 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);
