import { and, asc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { consultationSlots, consultationTypes, slotSeries } from '../../drizzle/schema/consultations.ts';
import { users } from '../../drizzle/schema/users.ts';
import { hasLiveBooking, slotIdColumn } from './live-booking.ts';
import { isSlotOverlap } from './pg-error.ts';
import { slotTimeProblems } from './slot-dates.ts';
import { isoInstantRaw } from '../lib/iso-instant.ts';
import { lockSlots, removeUnbookedSlots } from './slot-removal.queries.ts';

const live = isNull(consultationSlots.deletedAt);

const mentorSlotColumns = {
  id: consultationSlots.id,
  startsAt: consultationSlots.startsAt,
  endsAt: consultationSlots.endsAt,
  consultationTypeId: consultationSlots.consultationTypeId,
  mentorId: consultationSlots.mentorId,
  seriesId: consultationSlots.seriesId,
  repeatType: slotSeries.repeatType,
  customWeekdays: slotSeries.customWeekdays,
  repeatUntil: slotSeries.repeatUntil,
  isBooked: sql<boolean>`${hasLiveBooking(slotIdColumn)}`,
};

function mentorSlots(db: Executor) {
  return db.select(mentorSlotColumns).from(consultationSlots).leftJoin(slotSeries, eq(slotSeries.id, consultationSlots.seriesId));
}

/** The mentor's slots that have not ended yet, earliest first. */
export function listMentorSlots(db: Db, mentorId: number) {
  return mentorSlots(db)
    .where(and(eq(consultationSlots.mentorId, mentorId), live, sql`${consultationSlots.endsAt} > now()`))
    .orderBy(asc(consultationSlots.startsAt), asc(consultationSlots.id));
}
export type MentorSlotRow = Awaited<ReturnType<typeof listMentorSlots>>[number];

async function findMentorSlot(db: Executor, mentorId: number, id: number) {
  const [row] = await mentorSlots(db).where(and(eq(consultationSlots.id, id), eq(consultationSlots.mentorId, mentorId), live));
  return row ?? null;
}

/** The mentor's own current (not archived) consultation type and the mentor's time zone; null otherwise. */
export async function findOwnType(db: Executor, mentorId: number, typeId: number) {
  const [row] = await db
    .select({ id: consultationTypes.id, timeZone: users.timeZone })
    .from(consultationTypes)
    .innerJoin(users, eq(users.id, consultationTypes.mentorId))
    .where(and(eq(consultationTypes.id, typeId), eq(consultationTypes.mentorId, mentorId), isNull(consultationTypes.archivedAt)));
  return row ?? null;
}

/**
 * `select … from consultation_types` for INSERT … SELECT: the mentor's current type, read FOR KEY SHARE so
 * that a concurrent archiving (FOR UPDATE on the type) finishes first and is seen; nothing is inserted
 * for an archived or foreign type.
 */
function ownCurrentType(mentorId: number, typeId: number) {
  return sql`from consultation_types t where t.id = ${typeId} and t.mentor_id = ${mentorId} and t.archived_at is null for key share of t`;
}

export type SlotWrite = { kind: 'ok'; slot: MentorSlotRow } | { kind: 'type_not_found' } | { kind: 'overlap' };

/** One slot of the mentor's type; the exclusion constraint refuses an overlap with their other live slots. */
export async function insertSlot(db: Db, mentorId: number, typeId: number, start: Date, end: Date): Promise<SlotWrite> {
  try {
    const result = await db.execute<{ id: number }>(sql`
      insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
      select t.mentor_id, t.id, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz ${ownCurrentType(mentorId, typeId)}
      returning id`);
    const [row] = result.rows;
    if (!row) return { kind: 'type_not_found' };
    return { kind: 'ok', slot: (await findMentorSlot(db, mentorId, Number(row.id)))! };
  } catch (e) {
    if (isSlotOverlap(e)) return { kind: 'overlap' };
    throw e;
  }
}

export type SlotPatch = { consultationTypeId?: number; start?: Date; end?: Date };
export type SlotUpdate = SlotWrite | { kind: 'not_found' } | { kind: 'booked' } | { kind: 'invalid'; fields: Record<string, string> };

/**
 * Moves a slot or gives it another of the mentor's types. The slot row is locked first, then checked for
 * a live booking (booking creation holds FOR SHARE on it, so neither can slip past the other); the merged
 * times must pass the same date rules as a new slot's.
 */
export async function updateSlot(db: Db, mentorId: number, id: number, patch: SlotPatch): Promise<SlotUpdate> {
  try {
    return await db.transaction(async (tx): Promise<SlotUpdate> => {
      const [slot] = await tx
        .select({ startsAt: consultationSlots.startsAt, endsAt: consultationSlots.endsAt, typeId: consultationSlots.consultationTypeId, timeZone: users.timeZone })
        .from(consultationSlots)
        .innerJoin(users, eq(users.id, consultationSlots.mentorId))
        .where(and(eq(consultationSlots.id, id), eq(consultationSlots.mentorId, mentorId), live))
        .for('update', { of: consultationSlots });
      if (!slot) return { kind: 'not_found' };
      const [booked] = await tx.select({ one: sql`1` }).from(consultationSlots).where(and(eq(consultationSlots.id, id), hasLiveBooking(slotIdColumn)));
      if (booked) return { kind: 'booked' };

      const start = patch.start ?? slot.startsAt;
      const end = patch.end ?? slot.endsAt;
      const fields = slotTimeProblems(start, end, slot.timeZone, new Date());
      if (Object.keys(fields).length) return { kind: 'invalid', fields };

      const typeId = patch.consultationTypeId ?? slot.typeId;
      if (typeId !== slot.typeId) {
        const found = await tx.execute(sql`select t.id ${ownCurrentType(mentorId, typeId)}`);
        if (!found.rows.length) return { kind: 'type_not_found' };
      }
      await tx.update(consultationSlots).set({ startsAt: start, endsAt: end, consultationTypeId: typeId }).where(eq(consultationSlots.id, id));
      return { kind: 'ok', slot: (await findMentorSlot(tx, mentorId, id))! };
    });
  } catch (e) {
    if (isSlotOverlap(e)) return { kind: 'overlap' };
    throw e;
  }
}

/** 'booked' while a live booking holds the slot; otherwise deleted, or soft-deleted when bookings name it. */
export async function deleteSlot(db: Db, mentorId: number, id: number): Promise<'deleted' | 'booked' | 'not_found'> {
  return db.transaction(async (tx) => {
    const locked = await lockSlots(tx, and(eq(consultationSlots.id, id), eq(consultationSlots.mentorId, mentorId)));
    if (!locked.length) return 'not_found';
    const { keptBooked } = await removeUnbookedSlots(tx, locked);
    return keptBooked ? 'booked' : 'deleted';
  });
}

/**
 * Removes the future slots of the series that `slotId` belongs to, except the booked ones; null when
 * the caller has no such slot. A slot outside any series is its own series of one.
 */
export async function deleteSeriesOf(db: Db, mentorId: number, slotId: number) {
  return db.transaction(async (tx) => {
    const [slot] = await tx
      .select({ seriesId: consultationSlots.seriesId })
      .from(consultationSlots)
      .where(and(eq(consultationSlots.id, slotId), eq(consultationSlots.mentorId, mentorId), live));
    if (!slot) return null;
    const members = slot.seriesId ? eq(consultationSlots.seriesId, slot.seriesId) : eq(consultationSlots.id, slotId);
    const locked = await lockSlots(tx, and(members, eq(consultationSlots.mentorId, mentorId), sql`${consultationSlots.startsAt} > now()`));
    return removeUnbookedSlots(tx, locked, { futureOnly: true });
  });
}

export type SeriesPlan = {
  typeId: number;
  repeatType: 'none' | 'daily' | 'weekly' | 'custom';
  /** what the series row records: custom's list, weekly's one weekday, [] otherwise */
  customWeekdays: string[];
  /** ISO weekdays (1 = Monday) the series falls on */
  isoWeekdays: number[];
  firstDate: string;
  repeatUntil: string;
  startLocal: string;
  endLocal: string;
  /** each slot's length */
  seconds: number;
  timeZone: string;
};

/**
 * Records the series, then expands it in one statement: one slot per matching date, starting at the
 * wall-clock start time in the series' time zone (so 10:00 stays 10:00 across daylight-saving changes),
 * skipping times already past. ON CONFLICT DO NOTHING lets the exclusion constraint drop the slots that
 * would overlap the mentor's other live slots; their start times come back as `skipped`.
 */
export async function createSeries(db: Db, mentorId: number, plan: SeriesPlan) {
  return db.transaction(async (tx) => {
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into slot_series (mentor_id, consultation_type_id, repeat_type, custom_weekdays, start_local, end_local, first_date, repeat_until, time_zone)
      select t.mentor_id, t.id, ${plan.repeatType}::repeat_type, ${sql.param(plan.customWeekdays)}::text[], ${plan.startLocal}::time, ${plan.endLocal}::time,
             ${plan.firstDate}::date, ${plan.repeatUntil}::date, ${plan.timeZone} ${ownCurrentType(mentorId, plan.typeId)}
      returning id`);
    const [series] = inserted.rows;
    if (!series) return null;
    const expanded = await tx.execute<{ starts_at: string; created: boolean }>(sql`
      with dates as (
        select d::date as day
          from slot_series se, generate_series(se.first_date::timestamp, se.repeat_until::timestamp, interval '1 day') d
         where se.id = ${series.id} and extract(isodow from d)::int = any(${sql.param(plan.isoWeekdays)}::int[])
      ), fresh as (
        select (day + se.start_local) at time zone se.time_zone as starts_at, se.mentor_id, se.consultation_type_id, se.id as series_id
          from dates, slot_series se
         where se.id = ${series.id} and (day + se.start_local) at time zone se.time_zone > now()
      ), ins as (
        insert into consultation_slots (mentor_id, consultation_type_id, series_id, starts_at, ends_at)
        select mentor_id, consultation_type_id, series_id, starts_at, starts_at + make_interval(secs => ${plan.seconds})
          from fresh
        on conflict do nothing
        returning starts_at
      )
      select ${isoInstantRaw('f.starts_at')} as starts_at, exists (select 1 from ins where ins.starts_at = f.starts_at) as created
        from fresh f order by f.starts_at`);
    const rows = expanded.rows;
    return {
      recurrenceId: series.id,
      created: rows.filter((r) => r.created).length,
      skipped: rows.filter((r) => !r.created).map((r) => r.starts_at),
    };
  });
}

/**
 * Free future slots of a current type that start between the two dates (both included) in `timeZone`:
 * not deleted, not yet started, no live booking, and allowed by the type's booking rules. The range is served by (consultation_type_id, starts_at)
 * and each slot's booking by the partial unique index on consultation_bookings.
 */
export function availableSlots(db: Db, typeId: number, startDate: string, endDate: string, timeZone: string, moving?: MovingBooking) {
  return db
    .select({ id: consultationSlots.id, startsAt: consultationSlots.startsAt, endsAt: consultationSlots.endsAt })
    .from(consultationSlots)
    .where(
      and(
        eq(consultationSlots.consultationTypeId, typeId),
        sql`${consultationSlots.startsAt} >= (${startDate}::date::timestamp at time zone ${timeZone})`,
        sql`${consultationSlots.startsAt} < ((${endDate}::date + 1)::timestamp at time zone ${timeZone})`,
        gt(consultationSlots.startsAt, sql`now()`),
        live,
        not(hasLiveBooking(slotIdColumn)),
        allowedByRules(typeId, moving),
      ),
    )
    .orderBy(asc(consultationSlots.startsAt), asc(consultationSlots.id));
}

/**
 * The type's booking rules (decision 022) as the booking's trigger applies them (forma_booking_rule_broken, migration
 * 0057), so the picker offers only what booking accepts. A mentor none of whose types has a rule (most, and every type
 * made before the rules) skips the per-slot check: the first operand is an InitPlan read once per query, and OR stops
 * at it.
 */
function allowedByRules(typeId: number, moving?: MovingBooking) {
  return sql`(not exists (select 1 from consultation_types rt
      where rt.mentor_id = (select ot.mentor_id from consultation_types ot where ot.id = ${typeId})
        and (rt.min_notice_hours > 0 or rt.horizon_days is not null or rt.daily_limit is not null
             or rt.buffer_before_minutes > 0 or rt.buffer_after_minutes > 0))
    or ${ruleBroken(moving)} is null)`;
}

/**
 * A booking its mentee is moving (decision 024): the rules judge the slots without it, as the move itself will be judged
 * (migration 0061). The booking counts only when `menteeId` is its mentee; for anyone else the subquery is null and
 * nothing is left out, so the answer says nothing about someone else's booking. An InitPlan, read once per query.
 */
export type MovingBooking = { bookingId: number; menteeId: number };

function ruleBroken(moving?: MovingBooking) {
  if (!moving) return sql`forma_booking_rule_broken(${slotIdColumn}, now())`;
  return sql`forma_booking_rule_broken(${slotIdColumn}, now(), (select mb.id from consultation_bookings mb
      where mb.id = ${moving.bookingId} and mb.mentee_id = ${moving.menteeId}))`;
}

/** Whether a type exists and is not archived (slots of an archived type are not offered). */
export async function isCurrentType(db: Db, typeId: number) {
  const [row] = await db.select({ id: consultationTypes.id }).from(consultationTypes).where(and(eq(consultationTypes.id, typeId), isNull(consultationTypes.archivedAt)));
  return Boolean(row);
}

/** One live slot with its type and mentor, for the booking dialog; null for a deleted or unknown slot. */
export async function findSlotDetail(db: Db, id: number) {
  const [row] = await db
    .select({
      slot: { id: consultationSlots.id, startsAt: consultationSlots.startsAt, endsAt: consultationSlots.endsAt },
      type: {
        id: consultationTypes.id,
        name: consultationTypes.name,
        description: consultationTypes.description,
        costs: consultationTypes.costs,
        durationMinutes: consultationTypes.durationMinutes,
        isRecorded: consultationTypes.isRecorded,
        cancelCutoffHours: consultationTypes.cancelCutoffHours,
      },
      mentor: { id: users.id, firstName: users.firstName, lastName: users.lastName, tgTitle: users.tgTitle, avatarUrl: users.avatarUrl, timeZone: users.timeZone },
    })
    .from(consultationSlots)
    .innerJoin(consultationTypes, eq(consultationTypes.id, consultationSlots.consultationTypeId))
    .innerJoin(users, eq(users.id, consultationSlots.mentorId))
    .where(and(eq(consultationSlots.id, id), live));
  return row ?? null;
}
export type SlotDetailRow = NonNullable<Awaited<ReturnType<typeof findSlotDetail>>>;
