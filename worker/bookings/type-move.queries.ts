// Moving a paid booking onto a slot of another of its mentor's consultation types (issue 38 §1, decision 024): the
// facts a quote and a move are judged from, the move's row, the booking's change, and the top-up's payment. Each runs
// in the caller's transaction (or on its own for a quote); the database holds what can race.
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../drizzle/db.ts';
import { expireSlotHoldsStatement } from '../escrow/holds.queries.ts';
import { BOOKING_HOLD_MINUTES } from './bookings.schemas.ts';

/** How long a move to a dearer type holds its new slot while the top-up is paid: as long as a booking's hold. */
export const TOP_UP_HOLD_MINUTES = BOOKING_HOLD_MINUTES;

/** What a move is judged from: the booking as it stands, its slot, the slot asked for and that slot's type. */
export type TypeMoveFacts = {
  mentee_id: number;
  mentor_id: number;
  status: string;
  slot_id: number;
  type_id: number;
  package_id: number | null;
  price: number;
  discount_percent: number;
  cancel_cutoff_hours: number;
  starts_at: string;
  now: string;
  disputed: boolean;
  target_found: boolean;
  target_mentor_id: number | null;
  target_type_id: number | null;
  target_starts_at: string | null;
  target_ends_at: string | null;
  target_past: boolean;
  /** a live booking of another, or another booking's pending proposal or awaited top-up, holds the slot */
  target_taken: boolean;
  target_type_name: string | null;
  target_regular_price: number | null;
  target_cutoff_hours: number | null;
  target_archived: boolean;
  /** the type's booking rule the slot breaks for this booking now (decision 022), or null */
  rule: string | null;
};

/** The facts of moving `bookingId` onto `slotId`, as its mentee or mentor sees them (null for anyone else). */
export async function typeMoveFacts(ex: Executor, { bookingId, callerId, slotId }: { bookingId: number; callerId: number; slotId: number }) {
  const result = await ex.execute<TypeMoveFacts>(sql`
    select b.mentee_id, b.mentor_id, b.status, b.slot_id, b.consultation_type_id as type_id, b.package_id, b.price,
           b.discount_percent, b.cancel_cutoff_hours,
           to_json(cur.starts_at)#>>'{}' as starts_at, to_json(now())#>>'{}' as now,
           exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open') as disputed,
           tgt.id is not null and tgt.deleted_at is null as target_found,
           tgt.mentor_id as target_mentor_id, tgt.consultation_type_id as target_type_id,
           to_json(tgt.starts_at)#>>'{}' as target_starts_at, to_json(tgt.ends_at)#>>'{}' as target_ends_at,
           coalesce(tgt.starts_at <= now(), false) as target_past,
           (exists (select 1 from consultation_bookings o where o.slot_id = tgt.id and o.id <> b.id
                     and o.status in ('pending_payment', 'paid', 'finished')
                     and (o.status <> 'pending_payment' or o.hold_expires_at is null or o.hold_expires_at > now()))
            or exists (select 1 from booking_move_proposals p join consultation_bookings pb on pb.id = p.booking_id
                       where p.slot_id = tgt.id and p.status = 'pending' and p.expires_at > now() and p.booking_id <> b.id and pb.status = 'paid')
            or exists (select 1 from booking_type_moves m join consultation_bookings mb on mb.id = m.booking_id
                       where m.to_slot_id = tgt.id and m.status = 'awaiting_payment' and m.hold_expires_at > now()
                         and m.booking_id <> b.id and mb.status = 'paid')) as target_taken,
           t.name as target_type_name, t.costs as target_regular_price, t.cancel_cutoff_hours as target_cutoff_hours,
           coalesce(t.archived_at is not null, false) as target_archived,
           case when tgt.id is not null then forma_booking_rule_broken(tgt.id, now(), b.id) end as rule
    from consultation_bookings b
    join consultation_slots cur on cur.id = b.slot_id
    left join consultation_slots tgt on tgt.id = ${slotId}
    left join consultation_types t on t.id = tgt.consultation_type_id
    where b.id = ${bookingId} and (b.mentee_id = ${callerId} or b.mentor_id = ${callerId})`);
  return result.rows[0] ?? null;
}

/** What a move changes the booking to, as quoted. */
export type TypeMoveValues = {
  bookingId: number;
  fromSlotId: number;
  toSlotId: number;
  fromTypeId: number;
  toTypeId: number;
  priceBefore: number;
  priceAfter: number;
  regularPriceAfter: number;
  typeNameAfter: string;
  cancelCutoffHoursAfter: number;
};

/** Locks the slot against bookings (they lock it FOR SHARE first) and expires a hold on it that ran out. */
export async function lockSlotForMove(tx: Tx, bookingId: number, slotId: number) {
  await nameMovedBooking(tx, bookingId);
  await tx.execute(sql`select 1 from consultation_slots where id = ${slotId} and deleted_at is null for update`);
  await tx.execute(expireSlotHoldsStatement(slotId));
}

/** The booking rules judge a slot without the booking that moves onto it (forma_booking_rule_broken, migration 0061). */
export async function nameMovedBooking(tx: Tx, bookingId: number) {
  await tx.execute(sql`select set_config('forma.moved_booking', ${String(bookingId)}, true)`);
}

