import { dayjs } from '../../lib/dayjs.ts';
import { countRu } from '../../lib/plural.ts';
import type { Schedule, ScheduleBooking, ScheduleEvent } from './home.api.ts';

/*
 * The schedule's four lists as one time line of sessions for /Home: what comes next, the coming week
 * grouped by day, and the countdown text. Pure functions of the schedule and "now", so tests need no clock.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
/** Days of «Ближайшие 7 дней», today included. */
export const WEEK_DAYS = 7;
/** A row of the week list offers «Подключиться» from this many minutes before its start. */
export const JOIN_SOON_MINUTES = 15;

export type SessionPerson = { id: number; name: string; avatarUrl: string | null };

export type HomeSession = {
  /** 'event:12' or 'booking:5': unique across the four lists. */
  key: string;
  kind: 'event' | 'consultation';
  id: number;
  /** The caller leads it: their own event, or a consultation booked with them. */
  isHost: boolean;
  title: string;
  start: string;
  end: string;
  /** Who the caller meets: the mentor, or the mentee who booked; null for the caller's own event. */
  counterpart: SessionPerson | null;
  counterpartRole: 'mentor' | 'mentee' | null;
  /** A registration whose payment has not gone through yet: no joining until it does. */
  pendingPayment: boolean;
  /** the waiting list's offer of this held seat runs out then (decision 023); null for any other session */
  offerExpiresAt: string | null;
  /** Already over even if its slot has not run out: the booking was finished or the meeting closed. */
  closed: boolean;
};

type Person = ScheduleEvent['mentor'];

function person(p: Person): SessionPerson {
  const name = [p.mentor_name, p.mentor_surname].filter(Boolean).join(' ').trim() || 'Пользователь';
  return { id: p.id, name, avatarUrl: p.mentor_avatar_url };
}

function fromEvent(event: ScheduleEvent, isHost: boolean): HomeSession {
  return {
    key: `event:${event.id}`,
    kind: 'event',
    id: event.id,
    isHost,
    title: event.title.trim() || 'Без названия',
    start: event.date,
    end: event.end_date,
    counterpart: isHost ? null : person(event.mentor),
    counterpartRole: isHost ? null : 'mentor',
    pendingPayment: event.registration_status === 'pending_payment',
    offerExpiresAt: event.registration_status === 'pending_payment' ? event.offer_expires_at : null,
    closed: event.conference_status === 'ended',
  };
}

function fromBooking(booking: ScheduleBooking, isHost: boolean): HomeSession {
  const type = booking.slot.consultation_type;
  return {
    key: `booking:${booking.id}`,
    kind: 'consultation',
    id: booking.id,
    isHost,
    title: type.name.trim() || 'Консультация',
    start: booking.slot.start_time,
    end: booking.slot.end_time,
    counterpart: person(isHost ? booking.booked_by : type.user),
    counterpartRole: isHost ? 'mentee' : 'mentor',
    pendingPayment: false,
    offerExpiresAt: null,
    closed: booking.status === 'finished' || booking.conference_status === 'ended',
  };
}

/** Every session of the schedule that is not cancelled, sorted by start (then by key, for a stable order). */
export function scheduleSessions(schedule: Pick<Schedule, 'mentor_events' | 'registered_events' | 'booked_by_user' | 'booked_for_mentor'>): HomeSession[] {
  const sessions = [
    ...schedule.mentor_events.filter((e) => !e.is_canceled).map((e) => fromEvent(e, true)),
    ...schedule.registered_events.filter((e) => !e.is_canceled).map((e) => fromEvent(e, false)),
    ...schedule.booked_for_mentor.filter((b) => b.status !== 'canceled').map((b) => fromBooking(b, true)),
    ...schedule.booked_by_user.filter((b) => b.status !== 'canceled').map((b) => fromBooking(b, false)),
  ];
  const unique = new Map(sessions.map((session) => [session.key, session]));
  return [...unique.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.key.localeCompare(b.key));
}

export function isOngoing(session: HomeSession, now: number): boolean {
  return !session.closed && Date.parse(session.start) <= now && now < Date.parse(session.end);
}

/** Sessions still ahead or running now, in order. */
export function upcomingSessions(sessions: HomeSession[], now: number): HomeSession[] {
  return sessions.filter((session) => !session.closed && Date.parse(session.end) > now);
}

/** Whether a week-list row offers «Подключиться»: it runs now or starts within 15 minutes. */
export function canJoinSoon(session: HomeSession, now: number): boolean {
  return !session.pendingPayment && !session.closed && Date.parse(session.start) - now <= JOIN_SOON_MINUTES * 60_000 && now < Date.parse(session.end);
}

