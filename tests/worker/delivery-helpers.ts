// A person's notification deliveries (decisions 026, 027) as the channel tests check them, oldest first.
import { eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
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
