import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { MENTEE_HISTORY_MAX, type Mentee, type MenteeSession } from './mentees.schemas.ts';
import { isoInstantRaw } from '../lib/iso-instant.ts';

const MAX_WORDS = 8;

/**
 * Everyone who paid for one of the mentor's consultations (paid or finished, also one cancelled after the
 * money came: they were a customer) or holds a confirmed seat at one of their events. last_contact is the
 * latest consultation start or registration date that has come (a date ahead is no «последний контакт»);
 * next_meeting the soonest paid consultation or event of theirs still ahead. The chat room is the existing direct
 * one, if any. The order is by the latest of all those dates, as before (decision 009, «Mentees»).
 */
export async function listMentees(db: Db, mentorId: number, search: string | undefined): Promise<Mentee[]> {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  // ё = е and case-insensitive through the same normal form as the other searches (migration 0005)
  const nameMatch = words.length
    ? sql.join(
        words.map((w) => sql`strpos(forma_search_norm(u.first_name || ' ' || u.last_name), forma_search_norm(${w})) > 0`),
        sql` and `,
      )
    : sql`true`;
  const result = await db.execute<Mentee>(sql`
    with contacts as (
      select b.mentee_id as user_id, 1 as booking, 0 as registration, s.starts_at as at,
             case when b.status = 'paid' and s.starts_at > now() then s.starts_at end as next_at
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      where b.mentor_id = ${mentorId}
        and (b.status in ('paid', 'finished') or (b.status = 'canceled' and b.paid_at is not null))
      union all
      select r.user_id, 0, 1, r.created_at, case when e.starts_at > now() and not e.is_canceled then e.starts_at end
      from event_registrations r join events e on e.id = r.event_id
      where e.mentor_id = ${mentorId} and r.status = 'confirmed'
    ),
    per_user as (
      select user_id, sum(booking)::int as bookings_count, sum(registration)::int as registrations_count, max(at) as latest_at,
             max(at) filter (where at <= now()) as last_at, min(next_at) as next_at
      from contacts group by user_id
    )
    select u.id, u.first_name as name, u.last_name as surname, u.avatar_url,
           pu.bookings_count, pu.registrations_count,
           ${isoInstantRaw('pu.last_at')} as last_contact,
           ${isoInstantRaw('pu.next_at')} as next_meeting,
           (select cr.id::text from chat_rooms cr
             where cr.direct_key = least(u.id, ${mentorId}::int) || ':' || greatest(u.id, ${mentorId}::int)) as chat_room_id,
           -- attendance and late cancellations (decision 021): only of someone who booked this mentor, not of an event's guest
           case when pu.bookings_count > 0 then coalesce((select json_build_object(
               'attendance', json_build_object('attended', rf.mentee_attended, 'due', rf.mentee_due),
               'late_cancellations_90d', json_build_object('canceled', rf.mentee_late_cancellations90d, 'bookings', rf.mentee_bookings90d))
             from reliability_figures rf where rf.user_id = u.id),
             json_build_object('attendance', json_build_object('attended', 0, 'due', 0), 'late_cancellations_90d', json_build_object('canceled', 0, 'bookings', 0)))
           end as reliability
    from per_user pu join users u on u.id = pu.user_id
    where u.id <> ${mentorId} and ${nameMatch}
    order by pu.latest_at desc, u.id desc`);
  return result.rows;
}

/**
 * What a mentee did with this mentor, latest first (the name on /MyMentee opens it): the consultations and events
 * that made them a mentee (the same rows as listMentees counts), each with its state.
 */
export async function menteeHistory(db: Db, mentorId: number, menteeId: number): Promise<MenteeSession[]> {
  const result = await db.execute<MenteeSession>(sql`
    select 'consultation' as kind, b.id, t.name as title, ${isoInstantRaw('s.starts_at')} as starts_at,
           case when b.status = 'canceled' then 'canceled' when b.status = 'finished' or s.ends_at <= now() then 'done' else 'ahead' end as state
    from consultation_bookings b
      join consultation_slots s on s.id = b.slot_id
      join consultation_types t on t.id = b.consultation_type_id
    where b.mentor_id = ${mentorId} and b.mentee_id = ${menteeId}
      and (b.status in ('paid', 'finished') or (b.status = 'canceled' and b.paid_at is not null))
    union all
    select 'event', e.id, e.title, ${isoInstantRaw('e.starts_at')},
           case when e.is_canceled then 'canceled' when e.starts_at + make_interval(mins => e.duration_minutes::int) <= now() then 'done' else 'ahead' end
    from event_registrations r join events e on e.id = r.event_id
    where e.mentor_id = ${mentorId} and r.user_id = ${menteeId} and r.status = 'confirmed'
    order by starts_at desc, id desc
    limit ${MENTEE_HISTORY_MAX}`);
  return result.rows;
}
