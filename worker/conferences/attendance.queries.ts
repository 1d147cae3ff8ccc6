// Who was in a meeting (decision 012): the ConferenceRoom writes a row when a connection joins and stamps
// left_at when it leaves or is dropped, always with the database's clock. The socket route reads the room
// and the person in one statement before the upgrade.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { conferenceAttendance, conferences } from '../../drizzle/schema/conferences.ts';
import { users } from '../../drizzle/schema/users.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';
import { CLOSES_AFTER_MINUTES } from './conference-window.ts';

/** A stay shorter than this (a reload, a mis-click) is not attendance. */
export const MIN_STAY_SECONDS = 10;

/**
 * For the socket route: the person's name and avatar and the meeting's room, if one was started. One
 * statement; `conference` is null when nobody has created the room yet.
 */
export async function conferenceForSocket(db: Executor, contentType: ConferenceContentType, objectId: number, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
      conferenceId: conferences.id,
      status: conferences.status,
      topology: conferences.topology,
    })
    .from(users)
    .leftJoin(conferences, and(eq(conferences.contentType, contentType), eq(conferences.objectId, objectId)))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    name: `${row.firstName} ${row.lastName}`.trim(),
    avatarUrl: row.avatarUrl,
    conference: row.conferenceId == null ? null : { id: row.conferenceId, status: row.status!, topology: row.topology! },
  };
}

/**
 * A connection joined: one row, joined_at = now(). Written only while the meeting is still 'started' (the
 * same statement checks), so a socket that slipped past the route as the host ended the meeting records
 * nothing. Answers the row id, or null when the meeting is no longer running.
 */
export async function recordJoin(db: Executor, conferenceId: number, userId: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into conference_attendance (conference_id, user_id)
    select id, ${userId} from conferences where id = ${conferenceId} and status = 'started'
    returning id`);
  return rows[0]?.id ?? null;
}

/** The connection left (or was dropped): left_at = now(), once. */
export async function recordLeave(db: Executor, attendanceId: number) {
  await db
    .update(conferenceAttendance)
    .set({ leftAt: sql`now()` })
    .where(and(eq(conferenceAttendance.id, attendanceId), isNull(conferenceAttendance.leftAt)));
}

/** A stay counts when it is still open or lasted at least MIN_STAY_SECONDS (server timestamps both). */
const countedStay = or(
  isNull(conferenceAttendance.leftAt),
  sql`${conferenceAttendance.leftAt} - ${conferenceAttendance.joinedAt} >= make_interval(secs => ${MIN_STAY_SECONDS})`,
);

/**
 * Who was present in [from, until): people with a counted stay that overlaps the window, each with the
 * earliest join among those stays. The no-show rule asks more of a mentor than this (time with the mentee around
 * the start: worker/maintenance/no-show.queries.ts, decision 012).
 */
export async function presentUsers(db: Executor, conferenceId: number, from: Date, until: Date) {
  return db
    .select({ userId: conferenceAttendance.userId, firstJoinedAt: sql<Date>`min(${conferenceAttendance.joinedAt})`.mapWith(conferenceAttendance.joinedAt) })
    .from(conferenceAttendance)
    .where(
      and(
        eq(conferenceAttendance.conferenceId, conferenceId),
        lt(conferenceAttendance.joinedAt, until),
        or(isNull(conferenceAttendance.leftAt), gt(conferenceAttendance.leftAt, from)),
        countedStay,
      ),
    )
    .groupBy(conferenceAttendance.userId)
    .orderBy(sql`min(${conferenceAttendance.joinedAt})`);
}

/**
 * A participant polled for a room that isn't open yet: remembered (first and latest poll) so the no-show rule
 * can count a mentee who waited from the start for a mentor who never opened the room. One statement.
 */
export async function recordWait(db: Executor, contentType: ConferenceContentType, objectId: number, userId: number) {
  await db.execute(sql`
    insert into conference_waits (content_type, object_id, user_id) values (${contentType}, ${objectId}, ${userId})
    on conflict (content_type, object_id, user_id) do update set last_seen_at = now()`);
}

/**
 * Stays left open by a room that stopped without closing its sockets (the object evicted or restarted): once
 * the meeting is ended or past its window, each is stamped with the room's end (or the window's close), so it
 * stops counting as present. One statement; the minute job calls it.
 */
export async function closeStaleStays(db: Executor): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    update conference_attendance a
       set left_at = greatest(a.joined_at, least(now(), coalesce(c.ended_at, m.ends_at + make_interval(mins => ${CLOSES_AFTER_MINUTES}))))
      from conferences c
      join lateral (
        select s.ends_at from consultation_bookings b join consultation_slots s on s.id = b.slot_id
         where c.content_type = 'consultationbooking' and b.id = c.object_id
        union all
        select e.starts_at + make_interval(mins => e.duration_minutes) from events e
         where c.content_type = 'events' and e.id = c.object_id
      ) m on true
     where a.conference_id = c.id and a.left_at is null
       and (c.status = 'ended' or now() > m.ends_at + make_interval(mins => ${CLOSES_AFTER_MINUTES}))
    returning a.id`);
  return result.rows.length;
}
