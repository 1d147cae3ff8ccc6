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
