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

// The zone a page is being rendered for on the server (web/app/server-render.tsx); in the browser, none.
let renderZone: string | undefined;

/**
 * A timestamp where the viewer is: in their IANA zone when given (user.time_zone), otherwise in the browser's, or,
 * while the server renders a page, in the zone that page is rendered for.
 */
export function inViewerZone(value: string | number | Date, timeZone?: string): dayjs.Dayjs {
  const zone = timeZone ?? renderZone;
  return zone ? dayjs(value).tz(zone) : dayjs(value);
}

/** Runs a synchronous render with dates shown in `zone` (the server has no zone of the visitor's own). */
export function renderInTimeZone<T>(zone: string, render: () => T): T {
  const previous = renderZone;
  renderZone = zone;
  try {
    return render();
  } finally {
    renderZone = previous;
  }
}

/**
 * Formats a timestamp in Russian as 'D MMMM YYYY HH:mm'.
 * Pass the viewer's IANA zone (user.time_zone) to show the time where they are; without it the browser's zone is used.
 */
export function formatDate(value: string | number | Date, timeZone?: string): string {
  const date = inViewerZone(value, timeZone);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}
