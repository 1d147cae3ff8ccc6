import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/ru';

// The 'ru' locale already defines weekStart: 1 (Monday), which the product requires; no updateLocale needed.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ru');

export { dayjs };

/** The spec's date format for events and meetings, e.g. '5 марта 2026 18:30'. */
export const DATE_TIME_FORMAT = 'D MMMM YYYY HH:mm';

/**
 * Formats a timestamp in Russian as 'D MMMM YYYY HH:mm'.
 * Pass the viewer's IANA zone (user.time_zone) to show the time where they are; without it the browser's zone is used.
 */
export function formatDate(value: string | number | Date, timeZone?: string): string {
  const date = timeZone ? dayjs(value).tz(timeZone) : dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}
