import { dayjs } from '../../lib/dayjs.ts';
import { countRu } from '../../lib/plural.ts';
import type { AvailableSlot, SlotRange } from './booking.api.ts';

/*
 * Calendar arithmetic of the booking dialog. Days are 'YYYY-MM-DD' keys in the viewer's time zone; the
 * key arithmetic runs in UTC so a daylight-saving change can never make a day 23 or 25 hours long.
 */

/** Spec 000 §7: slots are asked for 365 days ahead. */
export const SLOT_RANGE_DAYS = 365;
/** Spec 000 §9. */
export const DEFAULT_DURATION_MINUTES = 60;
export const DEFAULT_TOPIC = 'Сессия наставничества';

export type DayKey = string;

/** The viewer's IANA zone: the profile's time_zone, else the browser's. */
export function viewerTimeZone(user?: { time_zone?: string | null } | null): string {
  return user?.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';
}

/**
 * The query of GET /consultation-type-slots/available/. The spec's client starts tomorrow; we start today
 * so that slots later today can be booked too (the server offers only slots that have not started). The
 * dates are the viewer's, and the server reads them in the viewer's zone (the time_zone parameter).
 */
export function slotRange(timeZone: string, now: Date = new Date()): SlotRange {
  const today = todayKey(timeZone, now);
  return { start_date: today, end_date: addDays(today, SLOT_RANGE_DAYS), time_zone: timeZone };
}

export function dayKeyOf(value: string | Date, timeZone: string): DayKey {
  return dayjs(value).tz(timeZone).format('YYYY-MM-DD');
}

export function todayKey(timeZone: string, now: Date = new Date()): DayKey {
  return dayKeyOf(now, timeZone);
}

export function addDays(key: DayKey, days: number): DayKey {
  return dayjs.utc(key).add(days, 'day').format('YYYY-MM-DD');
}

/** The Monday of the key's week (the week starts on Monday, spec 000 §1). */
export function mondayOf(key: DayKey): DayKey {
  const day = dayjs.utc(key);
  return day.subtract((day.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

export function addWeeks(monday: DayKey, weeks: number): DayKey {
  return addDays(monday, weeks * 7);
}

/** Monday to Sunday. */
export function weekDays(monday: DayKey): DayKey[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The slots of each day in the viewer's zone, in time order. */
export function groupByDay(slots: readonly AvailableSlot[], timeZone: string): Map<DayKey, AvailableSlot[]> {
  const days = new Map<DayKey, AvailableSlot[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  for (const slot of sorted) {
    const key = dayKeyOf(slot.start_time, timeZone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return days;
}

/**
 * '1 окно', '2 окна', '5 окон': free times as Russian booking speaks of them. The spec's 'N опции' read «1 опция»
 * beside a single time (issue 35, decision 006).
 */
export function optionsLabel(count: number): string {
  return countRu(count, ['окно', 'окна', 'окон']);
}

export function formatTime(value: string, timeZone: string): string {
  return dayjs(value).tz(timeZone).format('HH:mm');
}

/** '10:00 – 11:00' in the given zone. */
export function formatTimeRange(slot: Pick<AvailableSlot, 'start_time' | 'end_time'>, timeZone: string): string {
  return `${formatTime(slot.start_time, timeZone)} – ${formatTime(slot.end_time, timeZone)}`;
}

export function slotMinutes(slot: Pick<AvailableSlot, 'start_time' | 'end_time'>): number {
  return Math.round((Date.parse(slot.end_time) - Date.parse(slot.start_time)) / 60_000);
}

/** 'вторник, 17 марта' (with the year when it is not the current one). */
export function formatLongDay(value: string, timeZone: string, now: Date = new Date()): string {
  const date = dayjs(value).tz(timeZone);
  return date.format(date.year() === dayjs(now).tz(timeZone).year() ? 'dddd, D MMMM' : 'dddd, D MMMM YYYY');
}

/** The week strip's caption: '16 – 22 марта 2026', '30 марта – 5 апреля 2026', '29 декабря 2025 – 4 января 2026'. */
export function formatWeekRange(monday: DayKey): string {
  const start = dayjs.utc(monday).locale('ru');
  const end = start.add(6, 'day');
  if (start.year() !== end.year()) return `${start.format('D MMMM YYYY')} – ${end.format('D MMMM YYYY')}`;
  if (start.month() !== end.month()) return `${start.format('D MMMM')} – ${end.format('D MMMM YYYY')}`;
  return `${start.format('D')} – ${end.format('D MMMM YYYY')}`;
}

/** 'пн' … 'вс' and the day of the month, for a strip cell. */
export function dayCellParts(key: DayKey): { weekday: string; day: string; long: string } {
  const date = dayjs.utc(key).locale('ru');
  return { weekday: date.format('dd'), day: date.format('D'), long: date.format('dddd, D MMMM') };
}
