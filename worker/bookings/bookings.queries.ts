import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { users } from '../../drizzle/schema/users.ts';
import { BOOKING_HOLD_MINUTES } from './bookings.schemas.ts';

const mentor = alias(users, 'mentor');
const mentee = alias(users, 'mentee');


/** A booking with what its detail and list show: slot, type, both people, its payment, dispute and room. */
function bookingView(db: Executor) {
  return db
    .select({
      booking: consultationBookings,
      slot: { id: consultationSlots.id, startsAt: consultationSlots.startsAt, endsAt: consultationSlots.endsAt },
      type: { id: consultationTypes.id, name: consultationTypes.name, description: consultationTypes.description, durationMinutes: consultationTypes.durationMinutes },
      mentor: { id: mentor.id, firstName: mentor.firstName, lastName: mentor.lastName, avatarUrl: mentor.avatarUrl },
      mentee: { id: mentee.id, firstName: mentee.firstName, lastName: mentee.lastName, avatarUrl: mentee.avatarUrl },
      // the live payment if there is one, else the newest canceled attempt
      payment: sql<{ id: string; status: string; deal_id: string | null } | null>`(
        select json_build_object('id', p.id, 'status', p.status, 'deal_id', p.provider_deal_id) from payments p
        where p.booking_id = ${consultationBookings.id}
        order by p.status = 'canceled', p.created_at desc limit 1)`,
      disputeStatus: sql<string | null>`(select d.status::text from disputes d where d.booking_id = ${consultationBookings.id})`,
      conferenceStatus: sql<string | null>`(
        select c.status::text from conferences c where c.content_type = 'consultationbooking' and c.object_id = ${consultationBookings.id})`,
    })
    .from(consultationBookings)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, consultationBookings.consultationTypeId))
    .innerJoin(mentor, eq(mentor.id, consultationBookings.mentorId))
    .innerJoin(mentee, eq(mentee.id, consultationBookings.menteeId));
}

export type BookingViewRow = Awaited<ReturnType<ReturnType<typeof bookingView>['execute']>>[number];

const isParty = (userId: number) => or(eq(consultationBookings.menteeId, userId), eq(consultationBookings.mentorId, userId));

/** The booking as its booker or its mentor sees it; null for anyone else, as for a missing one. */
export async function findBookingFor(db: Db, bookingId: number, userId: number) {
  const [row] = await bookingView(db).where(and(eq(consultationBookings.id, bookingId), isParty(userId)));
  return row ?? null;
}

/** The caller's bookings as booker and as mentor, the latest slot first. */
export function listBookingsFor(db: Db, userId: number, limit = 200) {
  return bookingView(db)
    .where(isParty(userId))
    .orderBy(desc(consultationSlots.startsAt), desc(consultationBookings.id))
    .limit(limit);
}

/** `taken`: a live booking (paid, finished, or a hold still running) has the slot. */
export type SlotForBooking = { id: number; mentorId: number; typeId: number; costs: number; past: boolean; archived: boolean; taken: boolean };

function selectSlotForBooking(slotId: number, lock: boolean) {
  return sql`
    select s.id, s.mentor_id, t.id as type_id, t.costs, s.starts_at <= now() as past, t.archived_at is not null as archived,
           exists (select 1 from consultation_bookings b where b.slot_id = s.id
                   and (b.status in ('paid', 'finished') or (b.status = 'pending_payment' and b.hold_expires_at > now()))) as taken
    from consultation_slots s join consultation_types t on t.id = s.consultation_type_id
    where s.id = ${slotId} and s.deleted_at is null
    ${lock ? sql`for share of s` : sql``}`;
}

async function readSlotForBooking(tx: Executor, slotId: number, lock: boolean) {
  const result = await tx.execute<{ id: number; mentor_id: number; type_id: number; costs: number; past: boolean; archived: boolean; taken: boolean }>(
    selectSlotForBooking(slotId, lock),
  );
  const row = result.rows[0];
  if (!row) return null;
  return { id: Number(row.id), mentorId: Number(row.mentor_id), typeId: Number(row.type_id), costs: Number(row.costs), past: row.past, archived: row.archived, taken: row.taken };
}

/**
 * The slot, locked FOR SHARE: the slot writer locks it FOR UPDATE before it checks for live bookings, so a
 * slot can't be moved or deleted while we book it. Null for a missing or deleted slot.
 */
export function lockSlotForBooking(tx: Executor, slotId: number): Promise<SlotForBooking | null> {
  return readSlotForBooking(tx, slotId, true);
}

/**
 * The slot as it stands, without a lock or a transaction (one statement over the HTTP path), with whether a live
 * booking (paid, finished, or a hold still running) already holds it: what lets the losers of a race for a slot
 * learn so without opening a connection each. Only a hint; the live-slot index decides.
 */
export function peekSlotForBooking(db: Db, slotId: number) {
  return readSlotForBooking(db, slotId, false);
}

/** Inserts the booking; the partial unique index consultation_bookings_live_slot_uq refuses a second live one. */
export async function insertBooking(tx: Executor, slot: SlotForBooking, menteeId: number, questions: string) {
  const free = slot.costs === 0;
  const [row] = await tx
    .insert(consultationBookings)
    .values({
      slotId: slot.id,
      menteeId,
      mentorId: slot.mentorId,
      consultationTypeId: slot.typeId,
      status: free ? 'paid' : 'pending_payment',
      questions,
      price: slot.costs,
      holdExpiresAt: free ? null : sql`now() + make_interval(mins => ${BOOKING_HOLD_MINUTES}::int)`,
      paidAt: free ? sql`now()` : null,
    })
    .returning();
  return row;
}

/** The slot's start and the database's clock, for the cancellation policy and "after the start". */
export async function slotTimes(tx: Executor, slotId: number) {
  const result = await tx.execute<{ starts_at: string; ends_at: string; now: string }>(sql`
    select to_json(starts_at)#>>'{}' as starts_at, to_json(ends_at)#>>'{}' as ends_at, to_json(now())#>>'{}' as now
    from consultation_slots where id = ${slotId}`);
  const row = result.rows[0];
  return { startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at), now: new Date(row.now) };
}
