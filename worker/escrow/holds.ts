// Holds that ran out: a booking or a paid registration waits 15 minutes for its payment. After that the
// booking is `expired` (its slot free again), the registration `canceled` (the trigger gives the seat
// back), and their pending payments `canceled`. The minute scheduler sweeps them in bounded batches;
// booking and registration also expire a stale hold lazily before taking the same slot or seat.
// One statement each: the service rows are locked (skip locked, so a row being paid right now is left to
// its payment) before their payments, the same order every money transition uses.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';

export const HOLD_BATCH = 200;

async function counted(db: Executor, query: SQL) {
  const result = await db.execute<{ services: number; payments: number }>(query);
  const row = result.rows[0];
  return { services: Number(row?.services ?? 0), payments: Number(row?.payments ?? 0) };
}

export async function expireBookingHolds(db: Executor, options: { slotId?: number; limit?: number } = {}) {
  const onSlot = options.slotId === undefined ? sql`` : sql`and slot_id = ${options.slotId}`;
  const { services, payments } = await counted(
    db,
    sql`
    with due as (
      select id from consultation_bookings
      where status = 'pending_payment' and hold_expires_at < now() ${onSlot}
      order by hold_expires_at
      limit ${options.limit ?? HOLD_BATCH}
      for no key update skip locked
    ), expired as (
      update consultation_bookings b set status = 'expired', updated_at = now()
      from due where b.id = due.id and b.status = 'pending_payment'
      returning b.id
    ), canceled as (
      update payments p set status = 'canceled', updated_at = now()
      from expired where p.booking_id = expired.id and p.status = 'pending'
      returning p.id
    )
    select (select count(*) from expired) as services, (select count(*) from canceled) as payments`,
  );
  return { bookings: services, payments };
}

export async function expireRegistrationHolds(db: Executor, options: { eventId?: number; limit?: number } = {}) {
  const onEvent = options.eventId === undefined ? sql`` : sql`and event_id = ${options.eventId}`;
  const { services, payments } = await counted(
    db,
    sql`
    with due as (
      select id from event_registrations
      where status = 'pending_payment' and hold_expires_at < now() ${onEvent}
      order by hold_expires_at
      limit ${options.limit ?? HOLD_BATCH}
      for no key update skip locked
    ), expired as (
      update event_registrations r set status = 'canceled', canceled_at = now()
      from due where r.id = due.id and r.status = 'pending_payment'
      returning r.id
    ), canceled as (
      update payments p set status = 'canceled', updated_at = now()
      from expired where p.registration_id = expired.id and p.status = 'pending'
      returning p.id
    )
    select (select count(*) from expired) as services, (select count(*) from canceled) as payments`,
  );
  return { registrations: services, payments };
}
