// The check of a sign-in's return target, apart from web/lib/return-to.ts: the /login and /register routes read it in
// their validateSearch, and a module importing the router's hooks there would make the route types refer to themselves.

// any origin stands in for ours: what matters is whether the target leaves it
const BASE = 'https://forma.invalid';
const AUTH_PAGES = /^\/(login|register)(\/|$)/i;

/**
 * The target as a same-origin path (with its query and hash), or undefined: an absolute address, a protocol-relative
 * `//host`, a backslash trick (`/\host`, which browsers read as `//host`), control characters, or the sign-in pages
 * themselves are refused, so a crafted link cannot send a person elsewhere after they sign in.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2000 || !raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  if (raw.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || AUTH_PAGES.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}
