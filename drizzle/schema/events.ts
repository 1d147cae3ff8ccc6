import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { category } from './categories.ts';
import { createdAt, id, reviewColumns, ts, updatedAt } from './columns.ts';
import { uploadedFiles, users } from './users.ts';


export const events = pgTable(
  'events',
  {
    id: id(),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'restrict' }),
    title: varchar({ length: 255 }).notNull(),
    /** sanitized HTML from the editor */
    description: text().notNull().default(''),
    category: category().notNull().default('Образование'),
    startsAt: ts().notNull(),
    durationMinutes: smallint().notNull().default(60),
    /** rubles; 0 = free */
    price: integer().notNull().default(0),
    discountPercent: smallint(),
    /** 0 = no limit */
    totalSpots: integer().notNull().default(20),
    /** live registrations, kept by a trigger on event_registrations; the CHECK makes overselling impossible */
    takenSpots: integer().notNull().default(0),
    ageRestriction: smallint().notNull().default(18),
    imageUrl: text(),
    imageFileId: uuid().references(() => uploadedFiles.id, { onDelete: 'set null' }),
    isPublic: boolean().notNull().default(true),
    isWhitelisted: boolean().notNull().default(false),
    isCanceled: boolean().notNull().default(false),
    /** whether its meeting is recorded (decision 019): the mentor's choice, on by default as the landings promise */
    isRecorded: boolean().notNull().default(true),
    canceledAt: ts(),
    /** raised by a trigger when what a calendar shows changes (title, description, time, cancellation): the iCalendar SEQUENCE */
    revision: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** normalised title + description text for the list's search (functions in migration 0005) */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`forma_event_search_text(title, description)`),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt),
    // substring search (LIKE '%term%') over the normalised text
    index('events_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // the public list: only listed, not canceled events, sorted by date or by price
    index('events_list_starts_idx').on(t.startsAt, t.id).where(sql`${t.isPublic} and not ${t.isCanceled}`),
    // by price, walked in order. starts_at last: the list's «not yet over» bound (starts_at > now() - 1 day) is then
    // checked in the index, so past events cost no heap visit, and the walk stays cheaper than the planner's
    // bitmap-and-sort alternative whatever ANALYZE samples (decision 015, «A search's plan»)
    index('events_list_price_idx').on(t.price, t.id, t.startsAt).where(sql`${t.isPublic} and not ${t.isCanceled}`),
    // a category's list by price (the filter people combine with a price sort), the same way
    index('events_list_category_price_idx').on(t.category, t.price, t.id, t.startsAt).where(sql`${t.isPublic} and not ${t.isCanceled}`),
    // a mentor's events; with the «upcoming and listed» columns in it, counting them (the mentor cards) reads the index alone
    index('events_mentor_idx').on(t.mentorId, t.startsAt, t.durationMinutes, t.isPublic, t.isCanceled),
    index('events_category_starts_idx').on(t.category, t.startsAt),
    check('events_price_range', sql`${t.price} between 0 and 150000`),
    check('events_discount_range', sql`${t.discountPercent} is null or ${t.discountPercent} between 1 and 100`),
    check('events_duration_range', sql`${t.durationMinutes} between 1 and 1440`),
    check('events_spots', sql`${t.totalSpots} >= 0 and ${t.takenSpots} >= 0 and (${t.totalSpots} = 0 or ${t.takenSpots} <= ${t.totalSpots})`),
    check('events_age_restriction', sql`${t.ageRestriction} between 0 and 21`),
  ],
);

export const registrationStatus = pgEnum('registration_status', ['pending_payment', 'confirmed', 'canceled']);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: integer().notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: registrationStatus().notNull(),
    /** a paid registration holds its seat until then, pending payment */
    holdExpiresAt: ts(),
    createdAt: createdAt(),
    confirmedAt: ts(),
    canceledAt: ts(),
    /** raised by a trigger on every status change: part of the iCalendar SEQUENCE of this person's copy of the event */
    revision: integer().notNull().default(0),
  },
  (t) => [
    // one live registration per person and event; canceled ones stay as history
    uniqueIndex('event_registrations_live_uq').on(t.eventId, t.userId).where(sql`${t.status} <> 'canceled'`),
    index().on(t.userId, t.status),
    index('event_registrations_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending_payment'`),
  ],
);

/**
 * The line for a full event (issue 38 §3, decision 023). A freed seat goes to the first who waits as an offer: a
 * pending_payment registration held until offer_expires_at (so the seat count stays the trigger's), made by the
 * database function forma_offer_waitlist_seats under the event's row lock; its outcome moves the entry on.
 */
export const waitlistStatus = pgEnum('waitlist_status', ['waiting', 'offered', 'accepted', 'lapsed', 'left']);

export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: id(),
    eventId: integer().notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: waitlistStatus().notNull().default('waiting'),
    createdAt: createdAt(),
    offeredAt: ts(),
    offerExpiresAt: ts(),
    /** the registration that holds the offered seat */
    registrationId: integer().references(() => eventRegistrations.id, { onDelete: 'set null' }),
    /** when the offer's notification and e-mail went out: claimed once, by the request or the minute job */
    notifiedAt: ts(),
    endedAt: ts(),
  },
  (t) => [
    // one place in line per person and event; ended entries stay as history
    uniqueIndex('event_waitlist_live_uq').on(t.eventId, t.userId).where(sql`${t.status} in ('waiting', 'offered')`),
    // the line itself, walked in order when a seat frees
    index('event_waitlist_line_idx').on(t.eventId, t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
    uniqueIndex('event_waitlist_registration_uq').on(t.registrationId),
    // offers whose notice has not gone out yet (the minute job's bounded batch)
    index('event_waitlist_unnotified_idx').on(t.offeredAt).where(sql`${t.status} = 'offered' and ${t.notifiedAt} is null`),
    check('event_waitlist_offer', sql`${t.status} <> 'offered' or (${t.registrationId} is not null and ${t.offerExpiresAt} is not null)`),
  ],
);

export const eventReviews = pgTable(
  'event_reviews',
  {
    id: id(),
    eventId: integer().notNull().references(() => events.id, { onDelete: 'cascade' }),
    authorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    ...reviewColumns(),
  },
  (t) => [
    uniqueIndex('event_reviews_author_uq').on(t.eventId, t.authorId),
    check('event_reviews_stars', sql`${t.stars} between 1 and 5`),
  ],
);
