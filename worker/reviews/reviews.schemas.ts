// Reviews of mentors and of events (spec 000 sections 2, 5 and 7). The same rules as the review dialog:
// text required, at most 1000 characters; 1 to 5 stars (default 5). review_date is the server's.
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';

export const REVIEW_TEXT_MAX = 1000;
/** reviews one user may add per hour, across mentors and events */
export const REVIEWS_PER_HOUR = 20;
/** the lists are not paged; a mentor page shows them in a slider */
export const REVIEWS_LIST_MAX = 500;

export const reviewFields = {
  review_text: z
    .string({ error: 'Отзыв обязателен для заполнения' })
    .trim()
    .min(1, 'Отзыв обязателен для заполнения')
    .max(REVIEW_TEXT_MAX, `Отзыв не должен превышать ${REVIEW_TEXT_MAX} символов`),
  review_stars: z.coerce
    .number({ error: 'Оценка должна быть от 1 до 5' })
    .int('Оценка должна быть от 1 до 5')
    .min(1, 'Оценка должна быть от 1 до 5')
    .max(5, 'Оценка должна быть от 1 до 5')
    .default(5),
  /** accepted for the spec's clients and ignored: the server dates a review */
  review_date: z.unknown().optional(),
};

export const userReviewBody = z.object({ ...reviewFields, to_user_id: idParam('Некорректный ментор') });
export const eventReviewBody = z.object({ ...reviewFields, event_id: idParam('Некорректное мероприятие') });

export const userReviewsQuery = z.object({ to_user_id: idParam('Некорректный ментор') });
export const eventReviewsQuery = z.object({ event_id: idParam('Некорректное мероприятие') });
