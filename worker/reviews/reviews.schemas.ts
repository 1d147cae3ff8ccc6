// Reviews of mentors and of events (spec 000 sections 2, 5 and 7). The same rules as the review dialog:
// text required, at most 1000 characters; 1 to 5 stars (default 5). review_date is the server's. The limits and
// messages are review-rules.ts's, which the web's dialog reads too.
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { REVIEW_DEFAULT_STARS, REVIEW_STARS_MAX, REVIEW_STARS_MIN, REVIEW_TEXT_MAX, reviewMessages } from './review-rules.ts';

/** reviews one user may add per hour, across mentors and events */
export const REVIEWS_PER_HOUR = 20;
/** the lists are not paged; a mentor page shows them in a slider */
export const REVIEWS_LIST_MAX = 500;

export const reviewFields = {
  review_text: z
    .string({ error: reviewMessages.textRequired })
    .trim()
    .min(1, reviewMessages.textRequired)
    .max(REVIEW_TEXT_MAX, reviewMessages.textTooLong),
  review_stars: z.coerce
    .number({ error: reviewMessages.stars })
    .int(reviewMessages.stars)
    .min(REVIEW_STARS_MIN, reviewMessages.stars)
    .max(REVIEW_STARS_MAX, reviewMessages.stars)
    .default(REVIEW_DEFAULT_STARS),
  /** accepted for the spec's clients and ignored: the server dates a review */
  review_date: z.unknown().optional(),
};

export const userReviewBody = z.object({ ...reviewFields, to_user_id: idParam('Некорректный ментор') });
export const eventReviewBody = z.object({ ...reviewFields, event_id: idParam('Некорректное мероприятие') });

export const userReviewsQuery = z.object({ to_user_id: idParam('Некорректный ментор') });
export const eventReviewsQuery = z.object({ event_id: idParam('Некорректное мероприятие') });
