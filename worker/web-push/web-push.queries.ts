// Browsers' push subscriptions (decision 027) and which of them a delivery has reached.
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { pushSends, pushSubscriptions } from '../../drizzle/schema/web-push.ts';

/** how many browsers one account may have subscribed; a new one beyond that replaces the longest unused */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Keeps this browser's subscription for `userId`: a new endpoint is added, a known one (the same browser, perhaps
 * signed in as someone else before) moves to this account with its fresh keys. Then at most the newest ten are kept.
 */
export async function saveSubscription(db: Executor, userId: number, s: { endpoint: string; p256dh: string; auth: string; device: string | null }) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...s })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: s.p256dh, auth: s.auth, device: s.device, createdAt: sql`now()`, lastSuccessAt: null } });
  await db.execute(sql`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId}
      order by coalesce(last_success_at, created_at) desc, id desc limit ${MAX_SUBSCRIPTIONS_PER_USER})`);
}

/** Forgets the endpoint, only if it is this person's; answers whether it was. */
export async function deleteSubscription(db: Executor, userId: number, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export function countSubscriptions(db: Executor, userId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .then((rows) => rows[0]?.n ?? 0);
}

export async function hasSubscription(db: Executor, userId: number, endpoint: string) {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return rows.length > 0;
}

/** The person's subscriptions this delivery has not reached yet. */
export function unsentSubscriptions(db: Executor, userId: number, deliveryId: number) {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        notExists(db.select({ one: sql`1` }).from(pushSends).where(and(eq(pushSends.deliveryId, deliveryId), eq(pushSends.subscriptionId, pushSubscriptions.id)))),
      ),
    );
}

export async function recordPushSent(db: Executor, deliveryId: number, subscriptionId: number) {
  await db.insert(pushSends).values({ deliveryId, subscriptionId }).onConflictDoNothing();
  await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, subscriptionId));
}

/** How many browsers this delivery has reached so far. */
export function pushSendsOf(db: Executor, deliveryId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSends)
    .where(eq(pushSends.deliveryId, deliveryId))
    .then((rows) => rows[0]?.n ?? 0);
}

/** Subscriptions the push service says are gone (404/410): the browser will not take anything more on them. */
export async function dropSubscriptions(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
