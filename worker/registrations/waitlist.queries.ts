// SQL of an event's line (issue 38 §3, decision 023). Joining is one conditional INSERT … SELECT; the seat that frees
// is offered by the database itself (forma_offer_waitlist_seats, migration 0059), so nothing here counts seats
// before writing. Taking a free offer is one conditional UPDATE of the offered registration.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { pgError } from '../lib/db-errors.ts';
import { isoInstantRaw } from '../lib/iso-instant.ts';

/** A paid event, as register() reads it: a 100% discount makes it free. */
const paid = sql`(e.price > 0 and coalesce(e.discount_percent, 0) < 100)`;

export type JoinOutcome =
  | { kind: 'joined'; status: 'waiting' | 'offered' }
  | { kind: 'not_found' | 'own_event' | 'closed' | 'already_registered' | 'already_waiting' | 'seats_free' };

/**
 * Takes a place at the end of the line of a full event. When a seat freed meanwhile, the insert's trigger offers it
 * at once (the answer's status says so). A second live place is event_waitlist_live_uq's to refuse.
 */
export async function joinWaitlist(db: Db, eventId: number, userId: number): Promise<JoinOutcome> {
  try {
    const result = await db.execute<{ id: number }>(sql`
      insert into event_waitlist (event_id, user_id)
      select e.id, ${userId}::int from events e
      where e.id = ${eventId} and not e.is_canceled and e.starts_at > now() and e.mentor_id <> ${userId}::int
        and e.total_spots > 0 and e.taken_spots >= e.total_spots
        and not exists (select 1 from event_registrations r where r.event_id = e.id and r.user_id = ${userId}::int and r.status <> 'canceled')
      returning id`);
    const [row] = result.rows;
    if (row) {
      const status = await db.execute<{ status: 'waiting' | 'offered' }>(sql`select status from event_waitlist where id = ${row.id}`);
      return { kind: 'joined', status: status.rows[0]?.status === 'offered' ? 'offered' : 'waiting' };
    }
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23505' && err.constraint === 'event_waitlist_live_uq') return { kind: 'already_waiting' };
    throw e;
  }
  // Nothing inserted: say why.
  const facts = await db.execute<{ mentor_id: number; open: boolean; full: boolean; registered: boolean }>(sql`
    select e.mentor_id, (not e.is_canceled and e.starts_at > now()) as open,
           (e.total_spots > 0 and e.taken_spots >= e.total_spots) as full,
           exists (select 1 from event_registrations r where r.event_id = e.id and r.user_id = ${userId}::int and r.status <> 'canceled') as registered
    from events e where e.id = ${eventId}`);
  const [event] = facts.rows;
  if (!event) return { kind: 'not_found' };
  if (Number(event.mentor_id) === userId) return { kind: 'own_event' };
  if (!event.open) return { kind: 'closed' };
  if (event.registered) return { kind: 'already_registered' };
  return { kind: event.full ? 'closed' : 'seats_free' };
}

/** Leaves the line while still waiting; an offered place is left by giving up its registration (unregister). */
export async function leaveWaiting(db: Executor, eventId: number, userId: number) {
  const result = await db.execute<{ id: number }>(sql`
    update event_waitlist set status = 'left', ended_at = now()
    where event_id = ${eventId} and user_id = ${userId} and status = 'waiting'
    returning id`);
  return result.rows.length > 0;
}

/** The caller's live place: waiting or offered. */
export async function findLivePlace(db: Executor, eventId: number, userId: number) {
  const result = await db.execute<{ status: 'waiting' | 'offered' }>(sql`
    select status from event_waitlist where event_id = ${eventId} and user_id = ${userId} and status in ('waiting', 'offered')`);
  return result.rows[0] ?? null;
}

export type AcceptOutcome = { kind: 'accepted'; registrationId: number } | { kind: 'no_offer' | 'pay' };

