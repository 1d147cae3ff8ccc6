import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { CONSULTATION_REVIEW_TEXT_MAX, REVIEW_STARS_MAX, REVIEW_STARS_MIN, reviewMessages } from './review-rules.ts';

const RATING_REQUIRED = reviewMessages.ratingRequired;

/** POST /reviews/ (spec 002 §3 "Review", §5.2): event_id carries the booking id for a consultation. */
export const reviewBody = z.object({
  event_id: idParam('Некорректная консультация'),
  rating: z.coerce.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(REVIEW_STARS_MIN, RATING_REQUIRED).max(REVIEW_STARS_MAX, reviewMessages.ratingRange),
  text: z
    .string({ error: 'Некорректный отзыв' })
    .trim()
    .max(CONSULTATION_REVIEW_TEXT_MAX, reviewMessages.consultationTextTooLong)
    .nullish()
    .transform((v) => v ?? ''),
});
