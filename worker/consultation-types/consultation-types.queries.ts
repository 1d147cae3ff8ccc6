import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { lockSlots, removeUnbookedSlots } from '../consultation-slots/slot-removal.queries.ts';

type Values = Partial<Pick<typeof consultationTypes.$inferInsert, 'name' | 'description' | 'durationMinutes' | 'costs' | 'loyaltySteps' | 'packages' | 'isRecorded' | BookingRuleColumn>>;
type BookingRuleColumn = 'minNoticeHours' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'horizonDays' | 'dailyLimit' | 'cancelCutoffHours';

const current = isNull(consultationTypes.archivedAt);

const typeColumns = {
  id: consultationTypes.id,
  mentorId: consultationTypes.mentorId,
  name: consultationTypes.name,
  description: consultationTypes.description,
  durationMinutes: consultationTypes.durationMinutes,
  costs: consultationTypes.costs,
  loyaltySteps: consultationTypes.loyaltySteps,
  packages: consultationTypes.packages,
  isRecorded: consultationTypes.isRecorded,
  minNoticeHours: consultationTypes.minNoticeHours,
  bufferBeforeMinutes: consultationTypes.bufferBeforeMinutes,
  bufferAfterMinutes: consultationTypes.bufferAfterMinutes,
  horizonDays: consultationTypes.horizonDays,
  dailyLimit: consultationTypes.dailyLimit,
  cancelCutoffHours: consultationTypes.cancelCutoffHours,
};

/** A mentor's bookable consultation types (archived ones keep only their bookings' history). */
export function listConsultationTypes(db: Db, mentorId: number) {
  return db
    .select(typeColumns)
    .from(consultationTypes)
    .where(and(eq(consultationTypes.mentorId, mentorId), current))
    .orderBy(asc(consultationTypes.id));
}

/** A current type; with `mentorId`, only that mentor's. */
export async function findConsultationType(db: Db, id: number, mentorId?: number) {
  const [row] = await db
    .select(typeColumns)
    .from(consultationTypes)
    .where(and(eq(consultationTypes.id, id), mentorId === undefined ? undefined : eq(consultationTypes.mentorId, mentorId), current));
  return row ?? null;
}

export async function insertConsultationType(db: Db, mentorId: number, values: Required<Omit<Values, 'loyaltySteps' | 'packages' | 'isRecorded' | BookingRuleColumn>> & Pick<Values, 'loyaltySteps' | 'packages' | 'isRecorded' | BookingRuleColumn>) {
  const [row] = await db.insert(consultationTypes).values({ ...values, mentorId }).returning(typeColumns);
  return row;
}

/** null when the mentor has no such current type. */
export async function updateConsultationType(db: Db, mentorId: number, id: number, values: Values) {
  if (!Object.keys(values).length) return findConsultationType(db, id, mentorId);
  const [row] = await db
    .update(consultationTypes)
    .set(values)
    .where(and(eq(consultationTypes.id, id), eq(consultationTypes.mentorId, mentorId), current))
    .returning(typeColumns);
  return row ?? null;
}

/**
 * Deletes a type no booking ever named (its slots and series go with it), or archives one with bookings
 * and removes its free future slots, so its history stays and booked consultations still take place.
 * The type row is locked FOR UPDATE (slot inserts read it FOR KEY SHARE and wait), then its slots (booking
 * creation holds FOR SHARE on a slot), and only then are bookings looked for. null: no such type.
 */
export async function deleteConsultationType(db: Db, mentorId: number, id: number): Promise<'deleted' | 'archived' | null> {
  return db.transaction(async (tx) => {
    const [type] = await tx
      .select({ id: consultationTypes.id })
      .from(consultationTypes)
      .where(and(eq(consultationTypes.id, id), eq(consultationTypes.mentorId, mentorId), current))
      .for('update');
    if (!type) return null;
    const slots = await lockSlots(tx, eq(consultationSlots.consultationTypeId, id));
    const [booking] = await tx.select({ one: sql`1` }).from(consultationBookings).where(eq(consultationBookings.consultationTypeId, id)).limit(1);
    if (!booking) {
      await tx.delete(consultationTypes).where(eq(consultationTypes.id, id));
      return 'deleted';
    }
    await tx.update(consultationTypes).set({ archivedAt: sql`now()` }).where(eq(consultationTypes.id, id));
    await removeUnbookedSlots(tx, slots, { futureOnly: true });
    return 'archived';
  });
}

export type LoyaltyPrice = {
  regular_price: number;
  discount_percent: number;
  price: number;
  consultation_number: number;
  paid_before: number;
  mentor_name: string;
};

/**
 * What the type costs this mentee if booked now: forma_loyalty_price (migration 0040), the same function the booking's
 * insert prices with, so the dialog's figure is the one charged unless a payment lands in between. null: no such type.
 */
export async function loyaltyPriceFor(db: Db, typeId: number, menteeId: number) {
  const result = await db.execute<LoyaltyPrice>(sql`
    select lp.regular_price, lp.discount_percent, lp.price, lp.consultation_number, lp.paid_before, u.first_name as mentor_name
    from consultation_types t join users u on u.id = t.mentor_id
    cross join lateral forma_loyalty_price(t.id, ${menteeId}::int) lp
    where t.id = ${typeId} and t.archived_at is null`);
  return result.rows[0] ?? null;
}
