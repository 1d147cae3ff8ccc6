import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A person's private calendar feed address (/api/calendars/feed/{token}.ics). Only the token's SHA-256 is
 * stored, so the address is shown once when made; making a new one («Сбросить ссылку») replaces the row and
 * the old address stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: createdAt(),
});
