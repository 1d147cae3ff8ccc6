import { sql } from 'drizzle-orm';
import { date, integer, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

// Shared column builders. Every table uses snake_case names (drizzle `casing: 'snake_case'`).
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const ts = () => timestamp({ withTimezone: true });

/** What every review has (of a mentor, of an event): text up to 1000 characters, 1-5 stars, its date. */
export const reviewColumns = () => ({
  text: varchar({ length: 1000 }).notNull(),
  stars: smallint().notNull().default(5),
  reviewDate: date().notNull().default(sql`current_date`),
  createdAt: createdAt(),
});
