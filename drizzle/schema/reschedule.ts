import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { consultationBookings, consultationSlots, consultationTypes } from './consultations.ts';
import { users } from './users.ts';

/**
 * A mentor's proposal to move a booking to another of their slots (issue 38 §1, decision 024). While pending and not
 * run out it holds the proposed slot: a trigger refuses any other booking onto it (migration 0061), as if it were
 * booked. The mentee accepts (the booking moves) or declines (keeps it, or cancels it with a full refund). A proposal
 * past `expiresAt` is over whether or not a job has marked it: every reader checks the time.
 */
export const bookingMoveProposals = pgTable(
  'booking_move_proposals',
  {
    id: id(),
    bookingId: integer()
      .notNull()
      .references(() => consultationBookings.id, { onDelete: 'cascade' }),
    slotId: integer()
      .notNull()
      .references(() => consultationSlots.id, { onDelete: 'restrict' }),
    proposedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** pending → accepted | declined (the mentee answered) | withdrawn (the booking moved or ended otherwise) */
    status: varchar({ length: 16 }).notNull().default('pending'),
    expiresAt: ts().notNull(),
    answeredAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    // one open proposal per booking, and one per slot: a slot is held for one booking at a time
    uniqueIndex('booking_move_proposals_pending_booking_uq').on(t.bookingId).where(sql`${t.status} = 'pending'`),
    index('booking_move_proposals_pending_slot_idx').on(t.slotId).where(sql`${t.status} = 'pending'`),
    check('booking_move_proposals_status', sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`),
    check('booking_move_proposals_answered', sql`(${t.status} = 'pending') = (${t.answeredAt} is null)`),
  ],
);

/**
 * A move of a paid booking onto a slot of another of its mentor's consultation types (issue 38 §1, decision 024): the
 * price may differ, so the move is quoted and settled. A cheaper (or equal) type moves at once (`done`) and the
 * difference goes back to the payer as a partial refund of the held money; a dearer one waits for a top-up payment
 * (`awaiting_payment`, holding its slot until `holdExpiresAt` as a booking's hold does) and moves when that payment
 * succeeds. Prices are rubles, as on the booking; what the booking becomes is kept here, so the move applies as quoted.
 */
export const bookingTypeMoves = pgTable(
  'booking_type_moves',
  {
    id: id(),
    bookingId: integer()
      .notNull()
      .references(() => consultationBookings.id, { onDelete: 'restrict' }),
    fromSlotId: integer()
      .notNull()
      .references(() => consultationSlots.id, { onDelete: 'restrict' }),
    toSlotId: integer()
      .notNull()
      .references(() => consultationSlots.id, { onDelete: 'restrict' }),
    fromTypeId: integer()
      .notNull()
      .references(() => consultationTypes.id, { onDelete: 'restrict' }),
    toTypeId: integer()
      .notNull()
      .references(() => consultationTypes.id, { onDelete: 'restrict' }),
    /** the booking's price before the move and after it (the new type's, less the booking's own loyalty discount) */
    priceBefore: integer().notNull(),
    priceAfter: integer().notNull(),
    regularPriceAfter: integer().notNull(),
    typeNameAfter: varchar({ length: 255 }).notNull(),
    cancelCutoffHoursAfter: smallint().notNull(),
    /** awaiting_payment → done (the top-up succeeded and the booking moved) | canceled (not paid in time, or replaced) */
    status: varchar({ length: 24 }).notNull(),
    holdExpiresAt: ts(),
    doneAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    // one top-up at a time per booking, and the slots it holds found by slot
    uniqueIndex('booking_type_moves_awaiting_booking_uq').on(t.bookingId).where(sql`${t.status} = 'awaiting_payment'`),
    index('booking_type_moves_awaiting_slot_idx').on(t.toSlotId).where(sql`${t.status} = 'awaiting_payment'`),
    index().on(t.bookingId),
    check('booking_type_moves_status', sql`${t.status} in ('awaiting_payment', 'done', 'canceled')`),
    check('booking_type_moves_hold', sql`${t.status} <> 'awaiting_payment' or ${t.holdExpiresAt} is not null`),
    check('booking_type_moves_done', sql`(${t.status} = 'done') = (${t.doneAt} is not null)`),
    check('booking_type_moves_prices', sql`${t.priceBefore} >= 0 and ${t.priceAfter} >= 0 and ${t.regularPriceAfter} >= ${t.priceAfter}`),
    // a dearer type is paid for first; a cheaper or equal one never waits
    check('booking_type_moves_top_up', sql`(${t.status} = 'awaiting_payment') <= (${t.priceAfter} > ${t.priceBefore})`),
  ],
);
