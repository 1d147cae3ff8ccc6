// Cookies that only steer how a page is served (decision 014, «Rendered on the server»); neither grants anything.

/** The browser's IANA zone, written by the SPA on every start, so that the server renders dates where the visitor is. */
export const TIME_ZONE_COOKIE = 'forma_tz';

/** Set with the session cookies and cleared with them: someone signed in here, so the server sends the SPA's shell. */
export const SIGNED_IN_COOKIE = 'forma_signed_in';
