import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots } from '../../drizzle/schema/consultations.ts';
import { disputes, payments } from '../../drizzle/schema/payments.ts';
import { users } from '../../drizzle/schema/users.ts';
import { isoInstantRaw as iso } from '../lib/iso-instant.ts';

const buyer = alias(users, 'buyer');

/** One side's record in the meeting's room: when they first came in and how long they stayed, in whole minutes. */
const stayOf = (userId: unknown) => sql`(
  select json_build_object('first_joined_at', ${iso('min(a.joined_at)')},
    'minutes', coalesce(round(sum(extract(epoch from coalesce(a.left_at, now()) - a.joined_at)) / 60), 0)::int)
  from conference_attendance a where a.conference_id = c.id and a.user_id = ${userId})`;

/**
 * What the room recorded about this consultation (decision 012), for the admin deciding the dispute (issue 35):
 * when the mentor opened the room, each side's stay, and when the buyer waited for a room that was not open.
 * Null parts where nothing was recorded.
 */
export type DisputeAttendance = {
  room_opened_at: string | null;
  buyer: { first_joined_at: string | null; minutes: number } | null;
  mentor: { first_joined_at: string | null; minutes: number } | null;
  buyer_waited: { first_seen_at: string; last_seen_at: string } | null;
};
const attendanceOf = sql<DisputeAttendance>`json_build_object(
  'room_opened_at', (select ${iso('c.started_at')} from conferences c
                     where c.content_type = 'consultationbooking' and c.object_id = ${consultationBookings.id}),
  'buyer', (select ${stayOf(consultationBookings.menteeId)} from conferences c
            where c.content_type = 'consultationbooking' and c.object_id = ${consultationBookings.id}),
  'mentor', (select ${stayOf(consultationBookings.mentorId)} from conferences c
             where c.content_type = 'consultationbooking' and c.object_id = ${consultationBookings.id}),
  'buyer_waited', (select json_build_object('first_seen_at', ${iso('w.first_seen_at')}, 'last_seen_at', ${iso('w.last_seen_at')})
                   from conference_waits w where w.content_type = 'consultationbooking' and w.object_id = ${consultationBookings.id}
                     and w.user_id = ${consultationBookings.menteeId}))`;
const mentor = alias(users, 'mentor');

export const DISPUTE_PAGE_SIZE = 200;

function disputeView(db: Db) {
  return db
    .select({
      dispute: disputes,
      price: consultationBookings.price,
      // as booked (migration 0030)
      typeName: sql<string>`${consultationBookings.typeName}`,
      startsAt: consultationSlots.startsAt,
      endsAt: consultationSlots.endsAt,
      attendance: attendanceOf,
      buyer: { id: buyer.id, firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
      mentor: { id: mentor.id, firstName: mentor.firstName, lastName: mentor.lastName, email: mentor.email },
    })
    .from(disputes)
    .innerJoin(consultationBookings, eq(consultationBookings.id, disputes.bookingId))
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
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

export type Dispute = typeof disputes.$inferSelect;

/** The booking's dispute, open or decided (one per booking); its id, or null. */
export async function findBookingDisputeId(tx: Tx, bookingId: number) {
  const [existing] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.bookingId, bookingId));
  return existing?.id ?? null;
}

/** The booking's payment that got through (held, released or refunded), locked whatever its state; null when none did. */
export async function lockPaidPayment(tx: Tx, bookingId: number) {
  const [payment] = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'released', 'refunded'])))
    .for('update');
  return payment ?? null;
}

export async function insertDispute(tx: Tx, values: { bookingId: number; openedBy: number; source: 'buyer'; text: string }): Promise<Dispute> {
  const [dispute] = await tx.insert(disputes).values(values).returning();
  return dispute;
}

/** open → the decision, with one conditional update; null when the dispute is not open (or does not exist). */
export async function decideOpenDispute(tx: Tx, disputeId: number, values: Pick<Dispute, 'status' | 'resolution' | 'resolvedBy' | 'resolvedAt'>) {
  const [dispute] = await tx
    .update(disputes)
    .set(values)
    .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'open')))
    .returning();
  return dispute ?? null;
}

export async function disputeExists(tx: Tx, disputeId: number) {
  const [known] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.id, disputeId));
  return Boolean(known);
}

/** Stores what the decision refunded; the dispute as it is now. */
export async function setDisputeRefund(tx: Tx, disputeId: number, refundKopecks: number | null): Promise<Dispute> {
  const [stored] = await tx.update(disputes).set({ refundKopecks }).where(eq(disputes.id, disputeId)).returning();
  return stored;
}