/**
 * Takes the seat of a free event's offer before its deadline: the held registration is confirmed (its trigger marks
 * the place accepted). A paid seat is taken by paying for the held registration (POST /payments/, as any hold).
 */
export async function acceptFreeOffer(db: Db, eventId: number, userId: number): Promise<AcceptOutcome> {
  const result = await db.execute<{ id: number }>(sql`
    update event_registrations r set status = 'confirmed', confirmed_at = now(), hold_expires_at = null
    from event_waitlist w, events e
    where w.event_id = ${eventId} and w.user_id = ${userId} and w.status = 'offered' and r.id = w.registration_id
      and e.id = r.event_id and not ${paid} and r.status = 'pending_payment' and r.hold_expires_at > now()
    returning r.id`);
  const [row] = result.rows;
  if (row) return { kind: 'accepted', registrationId: Number(row.id) };
  const offer = await db.execute<{ paid: boolean }>(sql`
    select ${paid} as paid from event_waitlist w join events e on e.id = w.event_id
    join event_registrations r on r.id = w.registration_id
    where w.event_id = ${eventId} and w.user_id = ${userId} and w.status = 'offered' and r.status = 'pending_payment' and r.hold_expires_at > now()`);
  return { kind: offer.rows[0]?.paid ? 'pay' : 'no_offer' };
}

type LineRow = { user_id: number; status: 'waiting' | 'offered'; position: number; offer_expires_at: string | null; first_name: string | null; last_name: string | null };

/**
 * The event's live line in order (offers first: they stand at the door), with each place's position among those who
 * still wait; null when there is no such event. `mentor_id` decides who may see the names.
 */
export async function eventLine(db: Executor, eventId: number) {
  const event = await db.execute<{ mentor_id: number; paid: boolean }>(sql`select e.mentor_id, ${paid} as paid from events e where e.id = ${eventId}`);
  const [found] = event.rows;
  if (!found) return null;
  const rows = await db.execute<LineRow>(sql`
    select w.user_id, w.status,
           (case when w.status = 'waiting' then row_number() over (partition by w.status order by w.created_at, w.id) else 0 end)::int as position,
           ${isoInstantRaw('w.offer_expires_at')} as offer_expires_at, u.first_name, u.last_name
    from event_waitlist w join users u on u.id = w.user_id
    where w.event_id = ${eventId} and w.status in ('waiting', 'offered')
    order by (w.status = 'offered') desc, w.created_at, w.id`);
  return { mentorId: Number(found.mentor_id), paid: Boolean(found.paid), line: rows.rows.map((r) => ({ ...r, user_id: Number(r.user_id), position: Number(r.position) })) };
}

export type OfferToAnnounce = {
  id: number;
  user_id: number;
  event_id: number;
  title: string;
  paid: boolean;
  offer_expires_at: string;
  email: string | null;
  first_name: string | null;
  time_zone: string;
};

/**
 * Claims offers whose notice has not gone out (of one event, or any, oldest first, at most `limit`): each is claimed
 * once, whether by the request that freed the seat or by the minute job, so nobody is told twice.
 */
export async function claimUnannouncedOffers(db: Executor, options: { eventId?: number; limit: number }) {
  const onEvent = options.eventId === undefined ? sql`` : sql`and event_id = ${options.eventId}`;
  const result = await db.execute<OfferToAnnounce>(sql`
    with due as (
      select id from event_waitlist
      where status = 'offered' and notified_at is null ${onEvent}
      order by offered_at
      limit ${options.limit}
      for update skip locked
    )
    update event_waitlist w set notified_at = now()
    from due, events e, users u
    where w.id = due.id and e.id = w.event_id and u.id = w.user_id
    returning w.id, w.user_id, w.event_id, e.title, ${paid} as paid, ${isoInstantRaw('w.offer_expires_at')} as offer_expires_at,
              u.email, u.first_name, u.time_zone`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), event_id: Number(r.event_id), paid: Boolean(r.paid) }));
}
