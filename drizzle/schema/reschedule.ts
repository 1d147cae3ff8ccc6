import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { consultationBookings, consultationSlots } from './consultations.ts';
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
