// The reliability figures in SQL (decision 021): each computed from the bookings, the meeting rooms' attendance and the
// chats, with the number it is computed from, into one row per person (reliability_figures), so a list reads a joined
// row instead of aggregating history per card. Presence is the no-show rule's own (decision 012), so the figure a
// mentor sees and the money that moved never disagree.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { menteePresent, menteeWaited, mentorPresent, NO_SHOW_GRACE_MINUTES } from '../maintenance/no-show.queries.ts';

/** The window of the cancellation figures. */
export const RELIABILITY_WINDOW_DAYS = 90;
/** A mentee's cancellation this close to the start is late: the mentor can hardly give the time to someone else. */
export const LATE_CANCEL_HOURS = 24;
/** Chats whose first message is older than this are not counted: a reply habit of last year says little. */
export const CHAT_WINDOW_DAYS = 180;
/** An unanswered chat counts as unanswered only once it has waited this long; a younger one is not judged yet. */
export const REPLY_WAIT_HOURS = 48;
/** A row younger than this is left alone by the hourly job. */
export const STALE_MINUTES = 50;
/** People per statement, and statements per run: the job is bounded however many people there are. */
export const REFRESH_BATCH = 500;
export const REFRESH_MAX_BATCHES = 20;

/**
 * A consultation whose time came (the no-show rule has had its 15 minutes), confirmed, and not cancelled before it: the
 * mentor's no-show (cancelled after the start by the job) stays in, a cancellation in time does not.
 */
const due = sql`b.paid_at is not null and s.starts_at + make_interval(mins => ${NO_SHOW_GRACE_MINUTES}) <= now()
  and (b.status in ('paid', 'finished') or (b.status = 'canceled' and b.canceled_at >= s.starts_at))`;

/** A confirmed booking that fell due or was cancelled within the window, by the instant that counts for it. */
const inWindow = sql`b.paid_at is not null and coalesce(b.canceled_at, s.starts_at) <= now()
  and coalesce(b.canceled_at, s.starts_at) > now() - make_interval(days => ${RELIABILITY_WINDOW_DAYS})`;

/**
 * Recomputes the figures of the given people, or (without ids) of up to `limit` people whose row is older than
 * STALE_MINUTES or missing (mentors, and anyone who has booked), the oldest first. One statement; answers how many rows
 * it wrote.
 */
