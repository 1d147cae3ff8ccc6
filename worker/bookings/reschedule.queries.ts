// Moving a booking to another slot (issue 38 §1, decision 024): one non-interactive transaction over HTTP (decision
// 015). The booking keeps its row, so its payment, escrow, ledger and fiscal receipts, which all point at the booking,
// follow it untouched; the database decides everything that can race.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { expireSlotHoldsStatement } from '../escrow/holds.queries.ts';

/** What a move's answer is decided from: the booking as it now stands, its slot and the one asked for. */
export type MoveFacts = {
  mentee_id: number;
  mentor_id: number;
  status: string;
  slot_id: number;
  cancel_cutoff_hours: number;
  starts_at: string;
  now: string;
  disputed: boolean;
  target_found: boolean;
  target_mentor_id: number | null;
  target_type_id: number | null;
  type_id: number;
  target_past: boolean;
  target_taken: boolean;
};

export type MovedRow = { id: number; old_slot_id: number; old_starts_at: string; revision: number };

/**
 * The move in one round trip: the new slot FOR SHARE (the slot writer locks it FOR UPDATE before it looks for live
 * bookings, so it can't move or go meanwhile), a hold on it that ran out expired, then one conditional update: only the
 * booking's mentee, only a paid booking not under dispute, before its start and its cut-off, only onto a live slot of
 * the same mentor and type that has not started, judged by the type's booking rules without the booking itself (a move
 * within its own buffer or day is no new booking: the transaction names it for migration 0061). The update raises the booking's revision (the calendar's SEQUENCE;
 * its trigger raises it on status changes only). The rest the database refuses by itself: a slot someone else holds or
 * booked (the live-slot unique index: of many moving or booking onto one slot at once exactly one wins, the others get
 * 23505) and the type's booking rules for the new slot (the trigger of migration 0057). Then the facts, which say why
 * nothing moved.
 */
export async function moveBookingAtOnce(db: Db, { bookingId, menteeId, slotId }: { bookingId: number; menteeId: number; slotId: number }) {
  const { http } = db;
  const [, , , moved, facts] = await http.batch([
    // the booking rules judge the new slot without this booking (forma_booking_rule_broken, migration 0061)
    http.execute(sql`select set_config('forma.moved_booking', ${String(bookingId)}, true)`),
    http.execute(sql`select 1 from consultation_slots where id = ${slotId} and deleted_at is null for share`),
    http.execute(expireSlotHoldsStatement(slotId)),
    http.execute<MovedRow>(sql`
      update consultation_bookings b
      set slot_id = tgt.id, revision = b.revision + 1, updated_at = now()
      from consultation_slots cur, consultation_slots tgt
      where b.id = ${bookingId} and b.mentee_id = ${menteeId} and b.status = 'paid'
        and cur.id = b.slot_id and cur.starts_at > now()
        and (b.cancel_cutoff_hours = 0 or now() < cur.starts_at - make_interval(hours => b.cancel_cutoff_hours))
        and not exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open')
        and tgt.id = ${slotId} and tgt.id <> b.slot_id and tgt.deleted_at is null and tgt.starts_at > now()
        and tgt.mentor_id = b.mentor_id and tgt.consultation_type_id = b.consultation_type_id
      returning b.id, cur.id as old_slot_id, to_json(cur.starts_at)#>>'{}' as old_starts_at, b.revision`),
    http.execute<MoveFacts>(sql`
      select b.mentee_id, b.mentor_id, b.status, b.slot_id, b.cancel_cutoff_hours, b.consultation_type_id as type_id,
             to_json(cur.starts_at)#>>'{}' as starts_at, to_json(now())#>>'{}' as now,
             exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open') as disputed,
             tgt.id is not null and tgt.deleted_at is null as target_found,
             tgt.mentor_id as target_mentor_id, tgt.consultation_type_id as target_type_id,
             coalesce(tgt.starts_at <= now(), false) as target_past,
             exists (select 1 from consultation_bookings o where o.slot_id = ${slotId} and o.id <> b.id
                     and o.status in ('pending_payment', 'paid', 'finished')) as target_taken
      from consultation_bookings b
      join consultation_slots cur on cur.id = b.slot_id
      left join consultation_slots tgt on tgt.id = ${slotId}
      where b.id = ${bookingId} and (b.mentee_id = ${menteeId} or b.mentor_id = ${menteeId})`),
  ]);
  const row = moved.rows[0];
  return {
    moved: row ? { id: Number(row.id), oldSlotId: Number(row.old_slot_id), oldStartsAt: new Date(row.old_starts_at), revision: Number(row.revision) } : null,
    facts: facts.rows[0] ?? null,
  };
}
