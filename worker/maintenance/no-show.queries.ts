// The no-show rule in SQL (no-show.ts says what follows from it): the bookings it finds, and the conditional update
// that re-reads it inside the transaction that refunds.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../drizzle/db.ts';
import { MIN_STAY_SECONDS } from '../conferences/attendance.queries.ts';

/** How late the mentor may come: the no-show is judged at start + this. */
export const NO_SHOW_GRACE_MINUTES = 15;
/**
 * Presence counts from start − this: around the start, not whenever the room is open (it opens 30 minutes before), so
 * a mentor who looks in half an hour early and leaves was not there (issue 34).
 */
export const PRESENCE_FROM_MINUTES = 5;
/** A mentor alone in the room for this long within [start, start + 15 min) waited for the mentee, who came late or left. */
export const MENTOR_WAIT_MINUTES = 10;

const windowFrom = sql`s.starts_at - make_interval(mins => ${PRESENCE_FROM_MINUTES})`;
const windowUntil = sql`s.starts_at + make_interval(mins => ${NO_SHOW_GRACE_MINUTES})`;

/**
 * Whether the mentee (of the booking `b`, joined with its slot `s`) had a stay that counts in the consultation's room
 * overlapping [start − 5 min, start + 15 min): one still open, or one of 10 s or more.
 */
export const menteePresent = sql`exists (
    select 1 from conference_attendance a join conferences c on c.id = a.conference_id
    where c.content_type = 'consultationbooking' and c.object_id = b.id and a.user_id = b.mentee_id
      and (a.left_at is null or a.left_at - a.joined_at >= make_interval(secs => ${MIN_STAY_SECONDS}))
      and a.joined_at < ${windowUntil}
      and (a.left_at is null or a.left_at > ${windowFrom}))`;

/**
 * Whether the mentor was there (decision 012): in the room with the mentee for a minute within [start − 5 min,
 * start + 15 min) (forma_consultation_met, migration 0027); or in it for 10 of the 15 minutes after the start, waiting;
 * or in it now, having come before start + 15 min. A look into the room while the mentee is not there is not presence.
 */
export const mentorPresent = sql`(
  forma_consultation_met(b.id, ${windowFrom}, ${windowUntil})
  or forma_multirange_length(forma_consultation_stays(b.id, b.mentor_id, s.starts_at, ${windowUntil})) >= make_interval(mins => ${MENTOR_WAIT_MINUTES})
  or exists (
    select 1 from conference_attendance a join conferences c on c.id = a.conference_id
    where c.content_type = 'consultationbooking' and c.object_id = b.id and a.user_id = b.mentor_id
      and a.left_at is null and a.joined_at < ${windowUntil}))`;

/**
 * Whether the mentee waited for a room the mentor never opened: they were still asking for it at the start or
 * later, and had begun before start + 15 min (decision 012).
 */
export const menteeWaited = sql`exists (
    select 1 from conference_waits w
    where w.content_type = 'consultationbooking' and w.object_id = b.id and w.user_id = b.mentee_id
      and w.last_seen_at >= s.starts_at
      and w.first_seen_at < ${windowUntil})`;

/** The rule over `consultation_bookings b` joined with `consultation_slots s`, read on the database clock. */
const mentorNoShow = sql`b.status = 'paid'
  and s.starts_at + make_interval(mins => ${NO_SHOW_GRACE_MINUTES}) <= now()
  -- paid: its own payment held, or a credit of a package (decision 006, «Packages»)
  and (exists (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded') or b.package_id is not null)
  and not exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open')
  and (${menteePresent} or ${menteeWaited})
  and not ${mentorPresent}`;

type Cancelled = { id: number; mentee_id: number; mentor_id: number; created_at: string | Date; starts_at: string | Date; name: string; package_id: number | null };

/** Paid consultations whose mentor did not come while the mentee did, earliest first. */
export async function noShowBookingIds(db: Db, limit: number) {
  const due = await db.execute<{ id: number }>(sql`
    select b.id from consultation_bookings b join consultation_slots s on s.id = b.slot_id
    where ${mentorNoShow}
    order by s.starts_at
    limit ${limit}`);
  return due.rows.map((r) => Number(r.id));
}

/** Cancels the booking as the mentor's cancellation if the rule still holds; the booking with its start and type's name, or undefined. */
export async function cancelNoShowBooking(tx: Tx, bookingId: number): Promise<Cancelled | undefined> {
  const result = await tx.execute<Cancelled>(sql`
    update consultation_bookings b
       set status = 'canceled', canceled_at = now(), canceled_by = b.mentor_id, hold_expires_at = null
      from consultation_slots s, consultation_types t
     where b.id = ${bookingId} and s.id = b.slot_id and t.id = b.consultation_type_id and ${mentorNoShow}
    returning b.id, b.mentee_id, b.mentor_id, b.created_at, s.starts_at, b.type_name as name, b.package_id`);
  return result.rows[0];
}
