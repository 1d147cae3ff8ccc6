import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import type { Mentee } from './mentees.schemas.ts';
import { isoInstantRaw } from '../lib/iso-instant.ts';

const MAX_WORDS = 8;

/**
 * Everyone who paid for one of the mentor's consultations (paid or finished, also one cancelled after the
 * money came: they were a customer) or holds a confirmed seat at one of their events. last_contact is the
 * latest consultation start or registration date; the chat room is the existing direct one, if any.
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
      select b.mentee_id as user_id, 1 as booking, 0 as registration, s.starts_at as at
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      where b.mentor_id = ${mentorId}
        and (b.status in ('paid', 'finished') or (b.status = 'canceled' and b.paid_at is not null))
      union all
      select r.user_id, 0, 1, r.created_at
      from event_registrations r join events e on e.id = r.event_id
      where e.mentor_id = ${mentorId} and r.status = 'confirmed'
    ),
    per_user as (
      select user_id, sum(booking)::int as bookings_count, sum(registration)::int as registrations_count, max(at) as last_at
      from contacts group by user_id
    )
    select u.id, u.first_name as name, u.last_name as surname, u.avatar_url,
           pu.bookings_count, pu.registrations_count,
           ${isoInstantRaw('pu.last_at')} as last_contact,
           (select cr.id::text from chat_rooms cr
             where cr.direct_key = least(u.id, ${mentorId}::int) || ':' || greatest(u.id, ${mentorId}::int)) as chat_room_id
    from per_user pu join users u on u.id = pu.user_id
    where u.id <> ${mentorId} and ${nameMatch}
    order by pu.last_at desc, u.id desc`);
  return result.rows;
}
