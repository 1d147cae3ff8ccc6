// SQL of consultation packages (decision 006, «Packages»): the purchase priced from the type's own offer, the caller's
// packages with what their credits are doing, and the package the booking dialog offers to spend.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';

/** A package as the API shapes it (packages.mapper.ts), with its mentor, type and what its credits are doing. */
export type PackageViewRow = {
  id: number;
  status: 'pending_payment' | 'active' | 'used_up' | 'expired' | 'refunded';
  sessions: number;
  percent: number;
  valid_days: number;
  price_per_session: number;
  regular_price: number;
  credits_left: number;
  credits_refunded: number;
  /** booked and not yet held or cancelled: paid bookings from it */
  reserved: number;
  expires_at: string | null;
  paid_at: string | null;
  type_id: number;
  type_name: string;
  duration_minutes: number;
  mentor_id: number;
  mentor_name: string | null;
  mentor_surname: string | null;
  mentor_avatar_url: string | null;
};

const packageView = sql`
  select p.id, p.status, p.sessions, p.percent, p.valid_days, p.price_per_session, p.regular_price, p.credits_left, p.credits_refunded,
         (select count(*)::int from consultation_bookings b where b.package_id = p.id and b.status = 'paid') as reserved,
         to_json(p.expires_at)#>>'{}' as expires_at, to_json(p.paid_at)#>>'{}' as paid_at,
         t.id as type_id, p.type_name, t.duration_minutes,
         u.id as mentor_id, u.first_name as mentor_name, u.last_name as mentor_surname, u.avatar_url as mentor_avatar_url
  from consultation_packages p join consultation_types t on t.id = p.consultation_type_id join users u on u.id = p.mentor_id`;

/** The caller's packages, newest first. */
export async function listPackagesOf(db: Db, menteeId: number, limit = 100) {
  const result = await db.execute<PackageViewRow>(sql`${packageView} where p.mentee_id = ${menteeId} order by p.created_at desc, p.id desc limit ${limit}`);
  return result.rows;
}

/** One of the caller's packages; null for a missing one or someone else's (404 alike). */
export async function findPackageOf(db: Executor, packageId: number, menteeId: number) {
  const result = await db.execute<PackageViewRow>(sql`${packageView} where p.id = ${packageId} and p.mentee_id = ${menteeId}`);
  return result.rows[0] ?? null;
}

/** What a purchase finds: the type (current), its mentor, and the offer of that size if the type has one. */
export async function offerFor(db: Db, typeId: number, sessions: number) {
  const result = await db.execute<{ mentor_id: number; offered: boolean }>(sql`
    select t.mentor_id, exists (select 1 from jsonb_array_elements(t.packages) o where (o ->> 'sessions')::int = ${sessions}) as offered
    from consultation_types t where t.id = ${typeId} and t.archived_at is null`);
  return result.rows[0] ?? null;
}

/**
 * A package waiting for its payment, priced from the type's offer of `sessions` as it stands (the CHECK
 * consultation_packages_terms holds the price to the rule). A purchase of the same offer still unpaid is given back
 * instead of a second one, so a dialog opened twice does not pile up packages. Its id, or null when the offer is gone.
 */
export async function insertPendingPackage(db: Db, menteeId: number, typeId: number, sessions: number): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    with unpaid as (
      select p.id from consultation_packages p join consultation_types t on t.id = p.consultation_type_id
      where p.mentee_id = ${menteeId} and p.consultation_type_id = ${typeId} and p.sessions = ${sessions}
        and p.status = 'pending_payment' and p.regular_price = t.costs
        and exists (select 1 from jsonb_array_elements(t.packages) o
                    where (o ->> 'sessions')::int = p.sessions and (o ->> 'percent')::int = p.percent and (o ->> 'valid_days')::int = p.valid_days)
      order by p.id desc limit 1
    ), inserted as (
      insert into consultation_packages (mentee_id, mentor_id, consultation_type_id, type_name, sessions, percent, valid_days,
                                         regular_price, price_per_session, credits_left)
      select ${menteeId}, t.mentor_id, t.id, t.name, (o ->> 'sessions')::int, (o ->> 'percent')::int, (o ->> 'valid_days')::int,
             t.costs, round(t.costs * (100 - (o ->> 'percent')::int) / 100.0), (o ->> 'sessions')::int
      from consultation_types t cross join lateral jsonb_array_elements(t.packages) o
      where t.id = ${typeId} and t.archived_at is null and t.costs > 0 and t.mentor_id <> ${menteeId}
        and (o ->> 'sessions')::int = ${sessions} and not exists (select 1 from unpaid)
      limit 1
      returning id
    )
    select id from unpaid union all select id from inserted`);
  const row = result.rows[0];
  return row ? Number(row.id) : null;
}

/** The caller's package of the type that a booking would spend: active, credits left, not expired, soonest to expire first. */
export async function activePackageFor(db: Db, typeId: number, menteeId: number) {
  const result = await db.execute<{ id: number; left: number; sessions: number; expires_at: string }>(sql`
    select p.id, p.credits_left as left, p.sessions, to_json(p.expires_at)#>>'{}' as expires_at
    from consultation_packages p
    where p.consultation_type_id = ${typeId} and p.mentee_id = ${menteeId} and p.status = 'active' and p.credits_left > 0 and p.expires_at > now()
    order by p.expires_at, p.id limit 1`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), left: Number(row.left), sessions: Number(row.sessions), expires_at: new Date(row.expires_at).toISOString() } : null;
}

/** Open packages whose time is up, oldest first (the scheduler refunds their unused credits). */
export async function duePackageIds(db: Db, limit: number) {
  const result = await db.execute<{ id: number }>(sql`
    select id from consultation_packages where status in ('active', 'used_up') and expires_at <= now() order by expires_at limit ${limit}`);
  return result.rows.map((r) => Number(r.id));
}
