// Wall-clock arithmetic in the mentors' time zones without a date library. Russia has had no daylight
// saving time since 2014, so every zone we use is a fixed UTC offset; that makes local -> UTC a subtraction.

export const zoneOffsetMinutes = {
  'Europe/Kaliningrad': 2 * 60,
  'Europe/Moscow': 3 * 60,
  'Europe/Samara': 4 * 60,
  'Asia/Yekaterinburg': 5 * 60,
  'Asia/Novosibirsk': 7 * 60,
  'Asia/Vladivostok': 10 * 60,
} as const;
export type TimeZone = keyof typeof zoneOffsetMinutes;

export const weekdayCodes = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdayCodes)[number];

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A calendar date as 'YYYY-MM-DD' (the format of Postgres `date` columns). */
export type LocalDate = string;

/** The calendar date of an instant in a zone. */
export function localDateOf(instant: Date, zone: TimeZone): LocalDate {
  return new Date(instant.getTime() + zoneOffsetMinutes[zone] * MINUTE).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export function weekdayOf(date: LocalDate): Weekday {
  // getUTCDay: 0 = Sunday; our codes start on Monday
  return weekdayCodes[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
}

/** Minutes since local midnight as Postgres `time` text, e.g. 630 -> '10:30:00'. */
export function timeText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/** The instant when the wall clock in `zone` shows `date` + `minutes` after midnight. */
export function atLocal(date: LocalDate, minutes: number, zone: TimeZone): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + (minutes - zoneOffsetMinutes[zone]) * MINUTE);
}

export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
export const addHours = (instant: Date, hours: number) => new Date(instant.getTime() + hours * HOUR);

/** The earlier of two instants. */
export const minDate = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
