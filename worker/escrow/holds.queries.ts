// The statement that expires holds which ran out (holds.ts says when and why), for bookings and for registrations.
// One statement each: the service rows are locked (skip locked, so a row being paid right now is left to its
// payment) before their payments, the same order every money transition uses.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { TIME_RAN_OUT } from '../payments/cancel-reasons.ts';

export const HOLD_BATCH = 200;

// What differs between the two holds: fixed identifiers and literals, never user input (hence sql.raw).
type HoldTable = {
  table: 'consultation_bookings' | 'event_registrations';
  scopeColumn: 'slot_id' | 'event_id';
  expiredStatus: 'expired' | 'canceled';
  stampColumn: 'updated_at' | 'canceled_at';
  paymentColumn: 'booking_id' | 'registration_id';
};

const BOOKINGS: HoldTable = {
  table: 'consultation_bookings',
  scopeColumn: 'slot_id',
  expiredStatus: 'expired',
  stampColumn: 'updated_at',
  paymentColumn: 'booking_id',
};

const REGISTRATIONS: HoldTable = {
  table: 'event_registrations',
  scopeColumn: 'event_id',
  expiredStatus: 'canceled',
  stampColumn: 'canceled_at',
  paymentColumn: 'registration_id',
};

/** The statement that expires holds which ran out (all, or those of one slot or event), counting what it changed. */
function expireHoldsStatement(hold: HoldTable, options: { scopeId?: number; limit?: number }) {
  const table = sql.raw(hold.table);
  const onScope = options.scopeId === undefined ? sql`` : sql`and ${sql.raw(hold.scopeColumn)} = ${options.scopeId}`;
  return sql`
    with due as (
      select id from ${table}
      where status = 'pending_payment' and hold_expires_at < now() ${onScope}
      order by hold_expires_at
      limit ${options.limit ?? HOLD_BATCH}
      for no key update skip locked
    ), expired as (
      update ${table} s set status = '${sql.raw(hold.expiredStatus)}', ${sql.raw(hold.stampColumn)} = now()
      from due where s.id = due.id and s.status = 'pending_payment'
      returning s.id
    ), canceled as (
      update payments p set status = 'canceled', cancel_reason = '${sql.raw(TIME_RAN_OUT)}', updated_at = now()
      from expired where p.${sql.raw(hold.paymentColumn)} = expired.id and p.status = 'pending'
      returning p.id
    )
    select (select count(*) from expired) as services, (select count(*) from canceled) as payments`;
}

/** Expires the holds of `kind` that ran out, answering how many services and payments it changed. */
export async function expireHolds(db: Executor, kind: 'bookings' | 'registrations', options: { scopeId?: number; limit?: number }) {
  const result = await db.execute<{ services: number; payments: number }>(expireHoldsStatement(kind === 'bookings' ? BOOKINGS : REGISTRATIONS, options));
  const row = result.rows[0];
  return { services: Number(row?.services ?? 0), payments: Number(row?.payments ?? 0) };
}

/** The same for one slot, as a statement of a larger batch (a booking expires a stale hold before it takes the slot). */
export const expireSlotHoldsStatement = (slotId: number) => expireHoldsStatement(BOOKINGS, { scopeId: slotId });
