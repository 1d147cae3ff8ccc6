import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, time, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const consultationTypes = pgTable(
  'consultation_types',
  {
    id: id(),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    description: varchar({ length: 2000 }).notNull().default(''),
    durationMinutes: smallint().notNull().default(60),
    /** rubles */
    costs: integer().notNull(),
    /**
     * loyalty steps (issue 36): from the `from`-th paid consultation of a mentee with this mentor, `percent` off this
     * type's price; both increase step by step. A CHECK (forma_loyalty_steps_valid, migration 0040) holds the shape.
     */
    loyaltySteps: jsonb().$type<{ from: number; percent: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * package offers (issue 36): N consultations of this type paid at once, X % off each, usable for `valid_days` after
     * payment. A CHECK (forma_package_offers_valid, migration 0045) holds the shape; a free type offers none.
     */
    packages: jsonb().$type<{ sessions: number; percent: number; valid_days: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** whether its meetings are recorded (decision 019): the mentor's choice, on by default as the landings promise */
    isRecorded: boolean().notNull().default(true),
    /**
     * booking rules (issue 38 §2, decision 022): no booking less than `minNoticeHours` ahead or more than `horizonDays`
     * ahead (null: no limit), no slot within `bufferBefore/AfterMinutes` of another live booking of the mentor, at most
     * `dailyLimit` live bookings of the mentor (all types) on the slot's day in the mentor's zone (null: no limit); the
     * mentee may cancel until `cancelCutoffHours` before the start (0: until the start, as before). Enforced by the
     * trigger forma_booking_rules (migration 0056); the defaults change nothing for existing types.
     */
    minNoticeHours: smallint().notNull().default(0),
    bufferBeforeMinutes: smallint().notNull().default(0),
    bufferAfterMinutes: smallint().notNull().default(0),
    horizonDays: smallint(),
    dailyLimit: smallint(),
    cancelCutoffHours: smallint().notNull().default(0),
    /** a type with bookings is archived instead of deleted, so the bookings keep their history */
    archivedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.mentorId),
    check('consultation_types_duration', sql`${t.durationMinutes} between 1 and 1000`),
    check('consultation_types_costs', sql`${t.costs} between 0 and 150000`),
    check('consultation_types_min_notice', sql`${t.minNoticeHours} between 0 and 720`),
    check('consultation_types_buffers', sql`${t.bufferBeforeMinutes} between 0 and 720 and ${t.bufferAfterMinutes} between 0 and 720`),
    check('consultation_types_horizon', sql`${t.horizonDays} between 1 and 365`),
    check('consultation_types_daily_limit', sql`${t.dailyLimit} between 1 and 50`),
    check('consultation_types_cancel_cutoff', sql`${t.cancelCutoffHours} between 0 and 720`),
  ],
);

export const repeatType = pgEnum('repeat_type', ['none', 'daily', 'weekly', 'custom']);
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * A recurrence rule as the mentor entered it. Its slots are expanded from the wall-clock times in the
 * mentor's own time zone, so 10:00 stays 10:00 across daylight-saving changes.
 */
export const slotSeries = pgTable(
  'slot_series',
  {
    id: uuid().primaryKey().defaultRandom(),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    consultationTypeId: integer().notNull().references(() => consultationTypes.id, { onDelete: 'cascade' }),
    repeatType: repeatType().notNull(),
    customWeekdays: text().array().notNull().default(sql`'{}'::text[]`),
    startLocal: time().notNull(),
    endLocal: time().notNull(),
    firstDate: date().notNull(),
    repeatUntil: date().notNull(),
    timeZone: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('slot_series_until', sql`${t.repeatUntil} >= ${t.firstDate}`),
    check('slot_series_weekdays', sql`${t.customWeekdays} <@ array['mon','tue','wed','thu','fri','sat','sun']::text[]`),
  ],
);

/**
 * Bookable time. No two slots of one mentor overlap: an exclusion constraint (custom migration
 * 0001) enforces it in the database.
 */
export const consultationSlots = pgTable(
  'consultation_slots',
  {
    id: id(),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    consultationTypeId: integer().notNull().references(() => consultationTypes.id, { onDelete: 'cascade' }),
    seriesId: uuid().references(() => slotSeries.id, { onDelete: 'set null' }),
    startsAt: ts().notNull(),
    endsAt: ts().notNull(),
    /**
     * Set instead of deleting a slot that has booking history (canceled or expired bookings reference it);
     * a deleted slot is never offered and no longer blocks the mentor's time (migration 0010).
     */
    deletedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index('consultation_slots_type_start_idx').on(t.consultationTypeId, t.startsAt),
    index('consultation_slots_mentor_start_idx').on(t.mentorId, t.startsAt),
    // the minute scheduler's sweeps by time across all mentors: reminders by the start, review requests by the end
    index('consultation_slots_starts_idx').on(t.startsAt),
    index('consultation_slots_ends_idx').on(t.endsAt),
    index().on(t.seriesId),
    check('consultation_slots_range', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const packageStatus = pgEnum('package_status', ['pending_payment', 'active', 'used_up', 'expired', 'refunded']);

/**
 * A package a mentee bought (decision 006, «Packages»): `sessions` consultations of one type at `pricePerSession` rubles
 * each, paid at once by one payment (payments.package_id). A booking from it spends a credit (`creditsLeft`, lowered by
 * one conditional UPDATE, so two bookings on the last credit spend it once); a cancellation within the policy gives it
 * back. Unused credits are refunded pro rata (`creditsRefunded`), by the mentee or by the scheduler when it expires.
 */
export const consultationPackages = pgTable(
  'consultation_packages',
  {
    id: id(),
    menteeId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    consultationTypeId: integer().notNull().references(() => consultationTypes.id, { onDelete: 'restrict' }),
    /** the type's name when bought, as the receipt names it */
    typeName: varchar({ length: 255 }).notNull(),
    sessions: smallint().notNull(),
    percent: smallint().notNull(),
    validDays: smallint().notNull(),
    /** the type's price when bought, rubles */
    regularPrice: integer().notNull(),
    /** round(regular × (100 − percent) / 100), rubles: what each session costs and what an unused credit refunds */
    pricePerSession: integer().notNull(),
    status: packageStatus().notNull().default('pending_payment'),
    creditsLeft: smallint().notNull(),
    /** credits refunded pro rata (by the mentee, or by the scheduler at expiry) */
    creditsRefunded: smallint().notNull().default(0),
    paidAt: ts(),
    expiresAt: ts(),
    refundedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.menteeId, t.createdAt),
    index('consultation_packages_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('active', 'used_up')`),
    check('consultation_packages_not_self', sql`${t.menteeId} <> ${t.mentorId}`),
    check(
      'consultation_packages_terms',
      sql`${t.sessions} between 2 and 20 and ${t.percent} between 1 and 50 and ${t.validDays} between 90 and 730 and ${t.regularPrice} > 0
        and ${t.pricePerSession} = round(${t.regularPrice} * (100 - ${t.percent}) / 100.0)`,
    ),
    check(
      'consultation_packages_credits',
      sql`${t.creditsLeft} >= 0 and ${t.creditsRefunded} >= 0 and ${t.creditsLeft} + ${t.creditsRefunded} <= ${t.sessions}
        and (${t.status} <> 'refunded' or ${t.creditsLeft} = 0) and (${t.status} <> 'used_up' or ${t.creditsLeft} = 0)`,
    ),
    check('consultation_packages_paid', sql`(${t.status} = 'pending_payment') = (${t.paidAt} is null) and (${t.paidAt} is null) = (${t.expiresAt} is null)`),
  ],
);

export const bookingStatus = pgEnum('booking_status', ['pending_payment', 'paid', 'finished', 'canceled', 'expired']);

export const consultationBookings = pgTable(
  'consultation_bookings',
  {
    id: id(),
    // restrict: a slot with a booking (even a past one) can't disappear from under its history
    slotId: integer().notNull().references(() => consultationSlots.id, { onDelete: 'restrict' }),
    menteeId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    consultationTypeId: integer().notNull().references(() => consultationTypes.id, { onDelete: 'restrict' }),
    status: bookingStatus().notNull().default('pending_payment'),
    questions: varchar({ length: 2000 }).notNull().default(''),
    /** the price in rubles when booked, after a loyalty discount: what is charged; later price changes don't touch it */
    price: integer().notNull(),
    /** the type's price when booked, before the discount (null on bookings made before loyalty steps: equal to price) */
    regularPrice: integer(),
    /** the loyalty step's percent off, fixed at booking (forma_loyalty_price, migration 0040); 0 without one */
    discountPercent: smallint().notNull().default(0),
    /** which paid consultation with this mentor this one is (the N of the step), when a discount applied */
    consultationNumber: smallint(),
    /**
     * the consultation type's name when booked: what the buyer bought, whatever the type is renamed to later (issue
     * 34). Filled by a trigger from the type at insert (migration 0030); a CHECK keeps it set.
     */
    typeName: varchar({ length: 255 }),
    /**
     * the type's cancellation cut-off when booked (issue 38 §2, decision 022): the mentee may cancel until this many hours
     * before the start. Copied from the type at insert by a trigger (migration 0056), so a later edit changes no booking.
     */
    cancelCutoffHours: smallint().notNull().default(0),
    /** the package this consultation spent a credit of (decision 006, «Packages»); its money is that package's payment */
    packageId: integer().references(() => consultationPackages.id, { onDelete: 'restrict' }),
    holdExpiresAt: ts(),
    paidAt: ts(),
    canceledAt: ts(),
    canceledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    finishedAt: ts(),
    /** raised by a trigger on every status change: the iCalendar SEQUENCE of the booking */
    revision: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the slot is booked at most once: only one live booking per slot
    uniqueIndex('consultation_bookings_live_slot_uq').on(t.slotId).where(sql`${t.status} in ('pending_payment', 'paid', 'finished')`),
    index().on(t.menteeId, t.createdAt),
    index().on(t.mentorId, t.createdAt),
    index().on(t.packageId).where(sql`${t.packageId} is not null`),
    // the scheduler's sweep of holds that ran out
    index('consultation_bookings_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending_payment'`),
    check('consultation_bookings_not_self', sql`${t.menteeId} <> ${t.mentorId}`),
    check('consultation_bookings_type_name_set', sql`${t.typeName} is not null`),
    check('consultation_bookings_price', sql`${t.price} >= 0`),
    // the price is the regular one less the discount rounded down to the ruble, so the kept three always agree
    check(
      'consultation_bookings_discount',
      sql`${t.discountPercent} between 0 and 50 and (${t.regularPrice} is null or ${t.price} = ${t.regularPrice} - ${t.regularPrice} * ${t.discountPercent} / 100)
        and (${t.discountPercent} = 0 or (${t.regularPrice} is not null and ${t.consultationNumber} is not null and ${t.consultationNumber} >= 2))`,
    ),
  ],
);
