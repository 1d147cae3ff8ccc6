import { dayjs } from '../../lib/dayjs.ts';
import { EVENT_LIVE_LEAD_MINUTES } from '../../../worker/events/event-rules.ts';
import { cutoffPassed } from '../../../worker/bookings/booking-rules.ts';
import { pluralRu } from '../../lib/plural.ts';
import type { Schedule, ScheduleBooking, ScheduleEvent, SchedulePerson } from './schedule.api.ts';
import { HISTORY_FILTER_VALUES, type HistoryFilter } from './schedule-tabs.ts';

/*
 * The schedule's four lists as the calendar's items: who leads, what state each is in (spec 002 §3, §4.3),
 * what its card offers (§2.2), which tab and history chip shows it, the month grid (§2.3) and the review
 * prompt (§4.4). Pure functions of the schedule and "now", so tests need no clock.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
/** Spec 002 §9. */
export const TITLE_MAX = 40;
export const DEFAULT_DURATION_MINUTES = 60;
export const DEFAULT_COST = 1500;
export const REVIEW_PROMPT_WINDOW_MS = 5 * 60_000;
export const REVIEW_PROMPT_DELAY_MS = 5_000;

export type ItemRole = 'leading' | 'participating';
/** Spec 002 §4.3. */
export type ItemStatus = 'cancelled' | 'done' | 'live';

type ItemBase = {
  /** 'event:12' or 'booking:5': unique across the four lists. */
  key: string;
  id: number;
  role: ItemRole;
  title: string;
  start: string;
  end: string;
  durationMinutes: number;
};

export type ScheduleItem =
  | (ItemBase & { kind: 'event'; event: ScheduleEvent })
  | (ItemBase & { kind: 'consultation'; booking: ScheduleBooking });

function fromEvent(event: ScheduleEvent, role: ItemRole): ScheduleItem {
  return {
    key: `event:${event.id}`,
    kind: 'event',
    id: event.id,
    role,
    title: event.title.trim() || 'Без названия',
    start: event.date,
    end: event.end_date,
    durationMinutes: event.duration_minutes,
    event,
  };
}

function fromBooking(booking: ScheduleBooking, role: ItemRole): ScheduleItem {
  return {
    key: `booking:${booking.id}`,
    kind: 'consultation',
    id: booking.id,
    role,
    title: booking.slot.consultation_type.name.trim() || 'Сессия наставничества',
    start: booking.slot.start_time,
    end: booking.slot.end_time,
    durationMinutes: booking.slot.duration,
    booking,
  };
}

type Lists = Pick<Schedule, 'mentor_events' | 'registered_events' | 'booked_by_user' | 'booked_for_mentor'>;

/** Every item of one or more schedule answers (windows may overlap), once, sorted by start. */
export function scheduleItems(...schedules: Lists[]): ScheduleItem[] {
  const items = new Map<string, ScheduleItem>();
  for (const schedule of schedules) {
    for (const e of schedule.mentor_events) items.set(`event:${e.id}`, fromEvent(e, 'leading'));
    for (const e of schedule.registered_events) items.set(`event:${e.id}`, fromEvent(e, 'participating'));
    for (const b of schedule.booked_for_mentor) items.set(`booking:${b.id}`, fromBooking(b, 'leading'));
    for (const b of schedule.booked_by_user) items.set(`booking:${b.id}`, fromBooking(b, 'participating'));
  }
  return [...items.values()].sort(byStart);
}

const byStart = (a: ScheduleItem, b: ScheduleItem) => Date.parse(a.start) - Date.parse(b.start) || a.key.localeCompare(b.key);

/**
 * Spec 002 §4.3: cancelled, else done, else live («upcoming or active»). Two readings of ours:
 * - a consultation counts as cancelled when its booking was (decision 010 keeps cancelled paid bookings in
 *   the schedule so «Отменённые» can show them);
 * - «done» starts when the session is over (its end has passed, the meeting was closed or the buyer
 *   finished the booking), not at its start: the spec's "start in the past" would take «Присоединиться»
 *   away from a meeting that is running, which its own «active» contradicts.
 */
