import { dayjs } from '../../lib/dayjs.ts';
import type { ChatMessage } from './chats.api.ts';

/* Dates and sizes as the chat shows them: in the viewer's time zone, Russian locale. */

type Moment = ReturnType<typeof dayjs>;

function inZone(value: string | Date, timeZone?: string): Moment {
  return timeZone ? dayjs(value).tz(timeZone) : dayjs(value);
}

const dayKey = (moment: Moment) => moment.format('YYYY-MM-DD');

/** The day divider: "Сегодня", "Вчера", "12 марта", or "12 марта 2025" for another year. */
export function dayLabel(value: string, timeZone?: string, now: Date = new Date()): string {
  const day = inZone(value, timeZone);
  const today = inZone(now, timeZone);
  if (dayKey(day) === dayKey(today)) return 'Сегодня';
  if (dayKey(day) === dayKey(today.subtract(1, 'day'))) return 'Вчера';
  return day.format(day.year() === today.year() ? 'D MMMM' : 'D MMMM YYYY');
}

/** HH:mm of a message. */
export function messageTime(value: string, timeZone?: string): string {
  return inZone(value, timeZone).format('HH:mm');
}

/** The room list's time of the last message: today HH:mm, then "Вчера", then "12 мар.", then "12.03.25". */
export function roomListTime(value: string, timeZone?: string, now: Date = new Date()): string {
  const day = inZone(value, timeZone);
  const today = inZone(now, timeZone);
  if (dayKey(day) === dayKey(today)) return day.format('HH:mm');
  if (dayKey(day) === dayKey(today.subtract(1, 'day'))) return 'Вчера';
  return day.format(day.year() === today.year() ? 'D MMM' : 'DD.MM.YY');
}

export type DayGroup = { key: string; label: string; messages: ChatMessage[] };

/** Messages (ascending) cut into days for the dividers. */
export function groupByDay(messages: readonly ChatMessage[], timeZone?: string, now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const key = dayKey(inZone(message.timestamp, timeZone));
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(message);
    else groups.push({ key, label: dayLabel(message.timestamp, timeZone, now), messages: [message] });
  }
  return groups;
}

export const isImage = (type: string) => type.startsWith('image/');
