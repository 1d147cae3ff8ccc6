import { and, asc, desc, eq, gt, gte, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Executor, HttpDb } from '../../drizzle/db.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import { EVENTS_PAGE_MAX, TOP_EVENTS, USER_EVENTS_MAX, type EventListFilters, type EventSort } from './events.schemas.ts';
import { searchCondition, searchWords } from '../lib/search-condition.ts';
import { withFlatRows } from '../../drizzle/flat-rows.ts';
import { EVENT_LIVE_LEAD_MINUTES } from './event-rules.ts';

/** Not yet over: start + duration is still ahead. */
const notEnded = sql`${events.startsAt} + make_interval(mins => ${events.durationMinutes}::int) > now()`;

/**
 * Not yet over, written so that the starts_at indexes can serve it: an event lasts at most 1440 minutes
 * (events_duration_range), so one that started more than a day ago is over.
 */
export const upcoming = and(gt(events.startsAt, sql`now() - interval '1 day'`), notEnded)!;

/** Shown in public lists; matches the predicate of the partial indexes events_list_*_idx. */
const listed = sql`${events.isPublic} and not ${events.isCanceled}`;

/**
 * 'live' («В эфире (прямо сейчас или скоро начнётся)») is an event that has started and not ended, or starts within
 * the hour (EVENT_LIVE_LEAD_MINUTES); one further ahead is 'upcoming' (decision 005, «The event list's order and «в эфире»»).
 */
const status = sql<'live' | 'upcoming' | 'past' | 'canceled'>`case when ${events.isCanceled} then 'canceled' when not (${notEnded}) then 'past' when ${events.startsAt} <= now() + make_interval(mins => ${EVENT_LIVE_LEAD_MINUTES}::int) then 'live' else 'upcoming' end`;

/** What every event item carries: the event, its status and its mentor's brief (one join, no per-row query). */
export const eventItemColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  durationMinutes: events.durationMinutes,
  price: events.price,
  discountPercent: events.discountPercent,
  imageUrl: events.imageUrl,
  totalSpots: events.totalSpots,
  takenSpots: events.takenSpots,
  category: events.category,
  description: events.description,
  ageRestriction: events.ageRestriction,
  isCanceled: events.isCanceled,
  isPublic: events.isPublic,
  isRecorded: events.isRecorded,
  status,
  mentorId: events.mentorId,
  mentorFirstName: users.firstName,
  mentorLastName: users.lastName,
  mentorAvatarUrl: users.avatarUrl,
};


const sortOrder: Record<EventSort, SQL[]> = {
  // without past events every row is upcoming: the starts_at order the list's index serves (buildPage)
  soonest: [asc(events.startsAt), asc(events.id)],
  newest: [desc(events.startsAt), desc(events.id)],
  oldest: [asc(events.startsAt), asc(events.id)],
  'price-asc': [asc(events.price), asc(events.id)],
  'price-desc': [desc(events.price), desc(events.id)],
};

function selectItems(db: Executor | HttpDb) {
  return db.select(eventItemColumns).from(events).innerJoin(users, eq(users.id, events.mentorId));
}

/** What stands for a filter's value in the page's statement: the value itself, or a placeholder named `name`. */
type Bind = <T>(name: string, value: T) => T | Placeholder;

function buildPage(db: Executor | HttpDb, f: EventListFilters, bind: Bind) {
  return selectItems(db)
    .where(
      and(
        listed,
        f.showPast ? undefined : upcoming,
        f.category.length ? inArray(events.category, f.category.map((c, i) => bind(`c${i}`, c))) : undefined,
        f.min_price !== undefined ? gte(events.price, bind('min', f.min_price)) : undefined,
        f.max_price !== undefined ? lte(events.price, bind('max', f.max_price)) : undefined,
        searchCondition(events.searchText, f.search, (word, i) => bind(`w${i}`, word)),
      ),
    )
    .orderBy(...(f.sort === 'soonest' && f.showPast ? upcomingFirst : sortOrder[f.sort]))
    .limit(bind('limit', Math.min(f.limit, EVENTS_PAGE_MAX) + 1))
    .offset(bind('offset', f.offset));
}

/** The statement behind one page of the public list (limit + 1 rows: the extra one tells whether more follow). */
export function eventPageQuery(db: Executor, f: EventListFilters) {
  return buildPage(db, f, (_, value) => value);
}

/** The values of the placeholders of `f`'s page statement, whose search words are `words`. */
function pageValues(f: EventListFilters, words: string[]) {
  const values: Record<string, unknown> = { limit: Math.min(f.limit, EVENTS_PAGE_MAX) + 1, offset: f.offset, min: f.min_price, max: f.max_price };
  f.category.forEach((c, i) => (values[`c${i}`] = c));
  words.forEach((w, i) => (values[`w${i}`] = w));
  return values;
}

/**
 * Statements of one shape (which filters are set, how many categories and words, the order) differ only in their
 * values, so each shape's SQL is built once per isolate and database (decision 015, «A search miss in the Worker»),
 * as a drizzle prepared query on the HTTP path; each page then only fills in its values.
 */
const pageStatements = new WeakMap<HttpDb, Map<string, ReturnType<typeof preparePage>>>();
function preparePage(http: HttpDb, f: EventListFilters) {
  return withFlatRows(buildPage(http, f, (name) => sql.placeholder(name)).prepare('event_page'));
}
function pageStatement(http: HttpDb, f: EventListFilters, words: string[]) {
  const shape = [f.showPast, f.category.length, f.min_price !== undefined, f.max_price !== undefined, words.length, f.sort].join();
  let byShape = pageStatements.get(http);
  if (!byShape) pageStatements.set(http, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (!statement) byShape.set(shape, (statement = preparePage(http, f)));
  return statement;
}

export async function listEvents(db: Db, f: EventListFilters) {
  const limit = Math.min(f.limit, EVENTS_PAGE_MAX);
  const words = searchWords(f.search);
  const rows = await pageStatement(db.http, f, words).execute(pageValues(f, words));
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The next events to start, soonest first (the landing's master-classes). */
export function topEvents(db: Executor) {
  return selectItems(db)
    .where(and(listed, gt(events.startsAt, sql`now()`)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(TOP_EVENTS);
}

export async function findEvent(db: Executor, id: number) {
  const [row] = await selectItems(db).where(eq(events.id, id)).limit(1);
  return row ?? null;
}
export type EventItemRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** Upcoming events soonest first, then past ones latest first (also the list's default order with past events shown). */
const upcomingFirst = [
  sql`(${upcoming}) desc`,
  sql`case when ${upcoming} then ${events.startsAt} end asc`,
  desc(events.startsAt),
  desc(events.id),
];

/**
 * A mentor's events: upcoming ones soonest first, then past ones latest first. Canceled and unlisted
 * events only for the mentor themself.
 */
export function userEvents(db: Executor, mentorId: number, callerId: number | null) {
  return selectItems(db)
    .where(and(eq(events.mentorId, mentorId), callerId === mentorId ? undefined : listed))
    .orderBy(...upcomingFirst)
    .limit(USER_EVENTS_MAX);
}

/** The events a person holds a live registration for (pending payment or confirmed), soonest first. */
export function registeredEvents(db: Executor, userId: number) {
  return selectItems(db)
    .innerJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
    .where(and(eq(eventRegistrations.userId, userId), inArray(eventRegistrations.status, ['pending_payment', 'confirmed'])))
    .orderBy(...upcomingFirst)
    .limit(USER_EVENTS_MAX);
}