export function itemStatus(item: ScheduleItem, now: number): ItemStatus {
  if (isCancelled(item)) return 'cancelled';
  if (Date.parse(item.end) <= now) return 'done';
  if ((item.kind === 'event' ? item.event.conference_status : item.booking.conference_status) === 'ended') return 'done';
  if (item.kind === 'consultation' && item.booking.status === 'finished') return 'done';
  return 'live';
}

export function isCancelled(item: ScheduleItem): boolean {
  return item.kind === 'event' ? item.event.is_canceled : item.booking.status === 'canceled';
}

export const hasStarted = (item: ScheduleItem, now: number) => Date.parse(item.start) <= now;

/** «Скоро в эфире»: starts within the hour, as the event page's 'live' (decision 005, «The event list's order and «в эфире»»). */
export const startsSoon = (item: ScheduleItem, now: number) => Date.parse(item.start) - now <= EVENT_LIVE_LEAD_MINUTES * 60_000;

export type ItemAction = 'open' | 'join' | 'details' | 'reschedule' | 'edit' | 'cancel' | 'leave' | 'review' | 'dispute';

/** The buttons of a card (spec 002 §2.2, §6; decision 010), in the order they are shown. */
export function itemActions(item: ScheduleItem, now: number, { reschedule = false }: { reschedule?: boolean } = {}): ItemAction[] {
  const status = itemStatus(item, now);
  const started = hasStarted(item, now);
  const actions: ItemAction[] = [];
  if (status === 'live') {
    if (item.role === 'leading') {
      actions.push('open');
      // an event's time and text can still change before it starts
      if (item.kind === 'event' && !started) actions.push('edit');
    } else if (!(item.kind === 'event' && item.event.registration_status === 'pending_payment')) {
      // a seat whose payment has not gone through yet lets nobody in
      actions.push('join');
    }
  }
  if (item.kind === 'consultation' && item.role === 'participating' && status !== 'cancelled') {
    // the server decides (started, not rated yet); the card only follows
    if (item.booking.can_review) actions.push('review');
    // spec: only once done, no dispute yet; the server adds its 48-hour window and the held payment (decision 010)
    if (status === 'done' && item.booking.can_dispute && !item.booking.has_dispute) actions.push('dispute');
  }
  actions.push('details');
  // «Перенести» (decision 024): the buyer's paid or free consultation ahead, before the cut-off kept on it, with no
  // dispute; only where the screen has the slot picker to offer
  if (
    reschedule && item.kind === 'consultation' && item.role === 'participating' && status === 'live' && !started &&
    item.booking.status === 'paid' && !item.booking.has_dispute && !cutoffPassed(new Date(item.start), item.booking.cancel_cutoff_hours, new Date(now))
  ) {
    actions.push('reschedule');
  }
  if (status === 'live') {
    if (item.role === 'leading') {
      // the mentor may cancel a consultation even after its start (full refund); an event until it ends
      actions.push('cancel');
    } else if (!started) {
      // once it has begun the buyer disputes instead (409 already_started)
      actions.push(item.kind === 'event' ? 'leave' : 'cancel');
    }
  }
  return actions;
}

const HISTORY_FILTER_LABELS: Record<HistoryFilter, string> = { all: 'Все', conducted: 'Проведённые', attended: 'Посещённые', cancelled: 'Отменённые' };

/** The history's chips in the order the address's values have. */
export const HISTORY_FILTERS = HISTORY_FILTER_VALUES.map((value) => ({ value, label: HISTORY_FILTER_LABELS[value] }));

/** «Веду» and «Участвую»: what is still ahead or running, soonest first. */
export function activeItems(items: ScheduleItem[], role: ItemRole, now: number): ScheduleItem[] {
  return items.filter((item) => item.role === role && itemStatus(item, now) === 'live');
}

