// Calendar dates and wall-clock times in an IANA time zone, for the slot date rules (spec 002 §5.3, §9):
// "today" and "400 days ahead" are the mentor's calendar days, not UTC's.

/** How far ahead a slot (or a series' last date) may lie, in days. */
export const SLOT_DAYS_AHEAD_MAX = 400;
/** The longest slot, as long as the longest consultation type. */
export const SLOT_MINUTES_MAX = 1000;
/** The shortest slot, as short as the shortest consultation type (CONSULTATION_DURATION_MIN, decision 010). */
export const SLOT_MINUTES_MIN = 15;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The canonical name of an IANA time zone, or null when the runtime doesn't know it. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isoWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof isoWeekdays)[number];

/**
 * The calendar date ('YYYY-MM-DD'), wall-clock time ('HH:MM:SS.mmm') and weekday of an instant in a zone.
 * Zone offsets are whole seconds, so the milliseconds are the instant's own.
 */
export function localParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(format(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  const ms = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}.${ms}`,
    weekday: parts.weekday.toLowerCase().slice(0, 3) as Weekday,
  };
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A real calendar date written 'YYYY-MM-DD' (not 2027-02-30). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The slot form's messages (spec 002 §5.3): this module is pure, so the web's slot form may import them. */
export const slotDateMessages = {
  dateRequired: 'Поле даты обязательно для заполнения',
  weekdays: 'Выберите хотя бы один день недели',
  past: 'Дата не может быть раньше сегодняшнего дня',
  tooFar: 'Пожалуйста, выберите более раннюю дату',
  startPassed: 'Время начала уже прошло',
  endBeforeStart: 'Время окончания должно быть позже времени начала',
  tooLong: `Слот не может быть длиннее ${SLOT_MINUTES_MAX} минут`,
  tooShort: `Слот не может быть короче ${SLOT_MINUTES_MIN} минут`,
} as const;

/**
 * What is wrong with a slot's times, as field messages (empty when nothing is): the end after the start,
 * at least SLOT_MINUTES_MIN and at most SLOT_MINUTES_MAX later (any length between, not necessarily the type's
 * duration: the mentor may offer a longer window), the start's date in `timeZone` from today to SLOT_DAYS_AHEAD_MAX
 * days ahead and, unless `allowPassedToday`, the start still ahead.
 */
export function slotTimeProblems(start: Date, end: Date, timeZone: string, now: Date, { allowPassedToday = false } = {}) {
  const fields: Record<string, string> = {};
  const today = localParts(now, timeZone).date;
  const day = localParts(start, timeZone).date;
  if (day < today) fields.start_time = slotDateMessages.past;
  else if (day > addDays(today, SLOT_DAYS_AHEAD_MAX)) fields.start_time = slotDateMessages.tooFar;
  else if (!allowPassedToday && start.getTime() <= now.getTime()) fields.start_time = slotDateMessages.startPassed;
  if (end.getTime() <= start.getTime()) fields.end_time = slotDateMessages.endBeforeStart;
  else if (end.getTime() - start.getTime() < SLOT_MINUTES_MIN * 60_000) fields.end_time = slotDateMessages.tooShort;
  else if (end.getTime() - start.getTime() > SLOT_MINUTES_MAX * 60_000) fields.end_time = slotDateMessages.tooLong;
  return fields;
}
