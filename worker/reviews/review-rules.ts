// The review forms' limits and messages (spec 000 §5, §9; spec 002 §5.2): the server's schemas and the web's
// dialogs (web/components/review-dialog.tsx, the schedule's consultation review, the stars) read them from here,
// so the two refuse the same input with the same words. Pure: no server-only code.

/** a mentor's or an event's review text */
export const REVIEW_TEXT_MAX = 1000;
/** a consultation review's (optional) text */
export const CONSULTATION_REVIEW_TEXT_MAX = 1000;
/** the rating scale: whole stars */
export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
/** a mentor's or an event's review starts at (and, left out, is) five stars */
export const REVIEW_DEFAULT_STARS = 5;

/**
 * Why a person may not review a mentor (GET /api/user_reviews/can-review/), said where «Добавить отзыв» would be and
 * by the refusal of AddUserReview, so the page and the server give the same reason.
 */
export const mentorReviewRefusals = {
  own_page: 'Свою страницу оценить нельзя',
  no_held_consultation: 'Отзыв можно оставить после состоявшейся консультации с этим наставником',
  already_reviewed: 'Вы уже оставили отзыв этому наставнику',
} as const;
export type MentorReviewRefusal = keyof typeof mentorReviewRefusals;

/**
 * Why a person may not review an event (GET /api/event_reviews/can-review/), said under the event page's reviews and
 * by the refusal of AddEventReview. A participant is one whose registration is confirmed (a paid seat is confirmed
 * once paid) and was not cancelled.
 */
export const eventReviewRefusals = {
  own_event: 'Своё мероприятие оценить нельзя',
  canceled: 'Отменённое мероприятие оценить нельзя',
  not_started: 'Отзыв можно оставить, когда мероприятие начнётся',
  not_participant: 'Отзыв могут оставить только участники этого мероприятия',
  already_reviewed: 'Вы уже оставили отзыв об этом мероприятии',
} as const;
export type EventReviewRefusal = keyof typeof eventReviewRefusals;

export const reviewMessages = {
  textRequired: 'Отзыв обязателен для заполнения',
  textTooLong: `Отзыв не должен превышать ${REVIEW_TEXT_MAX} символов`,
  stars: `Оценка должна быть от ${REVIEW_STARS_MIN} до ${REVIEW_STARS_MAX}`,
  /** a consultation's rating: none chosen */
  ratingRequired: 'Пожалуйста, выберите оценку',
  ratingRange: `Оценка — от ${REVIEW_STARS_MIN} до ${REVIEW_STARS_MAX} звёзд`,
  consultationTextTooLong: `Отзыв не должен превышать ${CONSULTATION_REVIEW_TEXT_MAX} символов`,
} as const;
