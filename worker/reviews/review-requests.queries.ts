// Which consultations' buyers are asked for a rating (review-requests.ts): paid (or finished) consultations that ended
// within the catch-up window, not rated, not disputed, whose buyer has not been asked yet (the notification's key).
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';

export type ReviewRequestDue = {
  booking_id: number;
  user_id: number;
  title: string;
  starts_at: Date;
  time_zone: string;
  mentor_first_name: string | null;
  mentor_last_name: string | null;
};

/** Consultations that ended in (since, now], oldest first, at most `limit`; `keyPrefix` + booking id is the request's key. */
export async function dueReviewRequests(db: Db, since: Date, now: Date, keyPrefix: string, limit: number): Promise<ReviewRequestDue[]> {
  const result = await db.execute<ReviewRequestDue>(sql`
    select b.id as booking_id, b.mentee_id as user_id, b.type_name as title, s.starts_at, u.time_zone,
      m.first_name as mentor_first_name, m.last_name as mentor_last_name
    from consultation_slots s
    join consultation_bookings b on b.slot_id = s.id and b.status in ('paid', 'finished')
    join users u on u.id = b.mentee_id
    join users m on m.id = b.mentor_id
    where s.ends_at > ${since.toISOString()}::timestamptz and s.ends_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from consultation_reviews r where r.booking_id = b.id)
      -- a buyer who complained is not asked how it went
      and not exists (select 1 from disputes d where d.booking_id = b.id)
      and not exists (select 1 from notifications n where n.user_id = b.mentee_id and n.dedupe_key = ${keyPrefix} || b.id)
    order by s.ends_at, b.id
    limit ${limit}`);
  return result.rows.map((r) => ({ ...r, booking_id: Number(r.booking_id), user_id: Number(r.user_id), starts_at: new Date(r.starts_at) }));
}
