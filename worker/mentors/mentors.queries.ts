import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../drizzle/db.ts';
import { users } from '../../drizzle/schema/users.ts';
import type { MentorReliability } from '../reliability/reliability.schemas.ts';
import type { BookingRulesInput } from '../consultation-types/consultation-types.schemas.ts';
import { searchCondition } from '../lib/search-condition.ts';
import { isoInstant, isoInstantOrNull } from '../lib/iso-instant.ts';
import { MENTORS_PAGE_MAX, RANDOM_MENTORS, type MentorListFilters, type MentorSort } from './mentors.schemas.ts';

const isMentor = eq(users.role, 'mentor');

/**
 * The outer row's id inside correlated subqueries. Written out in full: drizzle leaves columns unqualified
 * in a single-table select, and a bare "id" inside a subquery would name the subquery's own table.
 */
const outerId = sql`"users"."id"`;

// The rating and the number of reviews are columns of users: the number of people whose rating counts and the sum of
// their stars are kept by triggers on the reviews and the attendance (migration 0027: each person once, with their
// latest rating, and a consultation's only when held), the rating is generated from them (migration 0024). So the
// default order walks users_mentor_rating_idx and stops at the page's end. The other counts are correlated subqueries
// in the select list: Postgres evaluates those only for the rows of the page.
const { rating, reviewsCount } = users;

/** every card query starts here */
function fromMentors<T extends SelectedFields>(db: Db, columns: T) {
  return db.select(columns).from(users);
}

/**
 * The card's reliability figures in the API's shape (decision 021): the mentor's one row of reliability_figures, read
 * by key, which the hourly job computes, so a page of cards aggregates no history. A subquery in the select list rather
 * than a join: Postgres reads it for the page's rows only, where a join ran over every match of a search (3.5 ms
 * against 1.7 ms for 2 000 mentors). null until the first refresh has counted the mentor.
 */
const reliability = sql<MentorReliability | null>`(select json_build_object(
  'sessions_held', rf.sessions_held,
  'attendance', json_build_object('attended', rf.consultations_attended, 'due', rf.consultations_due),
  'cancellations_90d', json_build_object('canceled', rf.mentor_cancellations90d, 'bookings', rf.bookings90d),
  'first_reply', json_build_object('median_seconds', rf.reply_median_seconds, 'answered', rf.chats_answered, 'chats', rf.chats_opened))
  from reliability_figures rf where rf.user_id = ${outerId})`;

/** MentorCard columns; the caller's favourite only for a signed-in caller. */
export function mentorCardColumns(callerId: number | null) {
  return {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarUrl: users.avatarUrl,
    telegramLink: users.telegramLink,
    tgTitle: users.tgTitle,
    description: users.description,
    specialization: users.specialization,
    skills: users.skills,
    category: users.category,
    price: users.price,
    isVerified: users.isVerified,
    rating,
    reviewsCount,
    // upcoming = not yet over, listed and not canceled: what the mentor page's event list shows first
    eventsCount: sql<number>`(select count(*) from events e where e.mentor_id = ${outerId} and e.is_public and not e.is_canceled
      and e.starts_at > now() - interval '1 day' and e.starts_at + make_interval(mins => e.duration_minutes::int) > now())`.mapWith(Number),
    favoritesCount: sql<number>`(select count(*) from mentor_favorites f where f.mentor_id = ${outerId})`.mapWith(Number),
    reliability,
    favoriteId:
      callerId === null
        ? sql<number | null>`null::int`
        : sql<number | null>`(select f.id from mentor_favorites f where f.mentor_id = ${outerId} and f.user_id = ${callerId})`,
  };
}

const sortOrder: Record<MentorSort, SQL[]> = {
  rating: [desc(rating), desc(reviewsCount), asc(users.id)],
  reviews: [desc(reviewsCount), desc(rating), asc(users.id)],
  // a mentor without a consultation type has no price (null): last either way
  'price-asc': [sql`${users.price} asc nulls last`, asc(users.id)],
  'price-desc': [sql`${users.price} desc nulls last`, desc(users.id)],
  newest: [desc(users.createdAt), desc(users.id)],
};

