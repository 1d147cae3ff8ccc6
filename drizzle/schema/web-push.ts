// Browser push (decision 027): the push subscriptions a person's browsers gave us, which of them already received a
// delivery (so a retry after a partial failure reaches only the others), and the local fake push service's own record
// (development and test only).
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { notificationDeliveries } from './deliveries.ts';
import { users } from './users.ts';

/**
 * One browser's subscription (RFC 8030 endpoint and RFC 8291 keys). An endpoint belongs to one account: the same browser
 * subscribing for another account moves it there, so a shared browser never shows the previous person's notices.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: varchar({ length: 1000 }).notNull().unique(),
    /** the browser's P-256 public key, base64url of the 65-byte uncompressed point */
    p256dh: varchar({ length: 100 }).notNull(),
    /** the 16-byte authentication secret, base64url */
    auth: varchar({ length: 32 }).notNull(),
    /** «Chrome, Linux»: to tell a person's devices apart in the settings */
    device: varchar({ length: 100 }),
    createdAt: createdAt(),
    lastSuccessAt: ts(),
  },
  (t) => [index().on(t.userId)],
);

/** A delivery that reached this subscription's push service (201): a retry of the delivery skips it. */
export const pushSends = pgTable(
  'push_sends',
  {
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => notificationDeliveries.id, { onDelete: 'cascade' }),
    subscriptionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.subscriptionId] })],
);

/**
 * The fake push service's registrations (development and test): what a browser's push client gets from its vendor's
 * service when it subscribes. `gone` makes the endpoint answer 410 like an expired subscription.
 */
export const devPushEndpoints = pgTable('dev_push_endpoints', {
  token: varchar({ length: 64 }).primaryKey(),
  /** the applicationServerKey the subscription was made with: a push signed with another VAPID key is refused */
  applicationServerKey: varchar({ length: 100 }).notNull(),
  gone: boolean().notNull().default(false),
  /** the next push answers 429 with this Retry-After, once */
  retryAfterOnce: integer(),
  /** every push answers 503, as a push service that is down */
  unavailable: boolean().notNull().default(false),
  createdAt: createdAt(),
});

/** What the fake push service accepted: the encrypted body (base64) and the protocol's headers. */
export const devPushMessages = pgTable(
  'dev_push_messages',
  {
    id: id(),
    token: varchar({ length: 64 }).notNull(),
    body: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index().on(t.token, t.id)],
);
