// A person's notification deliveries (decisions 026, 027) as the channel tests check them, oldest first.
import { eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { runMinuteJobs } from '../../worker/maintenance/minute-jobs.ts';
import { sendDueDeliveries } from '../../worker/notifications/deliveries.ts';
import { bindings, testDb } from './helpers.ts';
import { notificationDeliveries } from '../../drizzle/schema/deliveries.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';

export function readDeliveries(db: Db, userId: number) {
  return db
    .select({
      channel: notificationDeliveries.channel,
      status: notificationDeliveries.status,
      attempts: notificationDeliveries.attempts,
      kind: notifications.kind,
      fallbackOf: notificationDeliveries.fallbackOf,
      lastError: notificationDeliveries.lastError,
      nextAttemptAt: notificationDeliveries.nextAttemptAt,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.userId, userId))
    .orderBy(notificationDeliveries.id);
}

/**
 * Every sender of deliveries at once, as repeats in production would run them: three concurrent runs on connections of
 * their own and the minute job, then one more run after them.
 */
export async function runEverySenderAtOnce(db: Db) {
  const handles = [testDb(), testDb(), testDb()];
  try {
    await Promise.all([...handles.map((h) => sendDueDeliveries(bindings, h.db)), runMinuteJobs({ env: bindings, db, origin: '' }, new Date())]);
    await sendDueDeliveries(bindings, db);
  } finally {
    await Promise.all(handles.map(({ close }) => close()));
  }
}
