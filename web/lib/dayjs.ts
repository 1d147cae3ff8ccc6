import { useSyncExternalStore } from 'react';
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
// In the browser, the zone the server wrote the page in that is being hydrated (web/main.tsx).
let hydrationZone: string | undefined;

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
 * The browser hydrates a visitor's page in the zone the server wrote it in, whatever its own (decision 014, «Hydration
 * keeps the server's nodes»): the markup then matches and React keeps the server's elements. Only useDatesZone reads
 * it, through React's server snapshot, which React asks for only while hydrating (parts of a page may hydrate after
 * the rest, when their code arrives: the zone stays for them).
 */
export function hydrateInTimeZone(zone: string): void {
  hydrationZone = zone;
}

const noSubscription = () => () => {};
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const pageZone = () => renderZone ?? hydrationZone;

/**
 * The zone to give `inViewerZone` and `formatDate` for a viewer without a zone of their own: the server's page's while
 * the server renders it and while the browser hydrates it (React reads the server snapshot then), the browser's own
 * after, when React renders the component again and only its dates' text changes, in place.
 */
export function useDatesZone(): string | undefined {
  return useSyncExternalStore(noSubscription, ownZone, pageZone);
}

/**
 * Formats a timestamp in Russian as 'D MMMM YYYY HH:mm'.
 * Pass the viewer's IANA zone (user.time_zone) to show the time where they are; without it the browser's zone is used.
 */
export function formatDate(value: string | number | Date, timeZone?: string): string {
  const date = inViewerZone(value, timeZone);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}
