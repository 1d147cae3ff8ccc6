import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, reviewColumns } from './columns.ts';
import { consultationBookings } from './consultations.ts';
import { users } from './users.ts';

/** A review of a mentor (shown on the mentor page). */
export const userReviews = pgTable(
  'user_reviews',
  {
    id: id(),
    toUserId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    ...reviewColumns(),
  },
  (t) => [
    uniqueIndex('user_reviews_author_uq').on(t.toUserId, t.authorId),
    index().on(t.toUserId, t.createdAt),
    check('user_reviews_stars', sql`${t.stars} between 1 and 5`),
    check('user_reviews_not_self', sql`${t.toUserId} <> ${t.authorId}`),
  ],
);

/** The rating a mentee gives one finished consultation ('Оцените консультацию'). */
export const consultationReviews = pgTable(
  'consultation_reviews',
  {
    id: id(),
    bookingId: integer().notNull().unique().references(() => consultationBookings.id, { onDelete: 'cascade' }),
    authorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    text: varchar({ length: 1000 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.mentorId, t.createdAt), check('consultation_reviews_rating', sql`${t.rating} between 1 and 5`)],
);
