// Notifications beyond the bell (decision 026): each person's switches per channel and topic, and each stored
// notification's delivery per channel, made in the transaction that stores the notification (a trigger) and sent after.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/** A switch the person turned; no row means the channel's default for that topic (all on). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: varchar({ length: 16 }).notNull(),
    topic: varchar({ length: 32 }).notNull(),
    enabled: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel, t.topic] }),
    check('notification_settings_channel', sql`${t.channel} in ('telegram', 'email', 'push')`),
  ],
);

/**
 * One notification through one channel: at most one row per (notification, channel), claimed by a conditional update
 * before it is sent, so a repeated scheduler or webhook never sends it twice. `fallback_of` marks an e-mail made
 * because the Telegram delivery gave up.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    notificationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: varchar({ length: 16 }).notNull(),
    /** pending → sending (claimed, with a lease in next_attempt_at) → sent | failed | gave_up (fell back to e-mail) */
    status: varchar({ length: 16 }).notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    lastError: text(),
    sentAt: ts(),
    providerMessageId: varchar({ length: 64 }),
    fallbackOf: varchar({ length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_uq').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    check('notification_deliveries_channel', sql`${t.channel} in ('telegram', 'email', 'push')`),
    check('notification_deliveries_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'gave_up')`),
  ],
);
