// Deliveries of notifications through Telegram, browser push and e-mail (decisions 026, 027): claimed by one conditional statement before
// a send (a second run, a repeated webhook or a concurrent job finds nothing to claim), then finished by statements
// that hold only while the claim is still theirs (its attempt number).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { notificationDeliveries, notificationSettings } from '../../drizzle/schema/deliveries.ts';

export type ClaimedDelivery = {
  id: number;
  notification_id: number;
  channel: 'telegram' | 'email' | 'push';
  attempts: number;
  fallback_of: string | null;
  user_id: number;
  kind: string;
  message: string;
  payload: Record<string, unknown>;
  chat_id: number | null;
  email: string | null;
};

/** How long a claim holds before another run may take the delivery again (a sender that died mid-way). */
export const CLAIM_LEASE_SECONDS = 300;

/**
 * Claims up to `limit` deliveries due now (those of `notificationIds` only, when given): pending ones, and claimed ones
 * whose lease ran out. Locked rows are skipped, and a claimed row's next attempt moves past the lease, so two runs
 * never claim one delivery.
 */
export async function claimDueDeliveries(db: Db, limit: number, notificationIds?: number[]): Promise<ClaimedDelivery[]> {
  const only = notificationIds ? sql`and notification_id = any(${`{${notificationIds.join(',')}}`}::bigint[])` : sql``;
  const result = await db.execute<ClaimedDelivery>(sql`
    with due as (
      select id from notification_deliveries
      where status in ('pending', 'sending') and next_attempt_at <= now() ${only}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update notification_deliveries d
      set status = 'sending', attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
      from due where d.id = due.id
      returning d.id, d.notification_id, d.channel, d.attempts, d.fallback_of
    )
    select claimed.*, n.user_id, n.kind, n.message, n.payload, l.chat_id, u.email
    from claimed
    join notifications n on n.id = claimed.notification_id
    join users u on u.id = n.user_id
    left join telegram_links l on l.user_id = n.user_id`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), notification_id: Number(r.notification_id), chat_id: r.chat_id == null ? null : Number(r.chat_id) }));
}

const stillClaimed = (d: Pick<ClaimedDelivery, 'id' | 'attempts'>) =>
  and(eq(notificationDeliveries.id, d.id), eq(notificationDeliveries.status, 'sending'), eq(notificationDeliveries.attempts, d.attempts));

export async function markDeliverySent(db: Executor, d: ClaimedDelivery, providerMessageId: string | null) {
  await db.update(notificationDeliveries).set({ status: 'sent', sentAt: sql`now()`, providerMessageId, lastError: null }).where(stillClaimed(d));
}

/** Back to pending in `delaySeconds`; a throttled attempt (429) does not count against the attempts. */
export async function retryDeliveryLater(db: Executor, d: ClaimedDelivery, delaySeconds: number, error: string, counts: boolean) {
  await db
    .update(notificationDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      lastError: error.slice(0, 1000),
      ...(counts ? {} : { attempts: sql`${notificationDeliveries.attempts} - 1` }),
    })
    .where(stillClaimed(d));
}

export async function markDeliveryFailed(db: Executor, d: ClaimedDelivery, error: string) {
  await db.update(notificationDeliveries).set({ status: 'failed', lastError: error.slice(0, 1000) }).where(stillClaimed(d));
}

/**
 * The delivery gives up and the notification falls back to e-mail, in one batch: once (the unique key per channel), and
 * only for a person with an e-mail who has not turned the topic off for e-mail, and whom no other channel has reached. Answers whether an e-mail is due.
 */
export async function giveUpToEmail(db: Db, d: ClaimedDelivery, error: string) {
  const { http } = db;
  const [, fallback] = await http.batch([
    http.update(notificationDeliveries).set({ status: 'gave_up', lastError: error.slice(0, 1000) }).where(stillClaimed(d)),
    http.execute(sql`
      insert into notification_deliveries (notification_id, channel, fallback_of)
      select n.id, 'email', ${d.channel}
      from notifications n join users u on u.id = n.user_id
      where n.id = ${d.notification_id} and u.email is not null
        and exists (select 1 from notification_deliveries g where g.id = ${d.id} and g.status = 'gave_up')
        and not exists (select 1 from notification_deliveries o where o.notification_id = n.id and o.status = 'sent')
        and coalesce((select s.enabled from notification_settings s
          where s.user_id = n.user_id and s.channel = 'email' and s.topic = forma_notification_topic(n.kind)), true)
      on conflict do nothing
      returning id`),
  ]);
  return fallback.rows.length > 0;
}

export function userSettings(db: Executor, userId: number) {
  return db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
}

export async function saveSettings(db: Executor, rows: (typeof notificationSettings.$inferInsert)[]) {
  if (!rows.length) return;
  await db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.channel, notificationSettings.topic], set: { enabled: sql`excluded.enabled` } });
}