/** «История»: what is over or cancelled, the latest first, narrowed by the chip. */
export function historyItems(items: ScheduleItem[], filter: HistoryFilter, now: number): ScheduleItem[] {
  return items
    .filter((item) => {
      const status = itemStatus(item, now);
      if (filter === 'cancelled') return status === 'cancelled';
      if (filter === 'conducted') return status === 'done' && item.role === 'leading';
      if (filter === 'attended') return status === 'done' && item.role === 'participating';
      return status !== 'live';
    })
    .sort((a, b) => byStart(b, a));
}

/** The person on the other side: the mentor for a participant, the buyer for the mentor of a consultation; null for one's own event. */
export function counterpart(item: ScheduleItem): { label: string; person: SchedulePerson } | null {
  if (item.kind === 'event') return item.role === 'leading' ? null : { label: 'Наставник', person: item.event.mentor };
  return item.role === 'leading'
    ? { label: 'Ученик', person: item.booking.booked_by }
    : { label: 'Наставник', person: item.booking.slot.consultation_type.user };
}

export function personName(person: Pick<SchedulePerson, 'mentor_name' | 'mentor_surname'> | null | undefined): string {
  return [person?.mentor_name, person?.mentor_surname].filter((part) => part?.trim()).join(' ').trim() || 'Пользователь';
}

// ----- dates and texts -----

/** 'YYYY-MM-DD' of a moment in the zone. */
export function dayKey(value: string | number, timeZone: string): string {
  return dayjs(value).tz(timeZone).format('YYYY-MM-DD');
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «Пятница, 7 марта» (the year too when it is not this year's). */
export function dayTitle(day: string, today: string): string {
  const date = dayjs.utc(day);
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return `${capitalize(date.format('dddd'))}, ${date.format(sameYear ? 'D MMMM' : 'D MMMM YYYY')}`;
}

/** «18:30–19:30» in the zone. */
export function timeRange(start: string, end: string, timeZone: string): string {
  return `${dayjs(start).tz(timeZone).format('HH:mm')}–${dayjs(end).tz(timeZone).format('HH:mm')}`;
}

/** Spec 002 §2.3: a calendar title is cut at 40 characters, followed by «...». */
export function shortTitle(title: string, max = TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

/** «1 час», «1 час 30 минут», «45 минут», «2 часа»; «1 час» when unknown (spec 002 §2.3). */
export function durationText(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0 || !Number.isFinite(minutes)) return '1 час';
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  const parts = [];
  if (hours) parts.push(`${hours} ${pluralRu(hours, ['час', 'часа', 'часов'])}`);
  if (rest) parts.push(`${rest} ${pluralRu(rest, ['минута', 'минуты', 'минут'])}`);
  return parts.join(' ');
}

/** «60 минут» (spec 002 §2.4: minutes, «60 минут» by default). */
export function minutesText(minutes: number | null | undefined): string {
  const value = minutes && minutes > 0 ? Math.round(minutes) : DEFAULT_DURATION_MINUTES;
  return `${value} ${pluralRu(value, ['минута', 'минуты', 'минут'])}`;
}

// ----- the window asked of the server -----

export type DateWindow = { startDate: string; endDate: string };

/** Months of history loaded with the page and added by each «Показать более ранние». */
export const HISTORY_MONTHS = 3;
/** Months ahead loaded with the page: people book well beyond the spec's one month. */
export const AHEAD_MONTHS = 6;

/**
 * The page's window around `today` ('YYYY-MM-DD' in the viewer's zone): whole months from three back to
 * six ahead (about 300 days, under the server's 400). The spec asks one month either side; a consultation
 * booked seven weeks ahead would then be missing from «Участвую».
 */
export function mainWindow(today: string): DateWindow {
  const month = dayjs.utc(today).startOf('month');
  return {
    startDate: month.subtract(HISTORY_MONTHS, 'month').format('YYYY-MM-DD'),
    endDate: month.add(AHEAD_MONTHS, 'month').endOf('month').format('YYYY-MM-DD'),
  };
}

/** The `page`-th (1, 2, …) earlier stretch of history before `window`, HISTORY_MONTHS long. */
export function earlierWindow(window: DateWindow, page: number): DateWindow {
  const start = dayjs.utc(window.startDate);
  return {
    startDate: start.subtract(HISTORY_MONTHS * page, 'month').format('YYYY-MM-DD'),
    endDate: start.subtract(HISTORY_MONTHS * (page - 1), 'month').subtract(1, 'day').format('YYYY-MM-DD'),
  };
}

/** A whole month ('YYYY-MM') as a window. */
export function monthWindow(month: string): DateWindow {
  const start = dayjs.utc(`${month}-01`);
  return { startDate: start.format('YYYY-MM-DD'), endDate: start.endOf('month').format('YYYY-MM-DD') };
}

export function windowCovers(window: DateWindow, inner: DateWindow): boolean {
  return window.startDate <= inner.startDate && inner.endDate <= window.endDate;
}

// ----- the month grid (spec 002 §2.3) -----

export const WEEKDAY_LABELS = ['ПН', 'ВТ', 'СР', 'ЧТ', 'ПТ', 'СБ', 'ВС'] as const;

export type GridDay = { day: string; inMonth: boolean };

/** Whole weeks, Monday first, covering the month ('YYYY-MM'). Computed on UTC dates: no DST surprises. */
export function monthGrid(month: string): GridDay[][] {
  const first = dayjs.utc(`${month}-01`);
  const last = first.endOf('month');
  // dayjs counts Sunday as 0; the week here starts on Monday
  let cursor = first.subtract((first.day() + 6) % 7, 'day');
  const end = last.add(6 - ((last.day() + 6) % 7), 'day');
  const weeks: GridDay[][] = [];
  while (!cursor.isAfter(end, 'day')) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ day: cursor.format('YYYY-MM-DD'), inMonth: cursor.format('YYYY-MM') === month });
      cursor = cursor.add(1, 'day');
    }
    weeks.push(week);
  }
  return weeks;
}

