// The calendar feed's rows (decision 010): a person's consultations and events as flat calendar items, read by
// one statement whether the person is found by a feed token's hash or is the signed-in caller.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { calendarFeeds } from '../../drizzle/schema/calendars.ts';

/** Past items stay in the feed this long, so a calendar keeps the recent history (and sees late cancellations). */
export const FEED_PAST_DAYS = 30;
/** A feed never grows past this many items; the soonest ones win. */
export const FEED_MAX_ITEMS = 1000;

export type CalendarItem = {
  kind: 'booking' | 'event';
  id: number;
  title: string;
  /** HTML for events (sanitized on write), plain text for consultation types */
  description: string;
  starts_at: string;
  ends_at: string;
  cancelled: boolean;
  /** the iCalendar SEQUENCE: never lower than any earlier answer for the same item */
  sequence: number;
  /** 'mentor' when the person leads it */
  role: 'mentor' | 'participant';
  /** the mentor's name for a participant, the buyer's for a mentor's consultation; null for one's own event */
  with_name: string | null;
};

const fullName = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);

const bookingItem = sql`json_build_object(
  'kind', 'booking', 'id', b.id, 'title', b.type_name, 'description', t.description,
  'starts_at', s.starts_at, 'ends_at', s.ends_at, 'cancelled', b.status = 'canceled', 'sequence', b.revision,
  'role', case when b.mentor_id = me.id then 'mentor' else 'participant' end,
  'with_name', case when b.mentor_id = me.id then ${fullName('buyer')} else ${fullName('m')} end)`;

const bookingsOfMe = sql`from me
      join consultation_bookings b on b.mentee_id = me.id or b.mentor_id = me.id
      join consultation_slots s on s.id = b.slot_id
      join consultation_types t on t.id = b.consultation_type_id
      join users m on m.id = b.mentor_id
      join users buyer on buyer.id = b.mentee_id`;

// A booking is on the calendar once paid (or free), and stays, cancelled, if it was cancelled after that.
const bookingShown = sql`(b.status in ('paid', 'finished') or (b.status = 'canceled' and b.paid_at is not null))`;

/**
 * The items of one person (`me` selects one row with their id, or none): bookings on both sides, the events
 * they lead and the events they registered for. A registration's SEQUENCE adds up every registration row of the
 * person for that event (each starts at 0 and only grows), so leaving and coming back still raises it.
 */
function itemsOf(me: SQL) {
  return sql`
    with me as (${me}),
    items as (
      select s.starts_at, ${bookingItem} as item
      ${bookingsOfMe}
      where ${bookingShown} and s.ends_at >= now() - make_interval(days => ${FEED_PAST_DAYS})
      union all
      select e.starts_at, json_build_object(
        'kind', 'event', 'id', e.id, 'title', e.title, 'description', e.description, 'starts_at', e.starts_at,
        'ends_at', e.starts_at + make_interval(mins => e.duration_minutes), 'cancelled', e.is_canceled,
        'sequence', e.revision, 'role', 'mentor', 'with_name', null)
      from me join events e on e.mentor_id = me.id
      where ${sql`(e.starts_at + make_interval(mins => e.duration_minutes))`} >= now() - make_interval(days => ${FEED_PAST_DAYS})
      union all
      select e.starts_at, json_build_object(
        'kind', 'event', 'id', e.id, 'title', e.title, 'description', e.description, 'starts_at', e.starts_at,
        'ends_at', e.starts_at + make_interval(mins => e.duration_minutes),
        'cancelled', e.is_canceled or r.status = 'canceled',
        'sequence', e.revision + r.revisions, 'role', 'participant', 'with_name', ${fullName('m')})
      from me
      join lateral (
        select er.event_id,
               (array_agg(er.status order by er.id desc))[1] as status,
               sum(er.revision + 1)::int - 1 as revisions
        from event_registrations er
        where er.user_id = me.id and er.confirmed_at is not null
        group by er.event_id
      ) r on true
      join events e on e.id = r.event_id
      join users m on m.id = e.mentor_id
      where ${sql`(e.starts_at + make_interval(mins => e.duration_minutes))`} >= now() - make_interval(days => ${FEED_PAST_DAYS})
    )
    select (select id from me) as owner,
           coalesce((select json_agg(item order by starts_at) from (select * from items order by starts_at limit ${FEED_MAX_ITEMS}) i), '[]'::json) as items`;
}

type ItemsRow = { owner: number | null; items: CalendarItem[] };

/** The feed behind a token's hash; null when no feed has that hash (a reset or deleted address). */
export async function feedItemsByTokenHash(db: Executor, tokenHash: string): Promise<CalendarItem[] | null> {
  const result = await db.execute<ItemsRow>(
    itemsOf(sql`select user_id as id from calendar_feeds where token_hash = ${tokenHash}`),
  );
  const row = result.rows[0];
  return row.owner === null ? null : row.items;
}

/** One consultation as its buyer or its mentor sees it; null for anyone else and for one not on the calendar. */
export async function bookingItemFor(db: Executor, bookingId: number, userId: number): Promise<CalendarItem | null> {
  const result = await db.execute<{ item: CalendarItem }>(sql`
    with me as (select ${userId}::int as id)
    select ${bookingItem} as item ${bookingsOfMe}
    where b.id = ${bookingId} and ${bookingShown}`);
  return result.rows[0]?.item ?? null;
}

/** One event as anyone who can open its page sees it (the event page needs no sign-in either). */
export async function eventItem(db: Executor, eventId: number): Promise<CalendarItem | null> {
  const result = await db.execute<CalendarItem>(sql`
    select 'event' as kind, e.id, e.title, e.description, e.starts_at, e.starts_at + make_interval(mins => e.duration_minutes) as ends_at,
           e.is_canceled as cancelled, e.revision as sequence, 'participant' as role, ${fullName('m')} as with_name
    from events e join users m on m.id = e.mentor_id where e.id = ${eventId}`);
  return result.rows[0] ?? null;
}

/** When the person's current feed address was made, or null when they have none. */
export async function feedCreatedAt(db: Executor, userId: number): Promise<Date | null> {
  const result = await db.execute<{ created_at: string }>(sql`select created_at from calendar_feeds where user_id = ${userId}`);
  const row = result.rows[0];
  return row ? new Date(row.created_at) : null;
}

/** Makes the person's feed address, replacing any earlier one in the same statement (the old one stops working). */
export async function replaceFeedToken(db: Executor, userId: number, tokenHash: string): Promise<Date> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row.createdAt;
}

export async function deleteFeed(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`delete from calendar_feeds where user_id = ${userId}`);
}
