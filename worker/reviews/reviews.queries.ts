import { and, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../drizzle/db.ts';
import { eventReviews, events } from '../../drizzle/schema/events.ts';
import { consultationReviews, userReviews } from '../../drizzle/schema/reviews.ts';
import { users } from '../../drizzle/schema/users.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { REVIEWS_LIST_MAX } from './reviews.schemas.ts';
import type { EventReviewRefusal, MentorReviewRefusal } from './review-rules.ts';

const author = { authorFirstName: users.firstName, authorLastName: users.lastName, authorAvatarUrl: users.avatarUrl };

const userReviewColumns = {
  id: userReviews.id,
  text: userReviews.text,
  stars: userReviews.stars,
  reviewDate: userReviews.reviewDate,
  createdAt: userReviews.createdAt,
  toUserId: userReviews.toUserId,
  ...author,
};

const eventReviewColumns = {
  id: eventReviews.id,
  text: eventReviews.text,
  stars: eventReviews.stars,
  reviewDate: eventReviews.reviewDate,
  createdAt: eventReviews.createdAt,
  eventId: eventReviews.eventId,
  ...author,
};

/**
 * A mentor's reviews, newest first: the reviews left on their page and the ratings of consultations that came
 * with a text (a bare rating may count in `reviews_count` and the average but has nothing to show). `source`
 * tells the two apart, as their ids come from different tables.
 */
export function listUserReviews(db: Db, toUserId: number) {
  const pageReviews = db
    .select({ ...userReviewColumns, source: sql<'mentor_page' | 'consultation'>`'mentor_page'`.as('source') })
    .from(userReviews)
    .innerJoin(users, eq(users.id, userReviews.authorId))
    .where(eq(userReviews.toUserId, toUserId));
  const consultationRatings = db
    .select({
      id: consultationReviews.id,
      text: consultationReviews.text,
      stars: sql<number>`${consultationReviews.rating}::int`.as('stars'),
      reviewDate: sql<string>`(${consultationReviews.createdAt} at time zone 'UTC')::date`.as('review_date'),
      createdAt: consultationReviews.createdAt,
      toUserId: consultationReviews.mentorId,
      ...author,
      source: sql<'mentor_page' | 'consultation'>`'consultation'`.as('source'),
    })
    .from(consultationReviews)
    .innerJoin(users, eq(users.id, consultationReviews.authorId))
    .where(and(eq(consultationReviews.mentorId, toUserId), sql`btrim(${consultationReviews.text}) <> ''`));
  return unionAll(pageReviews, consultationRatings)
    .orderBy(desc(sql`created_at`), desc(sql`id`))
    .limit(REVIEWS_LIST_MAX);
}

export function listEventReviews(db: Db, eventId: number) {
  return db
    .select(eventReviewColumns)
    .from(eventReviews)
    .innerJoin(users, eq(users.id, eventReviews.authorId))
    .where(eq(eventReviews.eventId, eventId))
    .orderBy(desc(eventReviews.createdAt), desc(eventReviews.id))
    .limit(REVIEWS_LIST_MAX);
}

export type AddReviewOutcome = { kind: 'added'; id: number } | { kind: 'not_allowed' } | { kind: 'duplicate' };

type NewReview = { authorId: number; text: string; stars: number };

/**
 * The author had a finished consultation with the mentor that was held: paid for, or the two met in its room
 * (forma_consultation_met, migration 0027; decision 010). The one rule of who may review a mentor.
 */
const heldConsultation = (authorId: number, mentorId: number) =>
  sql`exists (select 1 from consultation_bookings b
               where b.mentee_id = ${authorId} and b.mentor_id = ${mentorId} and b.status = 'finished'
                 and (b.price > 0 or forma_consultation_met(b.id, '-infinity', 'infinity')))`;

/** Whether the author may review the mentor now, and why not (the page offers «Добавить отзыв» only when so). */
export async function mentorReviewEligibility(db: Db, authorId: number, mentorId: number): Promise<MentorReviewRefusal | null> {
  if (authorId === mentorId) return 'own_page';
  const result = await db.execute<{ held: boolean; reviewed: boolean }>(sql`
    select ${heldConsultation(authorId, mentorId)} as held,
           exists (select 1 from user_reviews r where r.author_id = ${authorId} and r.to_user_id = ${mentorId}) as reviewed`);
  const [row] = result.rows;
  if (row.reviewed) return 'already_reviewed';
  return row.held ? null : 'no_held_consultation';
}

/**
 * One conditional INSERT … SELECT: it inserts only when the author had a finished consultation with the
 * mentor that was held, paid for or met in its room (forma_consultation_met, migration 0027; decision 010), so a
 * free booking nobody came to gives no say in the mentor's rating; user_reviews_author_uq allows one review per
 * author and mentor.
 */
export async function addUserReview(db: Db, review: NewReview & { toUserId: number }): Promise<AddReviewOutcome> {
  return insertReview(
    db,
    sql`insert into user_reviews (to_user_id, author_id, text, stars)
        select ${review.toUserId}::int, ${review.authorId}::int, ${review.text}, ${review.stars}::smallint
        where ${heldConsultation(review.authorId, review.toUserId)}
        returning id`,
    'user_reviews_author_uq',
  );
}

/** The event `e` has started and was not canceled: the one rule of when an event may be reviewed. */
const eventReviewable = sql`e.starts_at <= now() and not e.is_canceled`;
/** The author holds a confirmed place at the event `e` (a paid seat is confirmed once paid; a cancelled one is not). */
const eventParticipant = (authorId: number) =>
  sql`exists (select 1 from event_registrations r where r.event_id = e.id and r.user_id = ${authorId} and r.status = 'confirmed')`;

/**
 * Whether the author may review the event now, and why not (the event page offers «Добавить отзыв» only when so), from
 * the same conditions as the insert; undefined when there is no such event.
 */
export async function eventReviewEligibility(db: Db, authorId: number, eventId: number): Promise<EventReviewRefusal | null | undefined> {
  const result = await db.execute<{ own: boolean; canceled: boolean; started: boolean; participant: boolean; reviewed: boolean }>(sql`
    select e.mentor_id = ${authorId} as own, e.is_canceled as canceled, e.starts_at <= now() as started,
           ${eventParticipant(authorId)} as participant,
           exists (select 1 from event_reviews v where v.event_id = e.id and v.author_id = ${authorId}) as reviewed
      from events e where e.id = ${eventId}`);
  const [row] = result.rows;
  if (!row) return undefined;
  if (row.own) return 'own_event';
  if (row.reviewed) return 'already_reviewed';
  if (row.canceled) return 'canceled';
  if (!row.started) return 'not_started';
  return row.participant ? null : 'not_participant';
}

/** Only a participant (confirmed registration) of an event that has started and was not canceled. */
export async function addEventReview(db: Db, review: NewReview & { eventId: number }): Promise<AddReviewOutcome> {
  return insertReview(
    db,
    sql`insert into event_reviews (event_id, author_id, text, stars)
        select e.id, ${review.authorId}::int, ${review.text}, ${review.stars}::smallint
          from events e
         where e.id = ${review.eventId} and ${eventReviewable} and ${eventParticipant(review.authorId)}
        returning id`,
    'event_reviews_author_uq',
  );
}

async function insertReview(db: Db, statement: ReturnType<typeof sql>, uniqueIndex: string): Promise<AddReviewOutcome> {
  try {
    const result = await db.execute<{ id: number }>(statement);
    const [row] = result.rows;
    return row ? { kind: 'added', id: Number(row.id) } : { kind: 'not_allowed' };
  } catch (e) {
    if (isUniqueViolation(e, uniqueIndex)) return { kind: 'duplicate' };
    throw e;
  }
}

export async function findUserReview(db: Db, id: number) {
  const [row] = await db.select(userReviewColumns).from(userReviews).innerJoin(users, eq(users.id, userReviews.authorId)).where(eq(userReviews.id, id));
  return row ?? null;
}

export async function findEventReview(db: Db, id: number) {
  const [row] = await db.select(eventReviewColumns).from(eventReviews).innerJoin(users, eq(users.id, eventReviews.authorId)).where(eq(eventReviews.id, id));
  return row ?? null;
}

/** Who is told of a new review of an event, and what it is called. */
export async function eventOwner(db: Db, eventId: number) {
  const [row] = await db.select({ mentorId: events.mentorId, title: events.title }).from(events).where(eq(events.id, eventId));
  return row ?? null;
}
