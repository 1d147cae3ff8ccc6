// The statements of a booking paid with a package's credit (book-from-package.ts).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../drizzle/db.ts';
import { consultationBookings, consultationPackages } from '../../drizzle/schema/consultations.ts';
import { expireSlotHoldsStatement } from '../escrow/holds.queries.ts';

type SlotState = { id: number; mentor_id: number; type_id: number; past: boolean; archived: boolean; taken: boolean };

/**
 * The slot FOR SHARE (the slot writer locks it FOR UPDATE before it looks for live bookings), a hold on it that ran out
 * expired, and the slot as a booking sees it (forma_slot_for_booking); null when it is missing or deleted.
 */
export async function lockSlotToBook(tx: Tx, slotId: number, menteeId: number) {
  await tx.execute(sql`select 1 from consultation_slots where id = ${slotId} and deleted_at is null for share`);
  await tx.execute(expireSlotHoldsStatement(slotId));
  const result = await tx.execute<SlotState>(sql`select id, mentor_id, type_id, past, archived, taken from forma_slot_for_booking(${slotId}::int, ${menteeId}::int)`);
  const row = result.rows[0];
  if (!row) return null;
  return { id: Number(row.id), mentorId: Number(row.mentor_id), typeId: Number(row.type_id), past: row.past, archived: row.archived, taken: row.taken };
}

/**
 * Spends one credit of the caller's active, unexpired package of this type: the one conditional UPDATE that decides a
 * race for the last credit (the row lock queues the second, which then finds `credits_left > 0` false). The last credit
 * leaves it `used_up`. The package as it now is, or null when nothing was spent.
 */
export async function spendCredit(tx: Tx, packageId: number, menteeId: number, typeId: number) {
  const [row] = await tx
    .update(consultationPackages)
    .set({
      creditsLeft: sql`${consultationPackages.creditsLeft} - 1`,
      status: sql`case when ${consultationPackages.creditsLeft} = 1 then 'used_up' else 'active' end::package_status`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(consultationPackages.id, packageId),
        eq(consultationPackages.menteeId, menteeId),
        eq(consultationPackages.consultationTypeId, typeId),
        eq(consultationPackages.status, 'active'),
        gt(consultationPackages.expiresAt, sql`now()`),
        gt(consultationPackages.creditsLeft, 0),
      ),
    )
    .returning();
  return row ?? null;
}

export async function packageOfCaller(db: Executor, packageId: number, menteeId: number) {
  const [row] = await db
    .select()
    .from(consultationPackages)
    .where(and(eq(consultationPackages.id, packageId), eq(consultationPackages.menteeId, menteeId)));
  return row ?? null;
}

/** The booking, paid at once by the package: the session's price, no hold; the live-slot index decides a race (23505). */
export async function insertPackageBooking(
  tx: Tx,
  b: { slot: { id: number; mentorId: number; typeId: number }; menteeId: number; questions: string; packageId: number; price: number },
) {
  const [row] = await tx
    .insert(consultationBookings)
    .values({
      slotId: b.slot.id,
      menteeId: b.menteeId,
      mentorId: b.slot.mentorId,
      consultationTypeId: b.slot.typeId,
      status: 'paid',
      questions: b.questions,
      price: b.price,
      packageId: b.packageId,
      paidAt: sql`now()`,
    })
    .returning();
  return row;
}
