import { TIME_ZONE_COOKIE } from '../../worker/pages/page-cookies.ts';

/** The browser's IANA zone, e.g. 'Europe/Moscow'. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Tells the server the browser's zone for the next page it renders (a preference, not a secret). */
export function rememberTimeZone(): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * rememberTimeZone once the app is live and the browser has a moment: the first look-up of the zone loads the browser's
 * time-zone data, about 50 ms of a phone's main thread (200 ms at the bench's 4× CPU), which a page's first tap need
 * not wait for (decision 014, «Before the first tap»).
 */
export function rememberTimeZoneWhenIdle(): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(rememberTimeZone, { timeout: 3000 });
  else setTimeout(rememberTimeZone, 500);
}
