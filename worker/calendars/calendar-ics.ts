// Calendar items as iCalendar (RFC 5545) through ical-generator (decision 010): UIDs that never change for an
// item, SEQUENCE from the revision counters, cancelled items kept as STATUS:CANCELLED so a subscribed calendar
// crosses them out instead of guessing, every time in UTC.
// User text never reaches the file with a control character in it (decision 013, «Single-line text»): ical-generator
// escapes CR and LF in SUMMARY and DESCRIPTION but passes other controls through, and writes the calendar's NAME and
// X-WR-CALNAME as given, so a title with CRLF in it once ended that line and added events of its own (issue 34).
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { toSingleLine } from '../lib/single-line.ts';
import type { CalendarItem } from './calendar-feed.queries.ts';
import { htmlToText } from './html-to-text.ts';

/** How often a subscribed calendar should come back for changes (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 3600;
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const REMINDER_MINUTES = 15;
const DESCRIPTION_MAX = 1500;

export const itemUid = (item: Pick<CalendarItem, 'kind' | 'id'>) => `${item.kind}-${item.id}@forma`;

/** Where the item lives in the app: the event page, or the calendar screen for a consultation. */
export const itemUrl = (origin: string, item: Pick<CalendarItem, 'kind' | 'id'>) =>
  item.kind === 'event' ? `${origin}/event_info/${item.id}` : `${origin}/CalendarPage`;

/** A TEXT value ical-generator writes unescaped (NAME, X-WR-CALNAME): one line, with RFC 5545's escapes. */
const rawTextValue = (value: string) => toSingleLine(value).replace(/[\\;,]/g, (c) => `\\${c}`);

/** Multi-line text for DESCRIPTION: line breaks stay (the library escapes them), other controls go. */
const multiLine = (value: string) =>
  value
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

function summary(item: CalendarItem) {
  const title = toSingleLine(item.title);
  if (item.kind === 'event') return title;
  return item.with_name ? `${title} — ${toSingleLine(item.with_name)}` : title;
}

function description(item: CalendarItem, url: string) {
  const lines: string[] = [];
  const withName = item.with_name && toSingleLine(item.with_name);
  if (withName) lines.push(item.role === 'mentor' ? `Участник: ${withName}` : `Наставник: ${withName}`);
  const text = multiLine(htmlToText(item.description));
  if (text) lines.push(text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text);
  lines.push(url);
  return lines.join('\n\n');
}

type IcsOptions = { origin: string; name: string; feed: boolean };

/** A whole calendar: the private feed (no METHOD, a refresh hint) or one item to import (METHOD:PUBLISH). */
export function toIcs(items: CalendarItem[], { origin, name, feed }: IcsOptions): string {
  const calendar = ical({
    name: rawTextValue(name),
    prodId: { company: 'Форма', product: 'Расписание', language: 'RU' },
    method: feed ? null : ICalCalendarMethod.PUBLISH,
    ttl: feed ? FEED_REFRESH_SECONDS : null,
  });
  for (const item of items) {
    const url = itemUrl(origin, item);
    calendar.createEvent({
      id: itemUid(item),
      sequence: item.sequence,
      start: new Date(item.starts_at),
      end: new Date(item.ends_at),
      summary: summary(item),
      description: description(item, url),
      url,
      status: item.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      alarms: item.cancelled ? [] : [{ type: ICalAlarmType.display, trigger: REMINDER_MINUTES * 60 }],
    });
  }
  return calendar.toString();
}