function filters(f: MentorListFilters) {
  return and(
    isMentor,
    f.category.length ? inArray(users.category, f.category) : undefined,
    f.min_price !== undefined ? gte(users.price, f.min_price) : undefined,
    f.max_price !== undefined ? lte(users.price, f.max_price) : undefined,
    searchCondition(users.searchText, f.search),
  );
}

/**
 * The statement behind one page of mentors; `total` is how many match in all. Without a search the total is its own
 * uncorrelated subquery (run once, from an index): a window needs every matching row before the first is returned,
 * so the page could not stop at its end. A search reads every mentor's text whatever the order, so there the window
 * counts in that one pass instead of a second one (decision 015, «The mentor list's order»).
 */
export function mentorPageQuery(db: Db, f: MentorListFilters, callerId: number | null) {
  const total = (searchCondition(users.searchText, f.search) ? sql<number>`count(*) over ()` : sql<number>`(select count(*) from ${users} where ${filters(f)})`).mapWith(Number);
  return fromMentors(db, { ...mentorCardColumns(callerId), total })
    .where(filters(f))
    .orderBy(...sortOrder[f.sort])
    .limit(Math.min(f.limit, MENTORS_PAGE_MAX))
    .offset(f.offset);
}

/** The lowest and highest card price over all mentors (null when none has a price): the price filter's steps fit it. */
export async function mentorPriceRange(db: Db) {
  const [row] = await db
    .select({ min: sql<number | null>`min(${users.price})`, max: sql<number | null>`max(${users.price})` })
    .from(users)
    .where(isMentor);
  return { min: row.min === null ? null : Number(row.min), max: row.max === null ? null : Number(row.max) };
}

/** One page of mentors, whether more follow and how many match in all. */
export async function listMentors(db: Db, f: MentorListFilters, callerId: number | null) {
  const rows = await mentorPageQuery(db, f, callerId);
  let count = rows[0]?.total ?? 0;
  // past the end the window count has no row to ride on
  if (!rows.length && f.offset > 0) {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(filters(f));
    count = row.n;
  }
  return { rows, count, hasMore: f.offset + rows.length < count };
}

export function randomMentors(db: Db, callerId: number | null) {
  return fromMentors(db, mentorCardColumns(callerId)).where(isMentor).orderBy(sql`random()`).limit(RANDOM_MENTORS);
}
export type MentorCardRow = Awaited<ReturnType<typeof randomMentors>>[number];

/**
 * A mentor with the page's lists, in one round trip: each list is a json_agg subquery (keys already in
 * the API's names, dates as 'YYYY-MM-DD').
 */
