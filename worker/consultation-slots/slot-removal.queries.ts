// Removing slots without pulling them from under a booking (decision 006). Booking creation takes FOR
// SHARE on the slot row, so the writer first locks the slots FOR UPDATE in one statement and only then,
// in a later statement whose snapshot sees every booking committed before the locks were granted,
// decides what to remove. A check in the same statement as the lock would use the snapshot taken before
// waiting, and miss a booking committed meanwhile.
import { and, asc, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { consultationSlots } from '../../drizzle/schema/consultations.ts';
import { hasLiveBooking } from './live-booking.ts';

/** Locks the live (not deleted) slots matching `where`, in id order; their ids. */
export async function lockSlots(tx: Tx, where: SQL | undefined) {
  const rows = await tx
    .select({ id: consultationSlots.id })
    .from(consultationSlots)
    .where(and(where, isNull(consultationSlots.deletedAt)))
    .orderBy(asc(consultationSlots.id))
    .for('update');
  return rows.map((r) => r.id);
}

export type Removal = { deleted: number; keptBooked: number };

/**
 * Of the slots locked by lockSlots, removes those without a live booking: a slot no booking ever named
 * is deleted; one with only dead bookings (canceled, expired, a hold that ran out) keeps its row for their
 * history and is soft-deleted (deleted_at). Slots with a live booking stay; `keptBooked` counts them.
 * `futureOnly` leaves slots that have already started alone.
 */
export async function removeUnbookedSlots(tx: Tx, lockedIds: number[], { futureOnly = false } = {}): Promise<Removal> {
  if (!lockedIds.length) return { deleted: 0, keptBooked: 0 };
  const result = await tx.execute<{ deleted: number | string; kept_booked: number | string }>(sql`
    with target as (
      select s.id, ${hasLiveBooking(sql`s.id`)} as booked,
             exists (select 1 from consultation_bookings h where h.slot_id = s.id) as has_history
        from consultation_slots s
       where s.id = any(${sql.param(lockedIds)}::int[]) and s.deleted_at is null
             ${futureOnly ? sql`and s.starts_at > now()` : sql``}
    ), hard as (
      delete from consultation_slots s using target t where s.id = t.id and not t.has_history returning s.id
    ), soft as (
      update consultation_slots s set deleted_at = now() from target t where s.id = t.id and t.has_history and not t.booked returning s.id
    )
    select (select count(*) from hard) + (select count(*) from soft) as deleted,
           (select count(*) from target where booked) as kept_booked`);
  const [row] = result.rows;
  return { deleted: Number(row.deleted), keptBooked: Number(row.kept_booked) };
}
