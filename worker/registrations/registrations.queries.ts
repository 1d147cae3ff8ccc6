import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { REGISTRATION_HOLD_MINUTES } from './registrations.schemas.ts';

const live = inArray(eventRegistrations.status, ['pending_payment', 'confirmed']);

/** The event's live registrations (pending payment and confirmed); null when there is no such event. */
export async function liveRegistrations(db: Db, eventId: number) {
  const rows = await db
    .select({ eventId: events.id, registration: { id: eventRegistrations.id, userId: eventRegistrations.userId, status: eventRegistrations.status, createdAt: eventRegistrations.createdAt } })
    .from(events)
    .leftJoin(eventRegistrations, and(eq(eventRegistrations.eventId, events.id), live))
    .where(eq(events.id, eventId))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  if (!rows.length) return null;
  return rows.flatMap((r) => (r.registration ? [r.registration] : []));
}

export async function findLiveRegistration(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({ id: eventRegistrations.id, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId), live))
    .limit(1);
  return row ?? null;
}

export type RegisterOutcome =
  | { kind: 'registered'; row: { id: number; eventId: number; status: 'pending_payment' | 'confirmed'; holdExpiresAt: Date | null } }
  | { kind: 'not_found' }
  | { kind: 'own_event' }
  | { kind: 'closed' }
  | { kind: 'already_registered' }
  | { kind: 'no_seats' };

/** The SQLSTATE and constraint of a failed statement (drizzle wraps the driver's error in `cause`). */
function pgError(e: unknown) {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return { code: err.code, constraint: err.constraint };
  }
  return null;
}

/**
 * Registers a user in one conditional INSERT … SELECT: the event must exist, not be canceled, not have
 * started and not be the user's own. The seats and "once per person" are the database's to decide: the
 * trigger event_registrations_count_spots bumps taken_spots under the event's row lock and the CHECK
 * events_spots refuses the seat after the last (23514); event_registrations_live_uq refuses a second live
 * registration (23505). No count is read first, so concurrent registrations cannot oversell.
 */
export async function register(db: Db, eventId: number, userId: number): Promise<RegisterOutcome> {
  // Paid holds that ran out give their seats back before anyone is told the event is full.
  await db
    .update(eventRegistrations)
    .set({ status: 'canceled', canceledAt: sql`now()` })
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'pending_payment'), sql`${eventRegistrations.holdExpiresAt} < now()`));

  // A 100% discount makes a paid event free.
  const paid = sql`(e.price > 0 and coalesce(e.discount_percent, 0) < 100)`;
  try {
    const result = await db.execute<{ id: number; event_id: number; status: 'pending_payment' | 'confirmed'; hold_expires_at: string | null }>(sql`
      insert into event_registrations (event_id, user_id, status, hold_expires_at, confirmed_at)
      select e.id, ${userId}::int,
             case when ${paid} then 'pending_payment'::registration_status else 'confirmed'::registration_status end,
             case when ${paid} then now() + make_interval(mins => ${REGISTRATION_HOLD_MINUTES}::int) end,
             case when ${paid} then null else now() end
      from events e
      where e.id = ${eventId} and not e.is_canceled and e.starts_at > now() and e.mentor_id <> ${userId}::int
      returning id, event_id, status, to_char(hold_expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as hold_expires_at`);
    const [row] = result.rows;
    if (row) {
      return {
        kind: 'registered',
        row: { id: Number(row.id), eventId: Number(row.event_id), status: row.status, holdExpiresAt: row.hold_expires_at ? new Date(row.hold_expires_at) : null },
      };
    }
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23514' && err.constraint === 'events_spots') return { kind: 'no_seats' };
    if (err?.code === '23505' && err.constraint === 'event_registrations_live_uq') return { kind: 'already_registered' };
    throw e;
  }
  // Nothing inserted: say why.
  const [event] = await db
    .select({ mentorId: events.mentorId })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return { kind: 'not_found' };
  if (event.mentorId === userId) return { kind: 'own_event' };
  return { kind: 'closed' };
}

/** Cancels the user's live registration (the trigger gives the seat back); false when there is none. */
export async function unregister(db: Db, eventId: number, userId: number) {
  const rows = await db
    .update(eventRegistrations)
    .set({ status: 'canceled', canceledAt: sql`now()` })
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId), ne(eventRegistrations.status, 'canceled')))
    .returning({ id: eventRegistrations.id });
  return rows.length > 0;
}
