import { integer, timestamp } from 'drizzle-orm/pg-core';

// Shared column builders. Every table uses snake_case names (drizzle `casing: 'snake_case'`).
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const ts = () => timestamp({ withTimezone: true });
