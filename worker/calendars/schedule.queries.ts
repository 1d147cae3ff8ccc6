// The schedule (spec 002 §2.2, §3, §7): one statement builds the whole answer as JSON, so a person with
// hundreds of sessions costs one round trip and no per-row mapping in the Worker.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { DISPUTE_WINDOW_HOURS } from '../escrow/dispute-window.ts';
import type { Schedule } from './schedule.schemas.ts';
import { isoInstantRaw as iso } from '../lib/iso-instant.ts';

const person = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'mentor_name', ${alias}.first_name, 'mentor_surname', ${alias}.last_name, 'mentor_avatar_url', ${alias}.avatar_url)`);

const conferenceStatus = (contentType: 'events' | 'consultationbooking', idColumn: string) =>
  sql.raw(`(select c.status::text from conferences c where c.content_type = '${contentType}' and c.object_id = ${idColumn})`);

const eventShape = (registrationStatus: string, offerExpiresAt: SQL = sql`null`) => sql`json_build_object(
  'id', e.id, 'title', e.title, 'date', ${iso('e.starts_at')},
  'end_date', ${iso(`e.starts_at + make_interval(mins => e.duration_minutes)`)}, 'duration_minutes', e.duration_minutes,
  'description', e.description, 'image_url', e.image_url, 'price', e.price, 'is_canceled', e.is_canceled,
  'conference_status', ${conferenceStatus('events', 'e.id')}, 'hasDispute', false,
  'mentor', ${person('m')}, 'registration_status', ${sql.raw(registrationStatus)}, 'offer_expires_at', ${offerExpiresAt})`;

/**
 * Everything on the caller's schedule that starts between the two days (both included, in the caller's time
 * zone): events they lead, events they're registered for, consultations they bought and consultations they
 * give. A consultation shows once paid (free ones at once) and stays, cancelled, if it was cancelled after
 * payment; a registration shows while it's confirmed or its payment hold is running.
 */
export async function loadSchedule(db: Executor, userId: number, startDate: string, endDate: string): Promise<Schedule> {
  // a held seat the waiting list offered (decision 023): the card names its deadline instead of «Ожидает оплаты»
  const offerExpiry = sql`(select ${iso('w.offer_expires_at')} from event_waitlist w where w.registration_id = er.id and w.status = 'offered')`;
  const window = DISPUTE_WINDOW_HOURS;
  // the booking's money is still in escrow: its own payment, or (a consultation from a package, decision 006) the
  // package's payment with nothing of this session settled yet
  const sessionHeld = sql.raw(`coalesce(p.status = 'succeeded', b.package_id is not null
    and exists (select 1 from payments pp where pp.package_id = b.package_id and pp.status = 'succeeded')
    and not exists (select 1 from ledger_entries l where l.booking_id = b.id))`);
  const result = await db.execute<{ schedule: Schedule }>(sql`
    with win as (
      select (${startDate}::date::timestamp at time zone u.time_zone) as lo,
             ((${endDate}::date + 1)::timestamp at time zone u.time_zone) as hi,
             u.time_zone as tz
      from users u where u.id = ${userId}
    ),
    bookings as (
      select b.id, b.mentee_id, b.mentor_id, s.starts_at, json_build_object(
        'id', b.id,
        'status', b.status,
        'price', b.price,
        'created_at', ${iso('b.created_at')},
        'cancel_cutoff_hours', b.cancel_cutoff_hours,
        'from_package', b.package_id is not null,
        'slot', json_build_object(
          'id', s.id, 'start_time', ${iso('s.starts_at')}, 'end_time', ${iso('s.ends_at')},
          'duration', (extract(epoch from s.ends_at - s.starts_at) / 60)::int,
          'consultation_type', json_build_object('id', t.id, 'name', b.type_name, 'description', t.description, 'cost', b.price, 'user', ${person('m')})),
        'conference_status', ${conferenceStatus('consultationbooking', 'b.id')},
        'has_dispute', d.id is not null,
        'dispute', case when d.id is not null then json_build_object(
          'status', d.status, 'created_at', ${iso('d.created_at')}, 'resolved_at', ${iso('d.resolved_at')},
          'refund_amount', d.refund_kopecks / 100, 'resolution', d.resolution) end,
        'deal_id', p.provider_deal_id,
        'question', b.questions,
        'booked_by', ${person('me')},
        'has_review', r.id is not null,
        'can_review', b.mentee_id = ${userId} and r.id is null and b.status in ('paid', 'finished') and s.starts_at <= now(),
        'dispute_until', case when ${sessionHeld} then ${iso(`s.ends_at + make_interval(hours => ${window})`)} end,
        'can_dispute', b.mentee_id = ${userId} and d.id is null and ${sessionHeld} and b.status in ('paid', 'finished')
                       and s.starts_at <= now() and now() < s.ends_at + make_interval(hours => ${window})
      ) as item
      from win
      join consultation_slots s on s.starts_at >= win.lo and s.starts_at < win.hi
      join consultation_bookings b on b.slot_id = s.id
      join consultation_types t on t.id = b.consultation_type_id
      join users m on m.id = b.mentor_id
      join users me on me.id = b.mentee_id
      left join payments p on p.booking_id = b.id and p.status <> 'canceled' and p.type_move_id is null
      left join disputes d on d.booking_id = b.id
      left join consultation_reviews r on r.booking_id = b.id
      where (b.mentee_id = ${userId} or b.mentor_id = ${userId})
        and (b.status in ('paid', 'finished') or (b.status = 'canceled' and b.paid_at is not null))
    )
    select json_build_object(
      'mentor_events', coalesce((
        select json_agg(${eventShape('null')} order by e.starts_at, e.id)
        from win join events e on e.mentor_id = ${userId} and e.starts_at >= win.lo and e.starts_at < win.hi
        join users m on m.id = e.mentor_id), '[]'::json),
      'registered_events', coalesce((
        select json_agg(${eventShape('er.status::text', offerExpiry)} order by e.starts_at, e.id)
        from win join event_registrations er on er.user_id = ${userId}
          and (er.status = 'confirmed' or (er.status = 'pending_payment' and er.hold_expires_at > now()))
        join events e on e.id = er.event_id and e.starts_at >= win.lo and e.starts_at < win.hi
        join users m on m.id = e.mentor_id), '[]'::json),
      'booked_by_user', coalesce((select json_agg(item order by starts_at, id) from bookings where mentee_id = ${userId}), '[]'::json),
      'booked_for_mentor', coalesce((select json_agg(item order by starts_at, id) from bookings where mentor_id = ${userId}), '[]'::json),
      'time_zone', (select tz from win),
      'now', ${iso('now()')},
      -- the same sessions as above, in no window: where the history ends
      'earliest_date', (select to_char(min(first) at time zone (select tz from win), 'YYYY-MM-DD') from (
        select min(e.starts_at) as first from events e where e.mentor_id = ${userId}
        union all
        select min(e.starts_at) from event_registrations er join events e on e.id = er.event_id
        where er.user_id = ${userId} and er.status = 'confirmed'
        union all
        select min(s.starts_at) from consultation_bookings b join consultation_slots s on s.id = b.slot_id
        where (b.mentee_id = ${userId} or b.mentor_id = ${userId})
          and (b.status in ('paid', 'finished') or (b.status = 'canceled' and b.paid_at is not null))
      ) firsts)
    ) as schedule`);
  return result.rows[0].schedule;
}