/** 'YYYY-MM-DD' of a moment in the zone. */
export function dayKey(value: string | number, timeZone: string): string {
  return dayjs(value).tz(timeZone).format('YYYY-MM-DD');
}

/** The schedule window of /Home: from today (in the viewer's zone) for `days` days, both ends included. */
export function scheduleWindow(now: number, timeZone: string, days: number): { startDate: string; endDate: string } {
  const today = dayjs(now).tz(timeZone);
  return { startDate: today.format('YYYY-MM-DD'), endDate: today.add(days - 1, 'day').format('YYYY-MM-DD') };
}

export type SessionDay = { day: string; label: string; sessions: HomeSession[] };

/** The upcoming sessions of the next 7 days (today first), grouped by day in the viewer's zone. */
export function comingWeek(sessions: HomeSession[], now: number, timeZone: string): SessionDay[] {
  const today = dayKey(now, timeZone);
  const last = dayjs(now).tz(timeZone).add(WEEK_DAYS - 1, 'day').format('YYYY-MM-DD');
  const days = new Map<string, HomeSession[]>();
  for (const session of upcomingSessions(sessions, now)) {
    // an ongoing session that began before midnight belongs to today
    const key = Date.parse(session.start) <= now ? today : dayKey(session.start, timeZone);
    if (key > last) continue;
    days.set(key, [...(days.get(key) ?? []), session]);
  }
  return [...days.entries()].map(([day, items]) => ({ day, label: dayLabel(day, today), sessions: items }));
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «Сегодня» or «Завтра» for those two days, else null. Days are compared as UTC dates: no DST surprises. */
function relativeDay(day: string, today: string): string | null {
  const diff = dayjs.utc(day).diff(dayjs.utc(today), 'day');
  return diff === 0 ? 'Сегодня' : diff === 1 ? 'Завтра' : null;
}

/** «Сегодня, 5 марта», «Завтра, 6 марта», «Пятница, 7 марта». */
export function dayLabel(day: string, today: string): string {
  const relative = relativeDay(day, today);
  return relative ? `${relative}, ${dayjs.utc(day).format('D MMMM')}` : weekdayLabel(day);
}

/** «Пятница, 7 марта». */
function weekdayLabel(day: string): string {
  const date = dayjs.utc(day);
  return `${capitalize(date.format('dddd'))}, ${date.format('D MMMM')}`;
}

/** «18:30–19:30» in the zone. */
export function timeRange(session: Pick<HomeSession, 'start' | 'end'>, timeZone: string): string {
  return `${dayjs(session.start).tz(timeZone).format('HH:mm')}–${dayjs(session.end).tz(timeZone).format('HH:mm')}`;
}

/** «Сегодня, 18:30–19:30», «Завтра, …» or «Пятница, 7 марта, 18:30–19:30». */
export function sessionWhen(session: HomeSession, now: number, timeZone: string): string {
  const day = dayKey(session.start, timeZone);
  return `${relativeDay(day, dayKey(now, timeZone)) ?? weekdayLabel(day)}, ${timeRange(session, timeZone)}`;
}

/**
 * The live countdown of the next session: «Идёт сейчас» while it runs, else «Через 2 ч 15 мин»,
 * «Через 45 мин», «Через 3 дня 4 ч». Minutes round up, so «Через 1 мин» shows until the very start.
 */
export function countdownText(session: Pick<HomeSession, 'start' | 'end'>, now: number): string {
  const start = Date.parse(session.start);
  if (now >= start) return now < Date.parse(session.end) ? 'Идёт сейчас' : 'Завершилась';
  const minutes = Math.ceil((start - now) / 60_000);
  if (minutes < 60) return `Через ${minutes} мин`;
  if (minutes < 24 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `Через ${hours} ч ${rest} мин` : `Через ${hours} ч`;
  }
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  return hours ? `Через ${countRu(days, ['день', 'дня', 'дней'])} ${hours} ч` : `Через ${countRu(days, ['день', 'дня', 'дней'])}`;
}

/** «Доброе утро» / «Добрый день» / «Добрый вечер» / «Доброй ночи» by the hour in the zone. */
export function greeting(now: number, timeZone: string): string {
  const hour = dayjs(now).tz(timeZone).hour();
  if (hour >= 5 && hour < 12) return 'Доброе утро';
  if (hour >= 12 && hour < 18) return 'Добрый день';
  if (hour >= 18 && hour < 23) return 'Добрый вечер';
  return 'Доброй ночи';
}