/** An earlier move of the booking still waiting for its top-up ends (a new one replaces it); its payment is not awaited. */
export async function cancelAwaitingMove(tx: Tx, bookingId: number) {
  await tx.execute(sql`
    with ended as (update booking_type_moves set status = 'canceled' where booking_id = ${bookingId} and status = 'awaiting_payment' returning id)
    update payments set status = 'canceled', cancel_reason = 'canceled_by_merchant'
    where type_move_id in (select id from ended) and status = 'pending'`);
}

/** Stores the move: `done` at once, or `awaiting_payment` with its hold. Its id. */
export async function insertTypeMove(tx: Tx, v: TypeMoveValues, awaiting: boolean): Promise<{ id: number; holdExpiresAt: Date | null }> {
  const result = await tx.execute<{ id: number; hold_expires_at: string | null }>(sql`
    insert into booking_type_moves (booking_id, from_slot_id, to_slot_id, from_type_id, to_type_id, price_before, price_after,
                                    regular_price_after, type_name_after, cancel_cutoff_hours_after, status, hold_expires_at, done_at)
    values (${v.bookingId}, ${v.fromSlotId}, ${v.toSlotId}, ${v.fromTypeId}, ${v.toTypeId}, ${v.priceBefore}, ${v.priceAfter},
            ${v.regularPriceAfter}, ${v.typeNameAfter}, ${v.cancelCutoffHoursAfter},
            ${awaiting ? 'awaiting_payment' : 'done'},
            ${awaiting ? sql`now() + make_interval(mins => ${TOP_UP_HOLD_MINUTES})` : null}, ${awaiting ? null : sql`now()`})
    returning id, to_json(hold_expires_at)#>>'{}' as hold_expires_at`);
  const row = result.rows[0];
  return { id: Number(row.id), holdExpiresAt: row.hold_expires_at ? new Date(row.hold_expires_at) : null };
}

export type TypeMoved = { bookingId: number; oldStartsAt: Date; revision: number; priceBefore: number; priceAfter: number; typeNameBefore: string };

/**
 * The booking takes the move's slot, type, name, price and cut-off, only while it is as the move found it (paid, on the
 * old slot and type at the old price, not started) and the new slot is live and ahead. The live-slot index and the
 * triggers of migrations 0057 (the type's rules) and 0063 (holds of others) refuse the rest. Null when nothing moved.
 */
export async function applyTypeMove(tx: Tx, moveId: number): Promise<TypeMoved | null> {
  const result = await tx.execute<{ id: number; old_starts_at: string; revision: number; price_before: number; price_after: number; type_name_before: string }>(sql`
    update consultation_bookings b
    set slot_id = m.to_slot_id, consultation_type_id = m.to_type_id, type_name = m.type_name_after, price = m.price_after,
        regular_price = m.regular_price_after, cancel_cutoff_hours = m.cancel_cutoff_hours_after,
        revision = b.revision + 1, updated_at = now()
    from booking_type_moves m, consultation_slots cur, consultation_slots tgt, consultation_bookings before
    where m.id = ${moveId} and b.id = m.booking_id and before.id = b.id and b.status = 'paid'
      and b.slot_id = m.from_slot_id and b.consultation_type_id = m.from_type_id and b.price = m.price_before
      and cur.id = b.slot_id and cur.starts_at > now()
      and tgt.id = m.to_slot_id and tgt.deleted_at is null and tgt.starts_at > now()
    returning b.id, to_json(cur.starts_at)#>>'{}' as old_starts_at, b.revision, m.price_before, m.price_after, before.type_name as type_name_before`);
  const row = result.rows[0];
  if (!row) return null;
  await tx.execute(sql`update booking_type_moves set status = 'done', done_at = now(), hold_expires_at = null where id = ${moveId}`);
  return {
    bookingId: Number(row.id),
    oldStartsAt: new Date(row.old_starts_at),
    revision: Number(row.revision),
    priceBefore: Number(row.price_before),
    priceAfter: Number(row.price_after),
    typeNameBefore: row.type_name_before,
  };
}

/** The awaited move a top-up pays for, locked: its booking's id; null when it is no longer awaited (replaced, or applied). */
export async function lockAwaitedMove(tx: Tx, moveId: number): Promise<number | null> {
  const result = await tx.execute<{ booking_id: number }>(sql`
    select booking_id from booking_type_moves where id = ${moveId} and status = 'awaiting_payment' for update`);
  return result.rows[0] ? Number(result.rows[0].booking_id) : null;
}

/** The move whose top-up failed or came too late ends. */
export async function endAwaitedMove(tx: Tx, moveId: number) {
  await tx.execute(sql`update booking_type_moves set status = 'canceled' where id = ${moveId} and status = 'awaiting_payment'`);
}

/** The top-up's payment, pending, for the difference in kopecks; its id. */
export async function insertTopUpPayment(
  tx: Tx,
  p: { id: string; provider: string; bookingId: number; moveId: number; payerId: number; payeeId: number; amountKopecks: number; returnUrl: string },
) {
  await tx.execute(sql`
    insert into payments (id, provider, service_type, booking_id, type_move_id, payer_id, payee_id, amount_kopecks, return_url)
    values (${p.id}::uuid, ${p.provider}::payment_provider, 'consultation', ${p.bookingId}, ${p.moveId}, ${p.payerId}, ${p.payeeId},
            ${p.amountKopecks}, ${p.returnUrl})`);
}
