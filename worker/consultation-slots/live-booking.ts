// When a slot counts as booked (decision 006): a booking that is paid, finished, or pending payment with
// a hold that has not run out. A pending booking whose hold ran out leaves the slot free, although the
// row keeps its status until the scheduler (or the next booking of that slot) marks it expired.
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL: the slot whose id is `slotId` has a live booking. The status list repeats the predicate of the
 * partial unique index consultation_bookings_live_slot_uq, so Postgres probes that index per slot; the
 * hold is checked on the one row it finds. Pass a qualified column (sql`s.id`, slotIdColumn): a bare
 * "id" inside the subquery would name the booking's own id.
 */
export function hasLiveBooking(slotId: SQL) {
  return sql`(exists (select 1 from consultation_bookings live_b
    where live_b.slot_id = ${slotId} and live_b.status in ('pending_payment', 'paid', 'finished')
      and (live_b.status <> 'pending_payment' or live_b.hold_expires_at is null or live_b.hold_expires_at > now()))
    or ${heldByProposal(slotId)} or ${heldByTopUp(slotId)})`;
}

/**
 * SQL: a paid booking's move to a dearer type holds the slot while its top-up is paid (decision 024, migration 0063's
 * trigger refuses any other booking of it), until the hold runs out.
 */
function heldByTopUp(slotId: SQL) {
  return sql`exists (select 1 from booking_type_moves held_m join consultation_bookings held_mb on held_mb.id = held_m.booking_id
    where held_m.to_slot_id = ${slotId} and held_m.status = 'awaiting_payment' and held_m.hold_expires_at > now() and held_mb.status = 'paid')`;
}

/**
 * SQL: a mentor's pending proposal to move a paid booking there holds the slot (decision 024, migration 0061's trigger
 * refuses any other booking of it): not offered, not removable, until it is answered or runs out.
 */
function heldByProposal(slotId: SQL) {
  return sql`exists (select 1 from booking_move_proposals held_p join consultation_bookings held_b on held_b.id = held_p.booking_id
    where held_p.slot_id = ${slotId} and held_p.status = 'pending' and held_p.expires_at > now() and held_b.status = 'paid')`;
}

/**
 * consultation_slots.id written out in full, for correlated subqueries in drizzle selects (drizzle leaves
 * columns unqualified when a select has one table).
 */
export const slotIdColumn = sql`"consultation_slots"."id"`;
