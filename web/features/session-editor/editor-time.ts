import { dayjs } from '../../lib/dayjs.ts';

/** Spec 002 §5.3 and §9: time pickers move in 15-minute steps. */
export const TIME_STEP_MINUTES = 15;
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isTime = (value: string) => TIME_RE.test(value);

/** While typing: digits and one colon only, at most 'HH:MM'. */
export function typingTime(raw: string): string {
  const cleaned = raw.replace(/[^\d:]/g, '');
  const [h = '', ...rest] = cleaned.split(':');
  return rest.length ? `${h.slice(0, 2)}:${rest.join('').slice(0, 2)}` : cleaned.slice(0, 4);
}

/**
 * The time picker's rules (spec 002 §5.3): digits only, the hour capped at 23, minutes rounded to the
 * 15-minute step, an empty value becomes 00:00. '9' → 09:00, '930' → 09:30, '25:07' → 23:00.
 */
export function normalizeTime(raw: string, step = TIME_STEP_MINUTES): string {
  const trimmed = raw.trim();
  let hours: number;
  let minutes: number;
  if (trimmed.includes(':')) {
    const [h, m] = trimmed.split(':');
    hours = Number(h?.replace(/\D/g, '') || 0);
    minutes = Number(m?.replace(/\D/g, '').slice(0, 2) || 0);
  } else {
    const digits = trimmed.replace(/\D/g, '').slice(0, 4);
    hours = Number(digits.length <= 2 ? digits || 0 : digits.slice(0, digits.length - 2));
    minutes = Number(digits.length <= 2 ? 0 : digits.slice(-2));
  }
  hours = Math.min(23, hours);
  minutes = Math.min(60 - step, Math.round(Math.min(59, minutes) / step) * step);
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** 'HH:MM' shifted by minutes, wrapping around midnight. */
export function shiftTime(time: string, minutes: number): string {
  if (!isTime(time)) return time;
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Every quarter hour of a day, for the picker's suggestions. */
export const QUARTER_HOURS = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, i) => shiftTime('00:00', i * TIME_STEP_MINUTES));

/** Today 'YYYY-MM-DD' in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

export function addDaysTo(date: string, days: number): string {
  return dayjs(date).add(days, 'day').format('YYYY-MM-DD');
}

export function addMonthsTo(date: string, months: number): string {
  return dayjs(date).add(months, 'month').format('YYYY-MM-DD');
}

/** The instant of a wall-clock date and time in the zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  return dayjs.tz(`${date}T${time}:00`, timeZone).toDate();
}

/** The wall-clock date and time of an instant in the zone. */
export function zonedParts(value: string | Date, timeZone: string): { date: string; time: string } {
  const d = dayjs(value).tz(timeZone);
  return { date: d.format('YYYY-MM-DD'), time: d.format('HH:mm') };
}
