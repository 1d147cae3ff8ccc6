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
