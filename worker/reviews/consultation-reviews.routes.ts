// POST /reviews/ (spec 002 §5.2, §7; decision 010): the buyer rates a consultation, once, after its start. The
// rating counts in the mentor's rating once the consultation was held (paid, or the two met in its room), and only
// a person's latest rating of the mentor counts (triggers of migration 0027 keep users.reviews_count); it counts in
// their analytics too; the web then sends finish, which no longer releases the money.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { notifyNow } from '../notifications/notify.ts';
import { bookingUrl, CONDUCTED_SCHEDULE_URL, personName, starsText } from '../notifications/notice.messages.ts';
import { formatWhen } from '../escrow/notices.ts';
import { addConsultationReview, type AddConsultationReviewOutcome } from './consultation-reviews.queries.ts';
import { reviewBody } from './consultation-reviews.schemas.ts';
import { REVIEWS_PER_HOUR } from './reviews.schemas.ts';

const refusals: Record<Exclude<AddConsultationReviewOutcome['kind'], 'added'>, () => ApiError> = {
  not_found: () => errors.notFound('Бронирование не найдено'),
  not_booker: () => errors.forbidden('Оценить консультацию может только её участник'),
  not_started: () => errors.conflict('not_started', 'Консультация ещё не началась'),
  not_paid: () => errors.conflict('booking_not_paid', 'Оценить можно только оплаченную консультацию'),
  exists: () => errors.conflict('review_exists', 'Вы уже оценили эту консультацию'),
};

export const consultationReviewsRoutes = new Hono<AppEnv>().post('/reviews', requireUser, validate('json', reviewBody), async (c) => {
  const authorId = c.var.user.id;
  const body = c.req.valid('json');
  await enforceLimits(c.var.db, [{ key: `reviews:user:${authorId}`, max: REVIEWS_PER_HOUR, windowSeconds: 3600 }]);
  const outcome = await addConsultationReview(c.var.db, { bookingId: body.event_id, authorId, rating: body.rating, text: body.text });
  if (outcome.kind !== 'added') throw refusals[outcome.kind]();
  const { review } = outcome;
  await notifyNow(c.env, c.var.db, [
    {
      userId: Number(review.mentor_id),
      kind: 'review',
      message: `Новая оценка: ${personName(review.author_first_name, review.author_last_name)}, «${review.type_name ?? 'Консультация'}», ${formatWhen(new Date(review.starts_at), review.mentor_zone)} — ${starsText(review.rating)}`,
      url: bookingUrl(Number(review.booking_id), CONDUCTED_SCHEDULE_URL),
      dedupeKey: `consultation_review:${review.id}`,
    },
  ]);
  return c.json({ id: Number(review.id), booking_id: Number(review.booking_id), rating: Number(review.rating), text: review.text, created_at: new Date(review.created_at).toISOString() }, 201);
});
