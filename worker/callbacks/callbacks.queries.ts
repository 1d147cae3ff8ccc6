// Call-back requests from the landings' footer and the admins' inbox of them (worker/callbacks/callbacks.routes.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';

export type CallbackRow = { id: number; name: string; phone: string; created_at: string; done_at: string | null; done_by_name: string | null };

export async function insertCallbackRequest(db: Db, request: { name: string; phone: string }) {
  const result = await db.execute<{ id: number }>(sql`
    insert into callback_requests (name, phone) values (${request.name}, ${request.phone}) returning id`);
  return result.rows[0].id;
}

/** A page of the inbox: waiting requests oldest first (the first to call back), done ones latest done first. */
export async function listCallbackRequests(db: Db, { status, offset, limit }: { status: 'waiting' | 'done'; offset: number; limit: number }) {
  const order = status === 'waiting' ? sql`r.created_at, r.id` : sql`r.done_at desc, r.id desc`;
  const result = await db.execute<CallbackRow>(sql`
    select r.id, r.name, r.phone, r.created_at, r.done_at,
      nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as done_by_name
    from callback_requests r left join users u on u.id = r.done_by
    where ${status === 'waiting' ? sql`r.done_at is null` : sql`r.done_at is not null`}
    order by ${order}
    limit ${limit + 1} offset ${offset}`);
  return { rows: result.rows.slice(0, limit), hasMore: result.rows.length > limit };
}

/** How many requests wait for a call: the admin menu's badge and the inbox's heading. */
export async function countWaitingCallbacks(db: Db) {
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from callback_requests where done_at is null`);
  return Number(result.rows[0].count);
}

/**
 * Marks a request done (or waiting again, when `done` is false). One conditional statement: two admins marking the
 * same request keep the first one's time and name. Null when there is no such request.
 */
export async function markCallbackRequest(db: Db, id: number, adminId: number, done: boolean) {
  const result = await db.execute<CallbackRow>(sql`
    with changed as (
      update callback_requests set
        done_at = case when ${done} then coalesce(done_at, now()) else null end,
        done_by = case when ${done} then coalesce(done_by, ${adminId}) else null end
      where id = ${id}
      returning *)
    select c.id, c.name, c.phone, c.created_at, c.done_at,
      nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as done_by_name
    from changed c left join users u on u.id = c.done_by`);
  return result.rows[0] ?? null;
}

export type WaitlistSignupRow = { id: number; email: string; source: string; created_at: string };

/** Stores a sign-up; the same address on the same page again is the one sign-up it already was (the unique index). */
export async function insertWaitlistSignup(db: Db, signup: { email: string; source: string }) {
  await db.execute(sql`
    insert into waitlist_signups (email, source) values (${signup.email}, ${signup.source})
    on conflict (lower(email), source) do nothing`);
}

/** A page of the admins' list, newest first. */
export async function listWaitlistSignups(db: Db, { offset, limit }: { offset: number; limit: number }) {
  const result = await db.execute<WaitlistSignupRow>(sql`
    select id, email, source, created_at from waitlist_signups order by created_at desc, id desc
    limit ${limit + 1} offset ${offset}`);
  return { rows: result.rows.slice(0, limit), hasMore: result.rows.length > limit };
}

/** How many sign-ups there are: the list's heading. */
export async function countWaitlistSignups(db: Db) {
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from waitlist_signups`);
  return Number(result.rows[0].count);
}
