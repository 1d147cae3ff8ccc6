// The mentor's analytics in one statement: one round trip over the Worker's single connection, and
// Postgres does the period arithmetic and the time-zone bucketing. Definitions of every figure are in
// docs/decisions/009-analytics-and-mentees.md.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import type { AnalyticsPeriod, AnalyticsSummary } from './analytics.schemas.ts';
import { isoInstantRaw } from '../lib/iso-instant.ts';

const SPANS: Record<AnalyticsPeriod, { span: string; bucket: 'day' | 'week' | 'month' }> = {
  week: { span: '7 days', bucket: 'day' },
  month: { span: '1 month', bucket: 'day' },
  quarter: { span: '3 months', bucket: 'week' },
  year: { span: '1 year', bucket: 'month' },
};

export async function mentorSummary(db: Db, mentorId: number, period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsSummary> {
  const { span, bucket } = SPANS[period];
  const result = await db.execute<{ summary: Omit<AnalyticsSummary, 'period' | 'bucket'> }>(sql`
    with p as (
      select now_at, now_at - ${span}::interval as start_at, now_at - ${span}::interval - ${span}::interval as prev_at, tz
      from (select ${now.toISOString()}::timestamptz as now_at,
                   coalesce((select time_zone from users where id = ${mentorId}), 'Europe/Moscow') as tz) x
    ),
    -- Sessions that took place (ended by now), one row per participant: a consultation whose booking is
    -- finished, or paid and over (the scheduler finishes it a day later); an event not canceled, over, with
    -- its confirmed registrations (an event nobody attended is not a session held).
    held as (
      select 'consultation_type' as kind, b.consultation_type_id as item_id, 'c' || b.id as session_key,
             s.starts_at as at, b.mentee_id as mentee_id
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id cross join p
      where b.mentor_id = ${mentorId}
        and (b.status = 'finished' or (b.status = 'paid' and s.ends_at <= p.now_at))
        and s.starts_at < p.now_at
      union all
      select 'event', e.id, 'e' || e.id, e.starts_at, r.user_id
      from events e join event_registrations r on r.event_id = e.id and r.status = 'confirmed' cross join p
      where e.mentor_id = ${mentorId} and not e.is_canceled
        and e.starts_at + make_interval(mins => e.duration_minutes) <= p.now_at
    ),
    first_contact as (select mentee_id, min(at) as first_at from held group by mentee_id),
    -- What reached the mentor after the platform fee: the mentor_payout ledger entries, dated when released.
    income as (
      select l.created_at as at, l.amount_kopecks as kopecks,
             case when pay.service_type = 'consultation' then 'consultation_type' else 'event' end as kind,
             coalesce(b.consultation_type_id, r.event_id) as item_id
      from ledger_entries l
      join payments pay on pay.id = l.payment_id
      left join consultation_bookings b on b.id = pay.booking_id
      left join event_registrations r on r.id = pay.registration_id
      cross join p
      where l.mentor_id = ${mentorId} and l.kind = 'mentor_payout' and l.credit = 'mentor'
        and l.created_at >= p.prev_at and l.created_at < p.now_at
    ),
    -- Every rating the mentor received: consultation ratings, reviews of their events, reviews on their page.
    ratings as (
      select cr.rating::numeric as stars, cr.created_at as at, 'consultation_type' as kind, b.consultation_type_id as item_id
      from consultation_reviews cr join consultation_bookings b on b.id = cr.booking_id
      where cr.mentor_id = ${mentorId}
      union all
      select er.stars, er.created_at, 'event', er.event_id
      from event_reviews er join events e on e.id = er.event_id
      where e.mentor_id = ${mentorId}
      union all
      select ur.stars, ur.created_at, null, null from user_reviews ur where ur.to_user_id = ${mentorId}
    ),
    -- The ratings that make the mentor's rating (decision 010, «The mentor's rating»; forma_mentor_rating_refresh,
    -- migration 0027): reviews on their page and ratings of consultations that were held, each person once with their
    -- latest. A period's figure takes each person's latest within the period, so «за всё время» is the page's number.
    counted_ratings as (
      select ur.author_id, ur.stars::numeric as stars, ur.created_at as at, ur.id, 1 as on_page
      from user_reviews ur where ur.to_user_id = ${mentorId}
      union all
      select cr.author_id, cr.rating::numeric, cr.created_at, cr.id, 0
      from consultation_reviews cr join consultation_bookings b on b.id = cr.booking_id
      where cr.mentor_id = ${mentorId} and (b.price > 0 or forma_consultation_met(b.id, '-infinity', 'infinity'))
    ),
    -- Bookings that got paid (or were free) and registrations that got confirmed, dated when made.
    conversions as (
      select b.created_at as at, 'booking' as what from consultation_bookings b cross join p
      where b.mentor_id = ${mentorId} and b.created_at >= p.prev_at and b.created_at < p.now_at
        and (b.paid_at is not null or b.status in ('paid', 'finished'))
      union all
      select r.created_at, 'registration' from event_registrations r join events e on e.id = r.event_id cross join p
      where e.mentor_id = ${mentorId} and r.created_at >= p.prev_at and r.created_at < p.now_at
        and (r.status = 'confirmed' or r.confirmed_at is not null)
    ),
    buckets as (
      select g as local_start
      from p, generate_series(date_trunc(${bucket}, p.start_at at time zone p.tz), p.now_at at time zone p.tz, ('1 ' || ${bucket})::interval) g
    ),
    in_range as (
      select h.*, date_trunc(${bucket}, h.at at time zone p.tz) as local_bucket
      from held h cross join p where h.at >= p.start_at
    ),
    session_buckets as (
      select local_bucket,
             count(distinct session_key) filter (where kind = 'consultation_type') as consultations,
             count(distinct session_key) filter (where kind = 'event') as events
      from in_range group by local_bucket
    ),
    income_buckets as (
      select date_trunc(${bucket}, i.at at time zone p.tz) as local_bucket, sum(i.kopecks) as kopecks
      from income i cross join p where i.at >= p.start_at group by 1
    ),
    engagement_buckets as (
      select r.local_bucket,
             count(distinct r.mentee_id) filter (where f.first_at >= r.local_bucket at time zone p.tz) as new,
             count(distinct r.mentee_id) filter (where f.first_at < r.local_bucket at time zone p.tz) as returning
      from in_range r join first_contact f using (mentee_id) cross join p
      group by r.local_bucket
    ),
    best as (
      select kind, item_id,
             coalesce(max(sessions), 0) as sessions, coalesce(max(kopecks), 0) as kopecks,
             max(rating) as rating, coalesce(max(reviews), 0) as reviews
      from (
        select kind, item_id, count(distinct session_key) as sessions, null::numeric as kopecks, null::numeric as rating, null::bigint as reviews
        from in_range group by kind, item_id
        union all
        select i.kind, i.item_id, null, sum(i.kopecks), null, null from income i cross join p where i.at >= p.start_at group by 1, 2
        union all
        select r.kind, r.item_id, null, null, avg(r.stars), count(*) from ratings r cross join p
        where r.item_id is not null and r.at >= p.start_at and r.at < p.now_at group by 1, 2
      ) parts
      group by kind, item_id
    ),
    best_named as (
      select b.*, coalesce(ct.name, e.title) as title
      from best b
      left join consultation_types ct on b.kind = 'consultation_type' and ct.id = b.item_id
      left join events e on b.kind = 'event' and e.id = b.item_id
      where b.sessions > 0 or b.kopecks > 0
      order by b.kopecks desc, b.rating desc nulls last, b.sessions desc, b.kind, b.item_id
      limit 5
    ),
    -- each card's figures in one pass over its rows
    held_stats as (
      select count(distinct session_key) filter (where at >= p.start_at) as cur,
             count(distinct session_key) filter (where at >= p.prev_at and at < p.start_at) as prev
      from held cross join p
    ),
    -- one decimal, as users.rating: every screen shows the same number (issue 35)
    rating_stats as (
      select round(avg(stars) filter (where span = 'cur'), 1) as cur,
             round(avg(stars) filter (where span = 'prev'), 1) as prev,
             round(avg(stars) filter (where span = 'all'), 1) as overall,
             count(*) filter (where span = 'cur') as cur_count,
             count(*) filter (where span = 'all') as overall_count
      from (
        select distinct on (x.span, r.author_id) x.span, r.stars
        from counted_ratings r cross join p
        cross join lateral (values ('cur', p.start_at, p.now_at), ('prev', p.prev_at, p.start_at), ('all', '-infinity'::timestamptz, p.now_at)) x(span, from_at, until_at)
        where r.at >= x.from_at and r.at < x.until_at
        order by x.span, r.author_id, r.at desc, r.on_page desc, r.id desc
      ) latest
    ),
    income_stats as (
      select coalesce(round(sum(kopecks) filter (where at >= p.start_at) / 100.0), 0)::bigint as cur,
             coalesce(round(sum(kopecks) filter (where at < p.start_at) / 100.0), 0)::bigint as prev,
             coalesce(round(sum(kopecks) filter (where at >= p.start_at and kind = 'consultation_type') / 100.0), 0)::bigint as consultations,
             coalesce(round(sum(kopecks) filter (where at >= p.start_at and kind = 'event') / 100.0), 0)::bigint as events
      from income cross join p
    ),
    view_stats as (
      select count(*) filter (where v.viewed_at >= p.start_at) as cur, count(*) filter (where v.viewed_at < p.start_at) as prev
      from page_views v cross join p
      where v.mentor_id = ${mentorId} and v.viewed_at >= p.prev_at and v.viewed_at < p.now_at
    ),
    conversion_stats as (
      select count(*) filter (where at >= p.start_at) as cur, count(*) filter (where at < p.start_at) as prev,
             count(*) filter (where at >= p.start_at and what = 'booking') as cur_bookings
      from conversions cross join p
    ),
    engagement_stats as (
      select count(distinct r.mentee_id) filter (where f.first_at >= p.start_at) as new,
             count(distinct r.mentee_id) filter (where f.first_at < p.start_at) as returning
      from in_range r join first_contact f using (mentee_id) cross join p
    )
    select json_build_object(
      'time_zone', p.tz,
      'range', json_build_object('start', ${isoInstantRaw('p.start_at')},
                                 'end', ${isoInstantRaw('p.now_at')}),
      'previous_range', json_build_object('start', ${isoInstantRaw('p.prev_at')},
                                          'end', ${isoInstantRaw('p.start_at')}),
      'cards', json_build_object(
        'sessions_held', json_build_object('value', hs.cur, 'previous', hs.prev),
        'average_rating', json_build_object('value', rs.cur, 'previous', rs.prev, 'overall', rs.overall,
                                            'reviews_count', rs.cur_count, 'overall_reviews_count', rs.overall_count),
        'income', json_build_object('value', inc.cur, 'previous', inc.prev),
        'conversion', json_build_object(
          'value', case when vs.cur > 0 then round(cs.cur::numeric / vs.cur, 4) end,
          'previous', case when vs.prev > 0 then round(cs.prev::numeric / vs.prev, 4) end,
          'views', vs.cur, 'conversions', cs.cur, 'bookings', cs.cur_bookings, 'registrations', cs.cur - cs.cur_bookings)
      ),
      'sessions_over_time', (
        select json_agg(json_build_object(
          'start', ${isoInstantRaw('bk.local_start at time zone p.tz')},
          'label', to_char(bk.local_start, 'YYYY-MM-DD'),
          'consultations', coalesce(s.consultations, 0), 'events', coalesce(s.events, 0),
          'income', coalesce(round(ib.kopecks / 100.0), 0)::bigint) order by bk.local_start)
        from buckets bk
        left join session_buckets s on s.local_bucket = bk.local_start
        left join income_buckets ib on ib.local_bucket = bk.local_start),
      'engagement', json_build_object(
        'new_mentees', es.new,
        'returning_mentees', es.returning,
        'buckets', (
          select json_agg(json_build_object(
            'start', ${isoInstantRaw('bk.local_start at time zone p.tz')},
            'label', to_char(bk.local_start, 'YYYY-MM-DD'),
            'new', coalesce(eb.new, 0), 'returning', coalesce(eb.returning, 0)) order by bk.local_start)
          from buckets bk left join engagement_buckets eb on eb.local_bucket = bk.local_start)),
      'revenue_by_type', json_build_object('consultations', inc.consultations, 'events', inc.events),
      'best_sessions', coalesce((
        select json_agg(json_build_object(
          'kind', kind, 'id', item_id, 'title', title, 'sessions', sessions,
          'income', round(kopecks / 100.0)::bigint, 'average_rating', round(rating, 1), 'reviews_count', reviews))
        from best_named), '[]'::json)
    ) as summary
    from p, held_stats hs, rating_stats rs, income_stats inc, view_stats vs, conversion_stats cs, engagement_stats es`);
  return { period, bucket, ...result.rows[0].summary } as AnalyticsSummary;
}

/**
 * Records one view of a mentor's page or of one of their events. The mentor looking at their own pages is
 * not a visitor, so nothing is stored; an event that isn't this mentor's is reported as not found.
 */
export async function recordPageView(db: Db, mentorId: number, eventId: number | null, viewerId: number | null) {
  const result = await db.execute<{ recorded: boolean; found: boolean }>(sql`
    with target as (
      select u.id as mentor_id from users u
      where u.id = ${mentorId} and u.role = 'mentor'
        and (${eventId}::int is null or exists (select 1 from events e where e.id = ${eventId}::int and e.mentor_id = u.id))
    ),
    ins as (
      insert into page_views (mentor_id, event_id, viewer_id)
      select mentor_id, ${eventId}::int, ${viewerId}::int from target
      where ${viewerId}::int is distinct from mentor_id
      returning 1
    )
    select exists (select 1 from target) as found, exists (select 1 from ins) as recorded`);
  return result.rows[0];
}
