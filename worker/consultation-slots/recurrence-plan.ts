// From what the mentor entered (the first slot, how it repeats, until when) to the series row's wall-clock
// rule, with the date rules of spec 002 §5.3 checked in the series' time zone.
import type { SeriesPlan } from './consultation-slots.queries.ts';
import { repeatUntilMessages, type RecurrenceInput } from './consultation-slots.schemas.ts';
import { addDays, isoWeekdays, localParts, SLOT_DAYS_AHEAD_MAX, slotTimeProblems, type Weekday } from './slot-dates.ts';

const isoDay = (day: Weekday) => isoWeekdays.indexOf(day) + 1;

export type RecurrencePlanResult = { ok: true; plan: SeriesPlan } | { ok: false; fields: Record<string, string> };

/**
 * The series for `input` in `timeZone`; `now` decides "today". A repeating series may start with a time
 * already past today (that date is skipped), a one-time one may not. A series with no date left to
 * expand is refused, so no empty series is recorded.
 */
export function planRecurrence(input: RecurrenceInput, timeZone: string, now: Date): RecurrencePlanResult {
  const repeats = input.repeat_type !== 'none';
  const fields = slotTimeProblems(input.start_time, input.end_time, timeZone, now, { allowPassedToday: repeats });
  const first = localParts(input.start_time, timeZone);
  const today = localParts(now, timeZone).date;
  const repeatUntil = repeats ? input.repeat_until! : first.date;
  if (repeats && !fields.start_time) {
    if (repeatUntil < first.date) fields.repeat_until = repeatUntilMessages.beforeFirst;
    else if (repeatUntil > addDays(today, SLOT_DAYS_AHEAD_MAX)) fields.repeat_until = repeatUntilMessages.tooFar;
  }
  if (Object.keys(fields).length) return { ok: false, fields };

  const days: Weekday[] =
    input.repeat_type === 'daily' ? [...isoWeekdays] : input.repeat_type === 'custom' ? input.custom_weekdays : [first.weekday];
  const plan: SeriesPlan = {
    typeId: input.consultation_type,
    repeatType: input.repeat_type,
    customWeekdays: input.repeat_type === 'custom' ? input.custom_weekdays : input.repeat_type === 'weekly' ? [first.weekday] : [],
    isoWeekdays: days.map(isoDay),
    firstDate: first.date,
    repeatUntil,
    startLocal: first.time,
    endLocal: localParts(input.end_time, timeZone).time,
    seconds: (input.end_time.getTime() - input.start_time.getTime()) / 1000,
    timeZone,
  };
  if (!hasDateAhead(plan, input.start_time, now)) {
    return { ok: false, fields: { repeat_until: 'В выбранном периоде нет ни одного подходящего дня' } };
  }
  return { ok: true, plan };
}

/** Whether some date of the series is still ahead: a matching date after the first, or the first one not yet started. */
function hasDateAhead(plan: SeriesPlan, firstStart: Date, now: Date) {
  for (let day = plan.firstDate; day <= plan.repeatUntil; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    if (plan.isoWeekdays.includes(weekday) && (day > plan.firstDate || firstStart.getTime() > now.getTime())) return true;
  }
  return false;
}