export async function refreshReliability(db: Db, opts: { ids?: number[]; limit?: number } = {}) {
  const people = opts.ids
    ? sql`select u.id from users u where u.id = any(${`{${opts.ids.map(Number).join(',')}}`}::int[])`
    : sql`select u.id from users u left join reliability_figures rf on rf.user_id = u.id
        where (u.role = 'mentor' or exists (select 1 from consultation_bookings b where b.mentee_id = u.id))
          and (rf.refreshed_at is null or rf.refreshed_at < now() - make_interval(mins => ${STALE_MINUTES}))
        order by rf.refreshed_at nulls first, u.id
        limit ${opts.limit ?? REFRESH_BATCH}`;
  const result = await db.execute(sql`
    with people as (${people})
    insert into reliability_figures as rf (user_id, sessions_held, consultations_due, consultations_attended, bookings90d,
      mentor_cancellations90d, chats_opened, chats_answered, reply_median_seconds, mentee_due, mentee_attended,
      mentee_bookings90d, mentee_late_cancellations90d, refreshed_at)
    select p.id, held.consultations + held.events, md.n, md.attended, mw.n, mw.canceled, ch.opened, ch.answered, ch.median,
      ed.n, ed.attended, ew.n, ew.late, now()
    from people p
    cross join lateral (
      select (select count(*) from consultation_bookings b where b.mentor_id = p.id and b.status = 'finished')::int as consultations,
             (select count(*) from events e where e.mentor_id = p.id and not e.is_canceled
                and e.starts_at + make_interval(mins => e.duration_minutes::int) <= now()
                and exists (select 1 from event_registrations r where r.event_id = e.id and r.status = 'confirmed'))::int as events
    ) held
    cross join lateral (
      select count(*)::int as n, (count(*) filter (where ${mentorPresent}))::int as attended
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      where b.mentor_id = p.id and ${due}
    ) md
    cross join lateral (
      select count(*)::int as n, (count(*) filter (where b.status = 'canceled' and b.canceled_by = b.mentor_id))::int as canceled
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      where b.mentor_id = p.id and ${inWindow}
    ) mw
    cross join lateral (
      select count(*)::int as opened, (count(*) filter (where c.reply_at is not null))::int as answered,
        case when count(*) = 0 then null
             else nullif(percentile_disc(0.5) within group (order by coalesce(extract(epoch from c.reply_at - c.first_at)::float8, 'Infinity'::float8)), 'Infinity'::float8)
        end as median_seconds
      from (
        select f.created_at as first_at,
          (select min(m.created_at) from chat_messages m where m.room_id = cm.room_id and m.sender_id = p.id and m.id > f.id) as reply_at
        from chat_members cm
        join chat_rooms r on r.id = cm.room_id and r.kind = 'direct'
        cross join lateral (select m.id, m.sender_id, m.created_at from chat_messages m where m.room_id = cm.room_id order by m.id limit 1) f
        where cm.user_id = p.id and f.sender_id is distinct from p.id and f.sender_id is not null
          and f.created_at > now() - make_interval(days => ${CHAT_WINDOW_DAYS})
      ) c
      where c.reply_at is not null or c.first_at <= now() - make_interval(hours => ${REPLY_WAIT_HOURS})
    ) chm
    cross join lateral (select chm.opened, chm.answered, round(chm.median_seconds)::int as median) ch
    cross join lateral (
      select count(*)::int as n, (count(*) filter (where ${menteePresent} or ${menteeWaited}))::int as attended
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      where b.mentee_id = p.id and ${due}
    ) ed
    cross join lateral (
      select count(*)::int as n, (count(*) filter (where b.status = 'canceled' and b.canceled_by = b.mentee_id
          and b.canceled_at > s.starts_at - make_interval(hours => ${LATE_CANCEL_HOURS})))::int as late
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
      where b.mentee_id = p.id and ${inWindow}
    ) ew
    on conflict (user_id) do update set sessions_held = excluded.sessions_held, consultations_due = excluded.consultations_due,
      consultations_attended = excluded.consultations_attended, bookings90d = excluded.bookings90d,
      mentor_cancellations90d = excluded.mentor_cancellations90d, chats_opened = excluded.chats_opened,
      chats_answered = excluded.chats_answered, reply_median_seconds = excluded.reply_median_seconds,
      mentee_due = excluded.mentee_due, mentee_attended = excluded.mentee_attended,
      mentee_bookings90d = excluded.mentee_bookings90d, mentee_late_cancellations90d = excluded.mentee_late_cancellations90d,
      refreshed_at = excluded.refreshed_at
    returning rf.user_id`);
  return result.rows.length;
}

/**
 * A mentee's figures as the given mentor may see them: only when the mentee has booked the mentor (any booking, even
 * one not paid yet: that is when the mentor decides about them). undefined for anyone else's mentee; `figures` null
 * when the mentee has not been counted yet.
 */
export async function menteeFiguresFor(db: Db, mentorId: number, menteeId: number) {
  const result = await db.execute<{ mentee_due: number | null; mentee_attended: number | null; mentee_bookings90d: number | null; mentee_late_cancellations90d: number | null }>(sql`
    select rf.mentee_due, rf.mentee_attended, rf.mentee_bookings90d, rf.mentee_late_cancellations90d
    from (select 1) one left join reliability_figures rf on rf.user_id = ${menteeId}
    where exists (select 1 from consultation_bookings b where b.mentor_id = ${mentorId} and b.mentee_id = ${menteeId})`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    figures:
      row.mentee_due === null
        ? null
        : { menteeDue: Number(row.mentee_due), menteeAttended: Number(row.mentee_attended), menteeBookings90d: Number(row.mentee_bookings90d), menteeLateCancellations90d: Number(row.mentee_late_cancellations90d) },
  };
}
