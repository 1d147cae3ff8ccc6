import { SLOT_DAYS_AHEAD_MAX, slotDateMessages } from '../../../worker/consultation-slots/slot-dates.ts';
import { addDaysTo, addMonthsTo, isTime, shiftTime, todayIn, zonedInstant } from './editor-time.ts';
import type { Weekday } from './session-editor.api.ts';

/* The slot form's rules (spec 002 §4.5, §5.3, §9). */

export const WEEKDAYS: { value: Weekday; short: string }[] = [
  { value: 'mon', short: 'Пн' },
  { value: 'tue', short: 'Вт' },
  { value: 'wed', short: 'Ср' },
  { value: 'thu', short: 'Чт' },
  { value: 'fri', short: 'Пт' },
  { value: 'sat', short: 'Сб' },
  { value: 'sun', short: 'Вс' },
];
export const DEFAULT_WEEKDAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
export const NEW_SLOT_TIME = '09:00';
// the server's own bound and messages (worker/consultation-slots/slot-dates.ts, pure)
export { SLOT_DAYS_AHEAD_MAX };
export const REPEAT_MONTHS = 3;

export const slotMessages = {
  dateRequired: slotDateMessages.dateRequired,
  dateBeforeToday: slotDateMessages.past,
  dateTooFar: slotDateMessages.tooFar,
  oneTimeNoDate: 'Укажи дату для единоразового слота!',
  invalidForm: 'Пожалуйста, исправьте ошибки в форме',
  weekdays: slotDateMessages.weekdays,
  timeFormat: 'Некорректный формат времени (ЧЧ:ММ)',
  deleteConfirm: 'Вы уверены, что хотите удалить это время?',
  deleteFailed: (message: string) => `Ошибка при удалении слота: ${message}`,
  slotNotFound: 'Слот не найден',
} as const;

export type SlotKind = 'one-time' | 'recurring';

export type SlotFormState = {
  kind: SlotKind;
  /** the one-time slot's date 'YYYY-MM-DD' ('' when cleared) */
  date: string;
  start: string;
  end: string;
  weekdays: Weekday[];
  /** the last date of a series ('' for a one-time slot) */
  repeatUntil: string;
};

/** A new slot: one-time, today, 09:00 to 09:00 + duration (spec 002 §4.5). */
export function newSlotState(durationMinutes: number, today: string): SlotFormState {
  return { kind: 'one-time', date: today, start: NEW_SLOT_TIME, end: shiftTime(NEW_SLOT_TIME, durationMinutes), weekdays: [...DEFAULT_WEEKDAYS], repeatUntil: '' };
}

/**
 * Switching the kind (spec 002 §4.5): one-time sets the date to today and clears repeat-until; recurring
 * clears the date, sets repeat-until three months ahead and the weekdays to mon–fri.
 */
export function switchKind(state: SlotFormState, kind: SlotKind, today: string): SlotFormState {
  if (kind === state.kind) return state;
  if (kind === 'one-time') return { ...state, kind, date: today, repeatUntil: '' };
  return { ...state, kind, date: '', repeatUntil: addMonthsTo(today, REPEAT_MONTHS), weekdays: [...DEFAULT_WEEKDAYS] };
}

/** A new start moves the end to start + duration. */
export function withStart(state: SlotFormState, start: string, durationMinutes: number): SlotFormState {
  return { ...state, start, end: shiftTime(start, durationMinutes) };
}

/** A new end moves the start to end − duration. */
export function withEnd(state: SlotFormState, end: string, durationMinutes: number): SlotFormState {
  return { ...state, end, start: shiftTime(end, -durationMinutes) };
}

function dateProblem(date: string, today: string): string | null {
  if (!date) return slotMessages.dateRequired;
  if (date < today) return slotMessages.dateBeforeToday;
  if (date > addDaysTo(today, SLOT_DAYS_AHEAD_MAX)) return slotMessages.dateTooFar;
  return null;
}

export type SlotRequest =
  | { kind: 'one-time'; start_time: string; end_time: string }
  | { kind: 'recurring'; start_time: string; end_time: string; custom_weekdays: Weekday[]; repeat_until: string };

/**
 * The messages of spec 002 §5.3 under their fields, and what to send when there are none. A series starts
 * today at its start time (a time already past today is skipped by the server); each slot lasts the
 * type's duration.
 */
export function validateSlot(
  state: SlotFormState,
  { durationMinutes, timeZone, today }: { durationMinutes: number; timeZone: string; today: string },
): { errors: Record<string, string>; request: SlotRequest | null } {
  const errors: Record<string, string> = {};
  if (!isTime(state.start)) errors.start = slotMessages.timeFormat;
  if (!isTime(state.end)) errors.end = slotMessages.timeFormat;
  if (state.kind === 'one-time') {
    const problem = dateProblem(state.date, today);
    if (problem) errors.date = problem;
  } else {
    const problem = dateProblem(state.repeatUntil, today);
    if (problem) errors.repeatUntil = problem;
    if (!state.weekdays.length) errors.weekdays = slotMessages.weekdays;
  }
  if (Object.keys(errors).length) return { errors, request: null };

  const first = state.kind === 'one-time' ? state.date : today;
  const start = zonedInstant(first, state.start, timeZone);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const times = { start_time: start.toISOString(), end_time: end.toISOString() };
  return {
    errors,
    request:
      state.kind === 'one-time'
        ? { kind: 'one-time', ...times }
        : { kind: 'recurring', ...times, custom_weekdays: WEEKDAYS.map((d) => d.value).filter((d) => state.weekdays.includes(d)), repeat_until: state.repeatUntil },
  };
}

export { todayIn };
