import { dayjs } from '../../lib/dayjs.ts';
import { pluralRu } from '../../lib/plural.ts';

/**
 * The short date of a notification, in the viewer's zone: 'только что', '5 минут назад', 'сегодня в 14:30',
 * 'вчера в 09:05', '3 марта в 18:00', '3 марта 2025' for an earlier year.
 */
export function formatNotificationDate(value: string, timeZone?: string, now: Date = new Date()): string {
  const zoned = (input: string | Date) => (timeZone ? dayjs(input).tz(timeZone) : dayjs(input));
  const date = zoned(value);
  if (!date.isValid()) return '';
  const today = zoned(now);
  const minutes = today.diff(date, 'minute');
  // a clock a little ahead of the server's shows 'только что' rather than a time in the future
  if (minutes < 1) return 'только что';
  if (minutes < 60) return `${minutes} ${pluralRu(minutes, ['минуту', 'минуты', 'минут'])} назад`;
  if (date.isSame(today, 'day')) return `сегодня в ${date.format('HH:mm')}`;
  if (date.isSame(today.subtract(1, 'day'), 'day')) return `вчера в ${date.format('HH:mm')}`;
  if (date.isSame(today, 'year')) return date.format('D MMMM [в] HH:mm');
  return date.format('D MMMM YYYY');
}

