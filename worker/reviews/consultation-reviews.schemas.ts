import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';

export const CONSULTATION_REVIEW_TEXT_MAX = 1000;
export const RATING_REQUIRED = 'Пожалуйста, выберите оценку';

/** POST /reviews/ (spec 002 §3 "Review", §5.2): event_id carries the booking id for a consultation. */
export const reviewBody = z.object({
  event_id: idParam('Некорректная консультация'),
  rating: z.coerce.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, 'Оценка — от 1 до 5 звёзд'),
  text: z
    .string({ error: 'Некорректный отзыв' })
    .trim()
    .max(CONSULTATION_REVIEW_TEXT_MAX, `Отзыв не должен превышать ${CONSULTATION_REVIEW_TEXT_MAX} символов`)
    .nullish()
    .transform((v) => v ?? ''),
});