/** «Март 2030». */
export function monthTitle(month: string): string {
  return capitalize(dayjs.utc(`${month}-01`).format('MMMM YYYY'));
}

export function shiftMonth(month: string, by: number): string {
  return dayjs.utc(`${month}-01`).add(by, 'month').format('YYYY-MM');
}

/** The items of the calendar (cancelled ones left out), grouped by their day in the zone. */
export function itemsByDay(items: ScheduleItem[], timeZone: string): Map<string, ScheduleItem[]> {
  const days = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    if (isCancelled(item)) continue;
    const key = dayKey(item.start, timeZone);
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}

// ----- the review prompt (spec 002 §4.4) -----

/**
 * The consultation to ask a rating for, with the delay: one the viewer bought (no dispute, not rated yet)
 * that started within the last 5 minutes; the modal opens 5 s after its start, at once when more has passed.
 * `skip` holds the bookings already prompted (the prompt comes once, not at every refresh).
 */
export function reviewPrompt(items: ScheduleItem[], now: number, skip: (bookingId: number) => boolean): { bookingId: number; delayMs: number } | null {
  let best: { bookingId: number; elapsed: number } | null = null;
  for (const item of items) {
    if (item.kind !== 'consultation' || item.role !== 'participating') continue;
    const { booking } = item;
    if (booking.status === 'canceled' || booking.has_dispute || booking.has_review || !booking.can_review) continue;
    const elapsed = now - Date.parse(item.start);
    if (elapsed < 0 || elapsed > REVIEW_PROMPT_WINDOW_MS || skip(booking.id)) continue;
    if (!best || elapsed < best.elapsed) best = { bookingId: booking.id, elapsed };
  }
  return best ? { bookingId: best.bookingId, delayMs: Math.max(0, REVIEW_PROMPT_DELAY_MS - best.elapsed) } : null;
}
