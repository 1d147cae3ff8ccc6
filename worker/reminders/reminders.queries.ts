// Who is due a reminder (reminders.ts): the people of paid consultations, live events and booked vetting interviews
// (the applicant and the admin who hosts) starting within the lead time, less those already reminded (their
// notification's dedupe key).
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { INTERVIEW_TITLE } from '../mentor-applications/interviews.schemas.ts';

export type Recipient = {
  kind: 'booking' | 'event' | 'interview';
  subject_id: number;
  user_id: number;
  email: string | null;
  first_name: string;
  time_zone: string;
  starts_at: Date;
  title: string;
  role: 'mentor' | 'participant';
};

/**
 * Everyone who should hear about a meeting starting in (now, until] and has not been reminded yet under `keyPrefix`
 * ('reminder' an hour before, 'reminder_day' a day before: reminders.ts's keys); at most `limit`.
 */
export async function dueRecipients(db: Db, now: Date, until: Date, limit: number, keyPrefix = 'reminder'): Promise<Recipient[]> {
  const result = await db.execute<Recipient>(sql`
    with due as (
      select 'booking' as kind, b.id as subject_id, s.starts_at, b.type_name as title, p.user_id, p.role
      from consultation_bookings b
      join consultation_slots s on s.id = b.slot_id
      cross join lateral (values (b.mentee_id, 'participant'), (b.mentor_id, 'mentor')) as p(user_id, role)
      where b.status = 'paid' and s.starts_at > ${now.toISOString()}::timestamptz and s.starts_at <= ${until.toISOString()}::timestamptz
      union all
      select 'event', e.id, e.starts_at, e.title, e.mentor_id, 'mentor'
      from events e
      where not e.is_canceled and e.starts_at > ${now.toISOString()}::timestamptz and e.starts_at <= ${until.toISOString()}::timestamptz
      union all
      select 'event', e.id, e.starts_at, e.title, r.user_id, 'participant'
      from events e join event_registrations r on r.event_id = e.id and r.status = 'confirmed'
      where not e.is_canceled and e.starts_at > ${now.toISOString()}::timestamptz and e.starts_at <= ${until.toISOString()}::timestamptz
      union all
      select 'interview', i.id, i.starts_at, ${INTERVIEW_TITLE}, p.user_id, p.role
      from mentor_interviews i
      join mentor_applications a on a.id = i.application_id
      cross join lateral (values (a.user_id, 'participant'), (i.admin_id, 'mentor')) as p(user_id, role)
      where i.status = 'booked' and p.user_id is not null
        and i.starts_at > ${now.toISOString()}::timestamptz and i.starts_at <= ${until.toISOString()}::timestamptz
    )
    select due.kind, due.subject_id, due.user_id, due.starts_at, due.title, due.role, u.email, u.first_name, u.time_zone
    from due join users u on u.id = due.user_id
    where not exists (
      select 1 from notifications n where n.user_id = due.user_id
        and n.dedupe_key in (${keyPrefix} || ':' || due.kind || ':' || due.subject_id || '@' || floor(extract(epoch from due.starts_at))::bigint,
          -- the key before start times were part of it: a meeting reminded just before that change is not reminded twice
          ${keyPrefix} || ':' || due.kind || ':' || due.subject_id))
    order by due.starts_at, due.subject_id, due.user_id
    limit ${limit}`);
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at) }));
}

