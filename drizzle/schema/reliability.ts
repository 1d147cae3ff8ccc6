import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * One row of reliability figures per person (decision 021), recomputed from the bookings, the meeting rooms'
 * attendance and the chats by the hourly housekeeping (worker/reliability/reliability.queries.ts), so the mentor list
 * reads one joined row instead of aggregating history per card. Each figure keeps the number it is computed from; the
 * thresholds for showing one are applied when it is shown, so a change of threshold needs no recomputation.
 */
export const reliabilityFigures = pgTable(
  'reliability_figures',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** as a mentor: finished consultations and held events */
    sessionsHeld: integer().notNull().default(0),
    /** as a mentor: consultations whose time came (not cancelled before it), and those the mentor was present at */
    consultationsDue: integer().notNull().default(0),
    consultationsAttended: integer().notNull().default(0),
    /** as a mentor, last 90 days: confirmed consultations due or cancelled, and those the mentor cancelled or missed */
    bookings90d: integer().notNull().default(0),
    mentorCancellations90d: integer().notNull().default(0),
    /** as a mentor: chats someone else opened, those the mentor answered, and the median time to that answer */
    chatsOpened: integer().notNull().default(0),
    chatsAnswered: integer().notNull().default(0),
    replyMedianSeconds: integer(),
    /** as a mentee: consultations whose time came, and those the mentee came to */
    menteeDue: integer().notNull().default(0),
    menteeAttended: integer().notNull().default(0),
    /** as a mentee, last 90 days: confirmed bookings, and those the mentee cancelled less than 24 h before the start */
    menteeBookings90d: integer().notNull().default(0),
    menteeLateCancellations90d: integer().notNull().default(0),
    refreshedAt: createdAt(),
  },
  (t) => [
    check(
      'reliability_figures_parts',
      sql`${t.sessionsHeld} >= 0 and ${t.consultationsAttended} between 0 and ${t.consultationsDue}
        and ${t.mentorCancellations90d} between 0 and ${t.bookings90d} and ${t.chatsAnswered} between 0 and ${t.chatsOpened}
        and ${t.menteeAttended} between 0 and ${t.menteeDue} and ${t.menteeLateCancellations90d} between 0 and ${t.menteeBookings90d}
        and (${t.replyMedianSeconds} is null or ${t.replyMedianSeconds} >= 0)`,
    ),
  ],
);
