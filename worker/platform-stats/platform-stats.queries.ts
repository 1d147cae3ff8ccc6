// The landings' counts (issue 36), one statement: the route caches its answer for minutes, so this runs rarely.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import type { PlatformStats } from './platform-stats.schemas.ts';

export async function platformStats(db: Db): Promise<PlatformStats> {
  const result = await db.execute<PlatformStats>(sql`
    select
      (select count(*)::int from users where role = 'mentor') as mentors,
      (select count(*)::int from users where role = 'mentee') as mentees,
      (select count(distinct category)::int from users where role = 'mentor' and category is not null) as categories,
      (select count(*)::int from consultation_bookings b join consultation_slots s on s.id = b.slot_id
        where b.status in ('paid', 'finished') and s.ends_at <= now()) as consultations_held,
      (select count(*)::int from events e
        where not e.is_canceled and e.starts_at + make_interval(mins => e.duration_minutes) <= now()
          and exists (select 1 from event_registrations r where r.event_id = e.id and r.status = 'confirmed')) as events_held`);
  const row = result.rows[0];
  return {
    mentors: Number(row.mentors),
    mentees: Number(row.mentees),
    categories: Number(row.categories),
    consultations_held: Number(row.consultations_held),
    events_held: Number(row.events_held),
  };
}