export async function findMentorDetail(db: Db, id: number, callerId: number | null) {
  const [row] = await fromMentors(db, {
      ...mentorCardColumns(callerId),
      noShowCount: users.mentorNoShowCount,
      cancellationCount: users.mentorCancellationCount,
      // «Профиль подтверждён»: the held interview behind the flag (decision 004), with what the admin checked
      verification: sql<VerificationItem | null>`(select json_build_object('interviewed_at', i.starts_at, 'checked_identity', i.checked_identity,
        'checked_experience', i.checked_experience, 'checked_sample_session', i.checked_sample_session)
        from mentor_interviews i join mentor_applications a on a.id = i.application_id
        where a.user_id = ${outerId} and a.status = 'approved' and i.status = 'held' and i.starts_at = ${users.verifiedAt}
        order by i.id desc limit 1)`,
      workExperiences: sql<WorkItem[]>`(select coalesce(json_agg(json_build_object('id', w.id, 'position_title', w.position_title,
        'company_name', w.company_name, 'start_date', w.start_date, 'end_date', w.end_date) order by w.start_date desc, w.id desc), '[]'::json)
        from work_experiences w where w.user_id = ${outerId})`,
      educations: sql<EducationItem[]>`(select coalesce(json_agg(json_build_object('id', d.id, 'university_name', d.university_name,
        'specialty', d.specialty, 'start_year', d.start_year, 'end_year', d.end_year) order by d.start_year desc, d.id desc), '[]'::json)
        from educations d where d.user_id = ${outerId})`,
      // mentor_education (spec 000 §3, no shape given): the education tags of the mentor's approved application, which
      // approval does not copy onto the profile; the latest decision wins, [] for a mentor without one
      mentorEducation: sql<string[]>`coalesce((select case when jsonb_typeof(a.payload->'mentor_education_tags') = 'array'
        then a.payload->'mentor_education_tags' end from mentor_applications a where a.user_id = ${outerId} and a.status = 'approved'
        order by a.reviewed_at desc nulls last, a.id desc limit 1), '[]'::jsonb)`,
      caseImages: sql<CaseImageItem[]>`(select coalesce(json_agg(json_build_object('url', i.url, 'alt', i.alt, 'caption', i.caption)
        order by i.position, i.id), '[]'::json) from case_images i where i.user_id = ${outerId})`,
      consultationTypes: sql<ConsultationTypeItem[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name,
        'description', t.description, 'duration_minutes', t.duration_minutes, 'costs', t.costs, 'loyalty_steps', t.loyalty_steps, 'packages', t.packages, 'is_recorded', t.is_recorded,
        'booking_rules', json_build_object('min_notice_hours', t.min_notice_hours, 'buffer_before_minutes', t.buffer_before_minutes,
          'buffer_after_minutes', t.buffer_after_minutes, 'horizon_days', t.horizon_days, 'daily_limit', t.daily_limit,
          'cancel_cutoff_hours', t.cancel_cutoff_hours)) order by t.id), '[]'::json)
        from consultation_types t where t.mentor_id = ${outerId} and t.archived_at is null)`,
    })
    .where(and(eq(users.id, id), isMentor))
    .limit(1);
  return row ?? null;
}

export type VerificationItem = { interviewed_at: string; checked_identity: boolean; checked_experience: boolean; checked_sample_session: boolean };
export type WorkItem = { id: number; position_title: string; company_name: string; start_date: string; end_date: string | null };
export type EducationItem = { id: number; university_name: string; specialty: string; start_year: number; end_year: number | null };
export type CaseImageItem = { url: string; alt: string | null; caption: string | null };
export type ConsultationTypeItem = {
  id: number;
  name: string;
  description: string;
  duration_minutes: number;
  costs: number;
  /** loyalty steps, ascending (decision 006): the page says «С 5-й консультации — скидка 10 %» */
  loyalty_steps: { from: number; percent: number }[];
  /** package offers as stored; the mapper prices them (decision 006, «Packages») */
  packages: { sessions: number; percent: number; valid_days: number }[];
  /** its meetings are recorded (decision 019): the booking dialog says so before paying */
  is_recorded: boolean;
  /** when it may be booked and cancelled (decision 022): the page says so beside the type, as the type's API does */
  booking_rules: BookingRulesInput;
};

/** MentorItem columns (favourites, history). */
export const mentorItemColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  tgTitle: users.tgTitle,
  specialization: users.specialization,
  skills: users.skills,
};

/**
 * The mentors the caller has met: consultation bookings that were not canceled (or left to expire
 * unpaid) and confirmed event registrations, grouped by mentor, the latest contact first. The time of a
 * contact is when the consultation or event starts; the next contact is the soonest still to start (null when none).
 */
export function myMentorsHistory(db: Db, userId: number) {
  const contacts = sql`(
    select b.mentor_id, s.starts_at as at
      from consultation_bookings b join consultation_slots s on s.id = b.slot_id
     where b.mentee_id = ${userId} and b.status not in ('canceled', 'expired')
    union all
    select e.mentor_id, e.starts_at
      from event_registrations r join events e on e.id = r.event_id
     where r.user_id = ${userId} and r.status = 'confirmed'
  )`;
  const history = db
    .$with('history')
    .as(
      db
        .select({
          mentorId: sql<number>`c.mentor_id`.as('mentor_id'),
          lastContactAt: sql<Date>`max(c.at)`.as('last_contact_at'),
          nextContactAt: sql<Date | null>`min(c.at) filter (where c.at > now())`.as('next_contact_at'),
          sessionsCount: sql<number>`count(*)`.as('sessions_count'),
        })
        .from(sql`${contacts} as c`)
        .groupBy(sql`c.mentor_id`),
    );
  return db
    .with(history)
    .select({
      ...mentorItemColumns,
      lastContactAt: isoInstant(history.lastContactAt),
      nextContactAt: isoInstantOrNull(history.nextContactAt),
      sessionsCount: sql<number>`${history.sessionsCount}`.mapWith(Number),
    })
    .from(history)
    .innerJoin(users, eq(users.id, history.mentorId))
    .orderBy(desc(history.lastContactAt), asc(users.id));
}
