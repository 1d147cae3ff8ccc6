// The fake push service's record (development and test, decision 027): its registrations and what it accepted.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../drizzle/db.ts';
import { devPushEndpoints, devPushMessages } from '../../../drizzle/schema/web-push.ts';

export async function insertFakeEndpoint(db: Executor, token: string, applicationServerKey: string) {
  await db.insert(devPushEndpoints).values({ token, applicationServerKey });
}

export function fakeEndpoint(db: Executor, token: string) {
  return db.select().from(devPushEndpoints).where(eq(devPushEndpoints.token, token)).then((rows) => rows[0] ?? null);
}

export async function setFakeEndpointState(db: Executor, token: string, state: { gone?: boolean; unavailable?: boolean; retryAfterOnce?: number | null }) {
  await db.update(devPushEndpoints).set(state).where(eq(devPushEndpoints.token, token));
}

/** The endpoint's one-off throttle, taken: the Retry-After to answer now, or null. */
export async function takeFakeThrottle(db: Executor, token: string) {
  const result = await db.execute<{ retry_after: number }>(sql`
    with old as (select token, retry_after_once from dev_push_endpoints where token = ${token} and retry_after_once is not null for update)
    update dev_push_endpoints e set retry_after_once = null from old where e.token = old.token
    returning old.retry_after_once as retry_after`);
  return result.rows[0]?.retry_after ?? null;
}

export async function insertFakePush(db: Executor, values: { token: string; body: string; headers: Record<string, string> }) {
  const [row] = await db.insert(devPushMessages).values(values).returning({ id: devPushMessages.id });
  return row.id;
}

export function fakePushes(db: Executor, token: string) {
  return db.select().from(devPushMessages).where(eq(devPushMessages.token, token)).orderBy(asc(devPushMessages.id)).limit(200);
}
