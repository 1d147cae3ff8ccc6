// Reviews of mentors and events. Reading is public; writing needs a sign-in and a real relationship:
// a finished consultation with the mentor, or a confirmed place at an event that has started.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { found } from '../lib/owned.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toEventReview, toUserReview } from './reviews.mapper.ts';
import {
  addEventReview,
  addUserReview,
  eventOwner,
  eventReviewEligibility,
  findEventReview,
  findUserReview,
  listEventReviews,
  listUserReviews,
  mentorReviewEligibility,
  type AddReviewOutcome,
} from './reviews.queries.ts';
import { eventReviewRefusals, mentorReviewRefusals } from './review-rules.ts';
import { notifyNow } from '../notifications/notify.ts';
import { starsText } from '../notifications/notice.messages.ts';
import { eventReviewBody, eventReviewsQuery, REVIEWS_PER_HOUR, userReviewBody, userReviewsQuery } from './reviews.schemas.ts';
import type { Db } from '../../drizzle/db.ts';

const limitReviews = (db: Db, userId: number) => enforceLimits(db, [{ key: `reviews:user:${userId}`, max: REVIEWS_PER_HOUR, windowSeconds: 3600 }]);

function added(outcome: AddReviewOutcome, notAllowed: string, duplicate = 'Вы уже оставили отзыв') {
  if (outcome.kind === 'not_allowed') throw errors.forbidden(notAllowed);
  if (outcome.kind === 'duplicate') throw errors.conflict('already_reviewed', duplicate);
  return outcome.id;
}

export const reviewsRoutes = new Hono<AppEnv>()
  .get('/user_reviews/GetUserReviews', validate('query', userReviewsQuery), async (c) => {
    const rows = await listUserReviews(c.var.db, c.req.valid('query').to_user_id);
    return c.json(rows.map(toUserReview));
  })
  // personal (never cached): whether «Добавить отзыв» is offered on the mentor's page, and the reason when not
  .get('/user_reviews/can-review', requireUser, validate('query', userReviewsQuery), async (c) => {
    const refusal = await mentorReviewEligibility(c.var.db, c.var.user.id, c.req.valid('query').to_user_id);
    return c.json({ can_review: refusal === null, reason: refusal, detail: refusal && mentorReviewRefusals[refusal] });
  })
  .post('/user_reviews/AddUserReview', requireUser, validate('json', userReviewBody), async (c) => {
    const userId = c.var.user.id;
    const body = c.req.valid('json');
    await limitReviews(c.var.db, userId);
    const outcome = await addUserReview(c.var.db, { authorId: userId, toUserId: body.to_user_id, text: body.review_text, stars: body.review_stars });
    const id = added(
      outcome,
      body.to_user_id === userId ? mentorReviewRefusals.own_page : mentorReviewRefusals.no_held_consultation,
      mentorReviewRefusals.already_reviewed,
    );
    const review = toUserReview({ ...found(await findUserReview(c.var.db, id)), source: 'mentor_page' });
    await notifyNow(c.env, c.var.db, [
      {
        userId: body.to_user_id,
        kind: 'review',
        message: `Новый отзыв на вашей странице: ${review.author_name ?? 'Ученик'} — ${starsText(body.review_stars)}`,
        url: `/mentor_info/${body.to_user_id}#mentor-reviews`,
        dedupeKey: `user_review:${id}`,
      },
    ]);
    return c.json(review, 201);
  })
  .get('/event_reviews/GetEventReviews', validate('query', eventReviewsQuery), async (c) => {
    const rows = await listEventReviews(c.var.db, c.req.valid('query').event_id);
    return c.json(rows.map(toEventReview));
  })
  // personal (never cached): whether «Добавить отзыв» is offered on the event's page, and the reason when not
  .get('/event_reviews/can-review', requireUser, validate('query', eventReviewsQuery), async (c) => {
    const refusal = await eventReviewEligibility(c.var.db, c.var.user.id, c.req.valid('query').event_id);
    if (refusal === undefined) throw errors.notFound('Мероприятие не найдено');
    return c.json({ can_review: refusal === null, reason: refusal, detail: refusal && eventReviewRefusals[refusal] });
  })
  .post('/event_reviews/AddEventReview', requireUser, validate('json', eventReviewBody), async (c) => {
    const userId = c.var.user.id;
    const body = c.req.valid('json');
    await limitReviews(c.var.db, userId);
    const outcome = await addEventReview(c.var.db, { authorId: userId, eventId: body.event_id, text: body.review_text, stars: body.review_stars });
    // the insert decided; asking why afterwards only chooses the words of the refusal
    const why = outcome.kind === 'not_allowed' ? await eventReviewEligibility(c.var.db, userId, body.event_id) : null;
    const id = added(outcome, eventReviewRefusals[why ?? 'not_participant'], eventReviewRefusals.already_reviewed);
    const review = toEventReview(found(await findEventReview(c.var.db, id)));
    const event = await eventOwner(c.var.db, body.event_id);
    if (event) {
      await notifyNow(c.env, c.var.db, [
        {
          userId: event.mentorId,
          kind: 'review',
          message: `Новый отзыв о мероприятии «${event.title}»: ${review.author_name ?? 'Участник'} — ${starsText(body.review_stars)}`,
          url: `/event_info/${body.event_id}`,
          dedupeKey: `event_review:${id}`,
        },
      ]);
    }
    return c.json(review, 201);
  });
