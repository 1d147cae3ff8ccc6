// The booking form's limit and message (spec 000 §2, §9): the server's schema and the web's booking dialog read them
// from here. Pure: no server-only code (bookings.schemas.ts reaches lib/owned.ts, which is the server's).

/** the questions to the mentor, sent with a booking */
export const QUESTIONS_MAX = 2000;

export const bookingMessages = {
  questionsTooLong: `Вопрос не должен превышать ${QUESTIONS_MAX} символов`,
} as const;
