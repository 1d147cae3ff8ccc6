import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor, HttpDb } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { fiscalReceipts, payments } from '../../drizzle/schema/payments.ts';
import { users } from '../../drizzle/schema/users.ts';
import { expireSlotHoldsStatement } from '../escrow/holds.queries.ts';
import { limitsInBatch, withinLimits, type Limit } from '../lib/rate-limit.queries.ts';
import { storeNotificationInBatch, type NewNotification, type StoredNotification } from '../notifications/notify.ts';
import { BOOKING_HOLD_MINUTES, MAX_OPEN_HOLDS } from './bookings.schemas.ts';

const mentor = alias(users, 'mentor');
const mentee = alias(users, 'mentee');


/** A booking with what its detail and list show: slot, type, both people, its payment, dispute and room. */
function bookingView(db: Executor) {
  return db
    .select({
      booking: consultationBookings,
      slot: { id: consultationSlots.id, startsAt: consultationSlots.startsAt, endsAt: consultationSlots.endsAt },
      // the type's name as booked (migration 0030): a later rename doesn't change what was bought
      type: { id: consultationTypes.id, name: sql<string>`${consultationBookings.typeName}`, description: consultationTypes.description, durationMinutes: consultationTypes.durationMinutes },
      mentor: { id: mentor.id, firstName: mentor.firstName, lastName: mentor.lastName, avatarUrl: mentor.avatarUrl },
      mentee: { id: mentee.id, firstName: mentee.firstName, lastName: mentee.lastName, avatarUrl: mentee.avatarUrl },
      // the live payment if there is one, else the newest canceled attempt (the booking's own: not a top-up, decision 024)
      payment: sql<{ id: string; status: string; deal_id: string | null } | null>`(
        select json_build_object('id', p.id, 'status', p.status, 'deal_id', p.provider_deal_id) from payments p
        where p.booking_id = ${consultationBookings.id} and p.type_move_id is null
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

/**
 * The fiscal receipts of a payment the caller made and that went through, in the order they were made (the приход
 * first, as /loads lists them); none for anyone else's payment or one never paid.
 */
export function listPaidFiscalReceipts(db: Db, paymentId: string, payerId: number) {
  return db
    .select({
      kind: fiscalReceipts.kind,
      status: fiscalReceipts.status,
      amount_kopecks: fiscalReceipts.amountKopecks,
      registered_at: fiscalReceipts.registeredAt,
      fn: fiscalReceipts.fiscalStorageNumber,
      fd: fiscalReceipts.fiscalDocumentNumber,
      fp: fiscalReceipts.fiscalAttribute,
    })
    .from(fiscalReceipts)
    .innerJoin(payments, eq(payments.id, fiscalReceipts.paymentId))
    .where(and(eq(fiscalReceipts.paymentId, paymentId), eq(payments.payerId, payerId), sql`${payments.paidAt} is not null`))
    .orderBy(fiscalReceipts.createdAt, fiscalReceipts.kind, fiscalReceipts.id);
}

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

/**
 * A slot as a booking sees it: `taken` when a live booking (paid, finished, or a hold still running) has it, and how
 * many unpaid holds the would-be booker has running (a paid slot refuses a fourth, MAX_OPEN_HOLDS), and whether they
 * have a free consultation with its mentor that has not ended (a free slot then refuses them).
 */
export type SlotForBooking = {
  id: number;
  mentorId: number;
  typeId: number;
  costs: number;
  /** as Postgres wrote it (microseconds kept), to check that the slot has not moved since */
  startsAt: string;
  mentorTimeZone: string;
  past: boolean;
  archived: boolean;
  taken: boolean;
  openHolds: number;
  /** the booker already has a free consultation with this mentor that has not ended (one at a time, migration 0028) */
  freeBooked: boolean;
};

/** A row of forma_slot_for_booking (migrations 0025, 0028), and the id a look drew for its booking. */
type SlotRow = {
  id: number;
  mentor_id: number;
  type_id: number;
  costs: number;
  starts_at: string;
  mentor_time_zone: string;
  past: boolean;
  archived: boolean;
  taken: boolean;
  open_holds: number;
  free_booked: boolean;
  booking_id?: number | null;
};

const bookingsSequence = sql`pg_get_serial_sequence('consultation_bookings', 'id')`;

function toSlot(row: SlotRow | undefined): SlotForBooking | null {
  if (!row) return null;
  return {
    id: Number(row.id),
    mentorId: Number(row.mentor_id),
    typeId: Number(row.type_id),
    costs: Number(row.costs),
    startsAt: row.starts_at,
    mentorTimeZone: row.mentor_time_zone,
    past: row.past,
    archived: row.archived,
    taken: row.taken,
    openHolds: Number(row.open_holds),
    freeBooked: row.free_booked === true,
  };
}

/**
 * The slot as it stands (forma_slot_for_booking), read without a lock in one round trip: a free consultation's booking
 * is written from it (its mentor's notice names the booking and the time). A slot that looks free draws its booking's
 * id here, so the batch that books it can name the booking in the notification it stores with it. The slot is null
 * when it is missing or deleted.
 */
export async function peekSlotForBooking(db: Db, slotId: number, menteeId: number) {
  const result = await db.http.execute<SlotRow>(sql`
    select f.*, case when not f.taken then nextval(${bookingsSequence}) end as booking_id
    from forma_slot_for_booking(${slotId}::int, ${menteeId}::int) f`);
  const row = result.rows[0];
  return { slot: toSlot(row), bookingId: row?.booking_id == null ? null : Number(row.booking_id) };
}

type Booking = typeof consultationBookings.$inferSelect;
export type BookSlotResult = { booking: Booking | null; notifications: StoredNotification[]; slot: SlotForBooking | null };

/**
 * The locks a booking's batch takes first, in this order: the slot FOR SHARE (the slot writer locks it FOR UPDATE
 * before it looks for live bookings, so the slot can't move or go while we book it); a hold on it that ran out expired;
 * the booker's users row FOR NO KEY UPDATE (two bookings of one person count their holds one after the other, so the
 * cap can't be overrun; foreign keys' KEY SHARE locks don't wait for it).
 */
function bookingLocks(http: HttpDb, slotId: number, menteeId: number) {
  return [
    http.execute(sql`select 1 from consultation_slots where id = ${slotId} and deleted_at is null for share`),
    http.execute(expireSlotHoldsStatement(slotId)),
    http.execute(sql`select 1 from users where id = ${menteeId} for no key update`),
  ] as const;
}

/** How forma_book_slot (migration 0025) books: a hold or a free booking, and what else it must find true. */
type BookingCall = {
  id: SQL;
  slotId: number;
  menteeId: number;
  questions: string;
  free: boolean;
  /** a paid slot, not the booker's own, and the booker within their limits (the paid path, with no look first) */
  paidWithin?: Limit[];
  /** the slot still as a look saw it */
  seen?: SlotForBooking;
};

/**
 * The booking's insert and then the slot as it now stands, in one statement: forma_book_slot (migration 0025), whose
 * statements Postgres parses and plans once per connection. It writes only a bookable slot (see the function); the
 * partial unique index consultation_bookings_live_slot_uq decides a race: every loser's call fails with 23505.
 */
function bookSlotStatement({ id, slotId, menteeId, questions, free, paidWithin, seen }: BookingCall) {
  return sql`select * from forma_book_slot(${id}::int, ${slotId}::int, ${menteeId}::int, ${questions}::text, ${free}::boolean,
    ${BOOKING_HOLD_MINUTES}::int, ${MAX_OPEN_HOLDS}::int, ${paidWithin !== undefined}::boolean, ${paidWithin ? withinLimits(paidWithin) : sql`true`},
    ${seen?.mentorId ?? null}::int, ${seen?.typeId ?? null}::int, ${seen?.costs ?? null}::int, ${seen?.startsAt ?? null}::timestamptz)`;
}

/**
 * Books a paid slot in one round trip, with no look first (decision 015): one non-interactive transaction over HTTP
 * holding a new booking id drawn from the table's sequence, the booker's rate-limit hits, the locks, the insert (only
 * for a paid slot that is not the booker's own, within the limits) with the slot as it then stands (which says why
 * nothing was written), then the booking. Nothing is written for a free consultation, whose mentor's notice needs a
 * look first: the slot as read here is that look, and the id drawn here, unused, is its booking's (`bookingId`). Over a
 * limit it throws the 429.
 */
export async function bookPaidSlotAtOnce(
  db: Db,
  { slotId, menteeId, questions, limits }: { slotId: number; menteeId: number; questions: string; limits: Limit[] },
): Promise<Omit<BookSlotResult, 'notifications'> & { bookingId: number }> {
  const { http } = db;
  const limited = limitsInBatch(http, limits);
  // a scalar subquery: evaluated once, so the booking is found by its key (currval itself is volatile: a scan)
  const id = sql`(select currval(${bookingsSequence}))`;
  const answers = await http.batch([
    http.execute<{ id: string }>(sql`select nextval(${bookingsSequence}) as id`),
    ...limited.statements,
    ...bookingLocks(http, slotId, menteeId),
    http.execute<SlotRow>(bookSlotStatement({ id, slotId, menteeId, questions, free: false, paidWithin: limits })),
    http.select().from(consultationBookings).where(eq(consultationBookings.id, id)),
  ]);
  limited.refuse(answers.slice(1, 1 + limits.length));
  const state = answers[answers.length - 2] as { rows: SlotRow[] };
  const booked = answers[answers.length - 1] as Booking[];
  return { booking: booked[0] ?? null, slot: toSlot(state.rows[0]), bookingId: Number(answers[0].rows[0].id) };
}

/**
 * Books the slot as `seen` by the look, in one round trip: one non-interactive transaction over HTTP (decision 006,
 * decision 015). The locks, then the insert only if the slot is still at the time and price the look saw, with the
 * slot as it then stands, then the booking, and the mentor's notice of a free booking only if the booking went in.
 */
export async function bookSlotAsSeen(
  db: Db,
  seen: SlotForBooking & { bookingId: number },
  input: { menteeId: number; questions: string; freeNotice: (NewNotification & { dedupeKey: string }) | null },
): Promise<BookSlotResult> {
  const { http } = db;
  const { bookingId } = seen;
  const { menteeId } = input;
  const inserted = sql`exists (select 1 from consultation_bookings where id = ${bookingId})`;
  const notice = input.freeNotice ? storeNotificationInBatch(http, input.freeNotice, inserted) : [];
  const [, , , state, booked, ...rest] = await http.batch([
    ...bookingLocks(http, seen.id, menteeId),
    http.execute<SlotRow>(bookSlotStatement({ id: sql`${bookingId}`, slotId: seen.id, menteeId, questions: input.questions, free: seen.costs === 0, seen })),
    http.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)),
    ...notice,
  ]);
  const stored = notice.length ? (rest[1] as StoredNotification[]) : [];
  return { booking: (booked as Booking[])[0] ?? null, notifications: stored, slot: toSlot((state as { rows: SlotRow[] }).rows[0]) };
}

/** The booker or the mentor cancels: pending_payment | paid → canceled; the booking as it is now. */
export async function cancelLiveBooking(tx: Executor, bookingId: number, callerId: number) {
  const [canceled] = await tx
    .update(consultationBookings)
    .set({ status: 'canceled', canceledAt: sql`now()`, canceledBy: callerId, holdExpiresAt: null })
    .where(and(eq(consultationBookings.id, bookingId), inArray(consultationBookings.status, ['pending_payment', 'paid'])))
    .returning();
  return canceled;
}

/** The booking's payment still waiting for the payer ends with it. */
export async function cancelPendingPayment(tx: Executor, bookingId: number) {
  await tx.update(payments).set({ status: 'canceled' }).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')));
}

/** paid → finished, only from paid; the booking as it is now, or null when it was not paid. */
export async function finishPaidBooking(tx: Executor, bookingId: number) {
  const [finished] = await tx
    .update(consultationBookings)
    .set({ status: 'finished', finishedAt: sql`now()` })
    .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'paid')))
    .returning();
  return finished ?? null;
}

/** The slot's start and the database's clock, for the cancellation policy and "after the start". */
export async function slotTimes(tx: Executor, slotId: number) {
  const result = await tx.execute<{ starts_at: string; ends_at: string; now: string }>(sql`
    select to_json(starts_at)#>>'{}' as starts_at, to_json(ends_at)#>>'{}' as ends_at, to_json(now())#>>'{}' as now
    from consultation_slots where id = ${slotId}`);
  const row = result.rows[0];
  return { startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at), now: new Date(row.now) };
}

/** What a booking's notices name (bookings.notices.ts): both people with their zones, the type as bought, the start. */
export async function bookingSides(db: Executor, bookingId: number) {
  const [row] = await db
    .select({
      bookingId: consultationBookings.id,
      typeName: consultationBookings.typeName,
      startsAt: consultationSlots.startsAt,
      mentor: { id: mentor.id, firstName: mentor.firstName, lastName: mentor.lastName, timeZone: mentor.timeZone },
      mentee: { id: mentee.id, firstName: mentee.firstName, lastName: mentee.lastName, timeZone: mentee.timeZone },
    })
    .from(consultationBookings)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(mentor, eq(mentor.id, consultationBookings.mentorId))
    .innerJoin(mentee, eq(mentee.id, consultationBookings.menteeId))
    .where(eq(consultationBookings.id, bookingId));
  return row!;
}

export type BookingSides = Awaited<ReturnType<typeof bookingSides>>;

type CancelQuoteRow = {
  mentee_id: number;
  mentor_id: number;
  status: string;
  created_at: string;
  starts_at: string;
  now: string;
  held_kopecks: string | null;
  disputed: boolean;
  time_zone: string;
  /** a consultation paid with a package's credit: the session's price and whether the package can take the credit back */
  package_id: number | null;
  session_kopecks: string | null;
  package_open: boolean | null;
  /** the cut-off kept on the booking (decision 022) */
  cancel_cutoff_hours: number;
};

/** What cancelling the caller's booking now depends on: its state, start, money held, an open dispute, the caller's zone. */
export async function cancelQuoteFacts(db: Db, bookingId: number, callerId: number): Promise<CancelQuoteRow | undefined> {
  const result = await db.execute<CancelQuoteRow>(sql`
    select b.mentee_id, b.mentor_id, b.status, to_json(b.created_at)#>>'{}' as created_at,
           to_json(s.starts_at)#>>'{}' as starts_at, to_json(now())#>>'{}' as now,
           -- the booking's own payment and its top-ups (decision 024), less what went back when it moved to a cheaper type
           (select sum(p.amount_kopecks - p.returned_kopecks) from payments p where p.booking_id = b.id and p.status = 'succeeded') as held_kopecks,
           exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open') as disputed,
           (select u.time_zone from users u where u.id = ${callerId}) as time_zone,
           b.cancel_cutoff_hours, b.package_id, k.price_per_session::bigint * 100 as session_kopecks, k.status in ('active', 'used_up') as package_open
    from consultation_bookings b join consultation_slots s on s.id = b.slot_id
    left join consultation_packages k on k.id = b.package_id
    where b.id = ${bookingId} and (b.mentee_id = ${callerId} or b.mentor_id = ${callerId})`);
  return result.rows[0];
}
