import type { SQL } from 'drizzle-orm';
import { createDb, type Executor, type HttpDb } from '../../drizzle/db.ts';
import { afterResponse } from '../lib/after-response.ts';
import { sendDueDeliveries } from './deliveries.ts';
import type { Bindings } from '../env.ts';
import { toNotification } from './notifications.mapper.ts';
import { insertNotifications, notificationInBatch, type NotificationRow } from './notifications.queries.ts';
import type { NotificationServerMessage } from '../../party/protocol/notifications.ts';

export type NewNotification = {
  userId: number;
  /** e.g. 'booking_paid', 'dispute_resolved' */
  kind: string;
  message: string;
  /** where 'подробнее' leads */
  url?: string;
  /** a notification with the same key for the same user is stored once */
  dedupeKey?: string;
  /** more for the client, e.g. the chat's roomId */
  extra?: Record<string, unknown>;
};

/**
 * Stores notifications (inside the caller's transaction when given one). Returns the rows that were new,
 * to be pushed to open tabs with `pushNotifications` after the transaction commits.
 */
const toRow = (n: NewNotification): NotificationRow => ({
  userId: n.userId,
  kind: n.kind,
  message: n.message,
  payload: { ...n.extra, ...(n.url ? { url: n.url } : {}) },
  dedupeKey: n.dedupeKey ?? null,
});

export async function storeNotifications(db: Executor, items: NewNotification[]) {
  if (!items.length) return [];
  return insertNotifications(db, items.map(toRow));
}

/**
 * storeNotifications as two statements of a batch (`db.http.batch`, decision 015), for a write whose outcome the
 * batch only knows in SQL: the insert stores the notification only if `onlyIf` holds when it runs, the select reads
 * back what is stored under its key (so a notification needs a `dedupeKey` here).
 */
export function storeNotificationInBatch(http: HttpDb, item: NewNotification & { dedupeKey: string }, onlyIf: SQL) {
  return notificationInBatch(http, { ...toRow(item), dedupeKey: item.dedupeKey }, onlyIf);
}

export type StoredNotification = Awaited<ReturnType<typeof storeNotifications>>[number];

/**
 * Pushes stored notifications to the users' open tabs through their NotificationHub, then makes the first attempt of
 * their deliveries beyond the bell (Telegram and browser push, decisions 026 and 027; what fails here the minute job retries); never throws.
 */
export async function pushNotifications(env: Bindings, rows: StoredNotification[]) {
  await Promise.all(
    rows.map((n) =>
      pushToUser(env, n.userId, { type: 'notification', notification: toNotification(n) }),
    ),
  );
  // after the answer inside a request: the provider's response time never adds to a booking's or a chat message's
  const ids = rows.map((n) => n.id);
  await afterResponse(() => deliverNow(env, ids));
}

/** The deliveries of just-committed notifications, over the HTTP path (no connection of its own); never throws. */
async function deliverNow(env: Bindings, ids: number[]) {
  // neither the bot nor push configured: no delivery row is ever made, nothing to look for
  if (!ids.length || (!env.TELEGRAM_WEBHOOK_SECRET && !env.VAPID_PRIVATE_KEY)) return;
  const { db, close } = createDb(env);
  try {
    await sendDueDeliveries(env, db, ids);
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'notification delivery failed', ids, error: String(e) }));
  } finally {
    await close();
  }
}

/** Sends one message to every open tab of a user; a failure is logged, never thrown. */
export async function pushToUser(env: Bindings, userId: number, message: NotificationServerMessage) {
  try {
    // one RPC, as publishToRoom (chat-fanout.ts): the hub needs no start-up for a delivery
    await env.NotificationHub.getByName(String(userId)).deliver(message);
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'notification push failed', userId, error: String(e) }));
  }
}

/** Stores and pushes at once, for a change that has already committed. */
export async function notifyNow(env: Bindings, db: Executor, items: NewNotification[]) {
  await pushNotifications(env, await storeNotifications(db, items));
}
