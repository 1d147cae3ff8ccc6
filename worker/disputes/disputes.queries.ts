import { and, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { disputes } from '../../drizzle/schema/payments.ts';
import { users } from '../../drizzle/schema/users.ts';

const buyer = alias(users, 'buyer');
const mentor = alias(users, 'mentor');

export const DISPUTE_PAGE_SIZE = 200;

function disputeView(db: Db) {
  return db
    .select({
      dispute: disputes,
      price: consultationBookings.price,
      typeName: consultationTypes.name,
      startsAt: consultationSlots.startsAt,
      buyer: { id: buyer.id, firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
      mentor: { id: mentor.id, firstName: mentor.firstName, lastName: mentor.lastName, email: mentor.email },
    })
    .from(disputes)
    .innerJoin(consultationBookings, eq(consultationBookings.id, disputes.bookingId))
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, consultationBookings.consultationTypeId))
    .innerJoin(buyer, eq(buyer.id, consultationBookings.menteeId))
    .innerJoin(mentor, eq(mentor.id, consultationBookings.mentorId));
}

export type DisputeListRow = Awaited<ReturnType<ReturnType<typeof disputeView>['execute']>>[number];

/** Newest first; 'resolved' is every decided outcome. */
export function listDisputes(db: Db, status?: 'open' | 'resolved') {
  const where = status === 'open' ? eq(disputes.status, 'open') : status === 'resolved' ? ne(disputes.status, 'open') : undefined;
  return disputeView(db).where(where).orderBy(desc(disputes.createdAt), desc(disputes.id)).limit(DISPUTE_PAGE_SIZE);
}

export async function findDisputeView(db: Db, id: number) {
  const [row] = await disputeView(db).where(eq(disputes.id, id));
  return row ?? null;
}

/** Whether the booking has a dispute waiting for a decision: its money stays in escrow, and it cannot be canceled. */
export async function hasOpenDispute(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.bookingId, bookingId), eq(disputes.status, 'open')))
    .limit(1);
  return Boolean(row);
}
