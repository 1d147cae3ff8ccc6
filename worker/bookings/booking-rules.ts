// The booking form's limit and message (spec 000 §2, §9): the server's schema and the web's booking dialog read them
// from here. Pure: no server-only code (bookings.schemas.ts reaches lib/owned.ts, which is the server's).

/** the questions to the mentor, sent with a booking */
export const QUESTIONS_MAX = 2000;

export const bookingMessages = {
  questionsTooLong: `Вопрос не должен превышать ${QUESTIONS_MAX} символов`,
} as const;

/**
 * The booking rules a mentor sets per consultation type (issue 38 §2, decision 022): which one refused a booking, as
 * the database's trigger forma_booking_rules names it (migration 0057), and its Russian refusal. `limit` is the type's
 * value of the rule (hours of notice, days of horizon).
 */
export type BookingRule = 'notice' | 'horizon' | 'buffer' | 'daily_limit';

export const bookingRuleMessages: Record<BookingRule, (limit: number) => string> = {
  notice: (hours) => `Запись возможна не позднее чем за ${hours} ч до начала`,
  horizon: (days) => `Запись открыта не больше чем на ${days} дн. вперёд`,
  buffer: () => 'Это время слишком близко к другой консультации наставника: он оставляет перерыв между встречами',
  daily_limit: () => 'У наставника на этот день больше нет мест',
};

/** The mentee's cancellation after the type's cut-off (kept on the booking when it was made). */
export const cancelCutoffMessage = (hours: number) => `Отменить запись можно не позднее чем за ${hours} ч до начала`;

/** The last moment the mentee may cancel (and, issue 38 §1, move) a booking kept with this cut-off. */
export function cancelCutoffAt(startsAt: Date, cutoffHours: number): Date {
  return new Date(startsAt.getTime() - cutoffHours * 3_600_000);
}

/** Whether the mentee's cut-off has passed; a cut-off of 0 never passes here (the start itself is checked apart). */
export function cutoffPassed(startsAt: Date, cutoffHours: number, now: Date): boolean {
  return cutoffHours > 0 && now.getTime() >= cancelCutoffAt(startsAt, cutoffHours).getTime();
}
