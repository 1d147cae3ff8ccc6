// Words the notifications to mentors share (issue 35, item 19): a notice names who did it and what it concerns, so it
// reads on its own in the bell, in a push and in a messenger, and links to where it can be acted on.

/** «Мария Кузнецова»; a person without a name yet is `fallback` («Ученик», «Участник») */
export function personName(firstName: string | null | undefined, lastName: string | null | undefined, fallback = 'Ученик') {
  return [firstName, lastName].map((part) => part?.trim()).filter(Boolean).join(' ') || fallback;
}

/** ★★★★ for 4 */
export const starsText = (stars: number) => '★'.repeat(stars);

/** the mentor's own consultations in the schedule, where a booking's details and actions are */
export const LEADING_SCHEDULE_URL = '/CalendarPage?tab=leading';
/** the consultations already held, where a rating shows beside its consultation */
export const CONDUCTED_SCHEDULE_URL = '/CalendarPage?tab=history&filter=conducted';
/** the consultations a person bought */
export const PARTICIPATING_SCHEDULE_URL = '/CalendarPage?tab=participating';
/** what was held or cancelled */
export const HISTORY_SCHEDULE_URL = '/CalendarPage?tab=history';
export const CANCELLED_SCHEDULE_URL = '/CalendarPage?tab=history&filter=cancelled';

/**
 * One booking's details opened over the schedule (`?booking=`, web/routes/CalendarPage.tsx): a notice about one
 * consultation leads to it, not to the whole schedule to look for it; `schedule` is the list left under it.
 */
export const bookingUrl = (bookingId: number, schedule: string) => `${schedule}${schedule.includes('?') ? '&' : '?'}booking=${bookingId}`;
