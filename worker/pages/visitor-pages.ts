// A visitor's first page rendered on the server (decision 014, «Rendered on the server»): the landing and the two
// lists arrive as HTML with their data, so they paint before the app's JavaScript has loaded, run or fetched.
// Anyone signed in, and anything that cannot be rendered whole, gets the SPA's shell as before.
import { getCookie } from 'hono/cookie';
import type { AnyContext } from '../env.ts';
import { ACCESS_COOKIE } from '../auth/access-token.ts';
import { canonicalTimeZone } from '../consultation-slots/slot-dates.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import { fromCatalogueCache } from '../middleware/public-cache.ts';
import { SIGNED_IN_COOKIE, TIME_ZONE_COOKIE } from './page-cookies.ts';
import { pageTemplate, withCriticalCss } from './page-template.ts';

/**
 * The pages rendered on the server; wrangler.toml's run_worker_first lists the same paths. A mentor's and an event's
 * page too (issue 35 item 21: a shared link's preview needs their title and picture in the HTML).
 */
export const VISITOR_PAGES = ['/', '/AllEvents', '/AllMentors', '/mentor_info/*', '/event_info/*'];

/** Of the paths above, those that name a page to render; anything else under them (the editor's preview) is the shell's. */
const RENDERED = /^\/(?:|AllEvents|AllMentors|mentor_info\/[1-9]\d{0,8}|event_info\/[1-9]\d{0,8})\/?$/;

/** Dates of a visitor whose zone is unknown: the marketplace's own. */
const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/**
 * The policy of a page under Vite's dev server (`npm run dev`), whose answers carry no public/_headers and whose HMR
 * client and React's refresh preamble are inline scripts. Built Workers never use it: a page that came without a
 * policy there gets the Worker's strict default (worker/middleware/security-headers.ts), which runs no script.
 */
const VITE_DEV_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob:; worker-src 'self' blob:";

/** A copy with mutable headers (the assets' own are immutable; the app's middleware adds to them). */
function withHeaders(response: Response, body: BodyInit | null = response.body): Response {
  const copy = new Response(body, response);
  // import.meta.env is Vite's: undefined when wrangler bundles the Worker from source
  if (import.meta.env?.DEV && !copy.headers.has('content-security-policy')) copy.headers.set('content-security-policy', VITE_DEV_POLICY);
  return copy;
}

export type CallApi = (request: Request) => Promise<Response>;
export type VisitorPageRenderer = (template: string, url: URL, zone: string, callApi: CallApi) => Promise<string | null>;

/** A zone name from the request (cookie or Cloudflare), if the runtime knows it. */
function knownZone(name: unknown): string | null {
  return typeof name === 'string' && name.length <= 64 ? canonicalTimeZone(name) : null;
}

/**
 * The zone the visitor's dates are written in: the one their browser told us, else Cloudflare's guess from their
 * address (production only: the local runtime's is a fixed stand-in), else Moscow.
 */
function visitorTimeZone(c: AnyContext): string {
  const told = knownZone(getCookie(c, TIME_ZONE_COOKIE));
  if (told) return told;
  if (isDevEnvironment(c.env)) return DEFAULT_TIME_ZONE;
  return knownZone((c.req.raw as { cf?: { timezone?: unknown } }).cf?.timezone) ?? DEFAULT_TIME_ZONE;
}

/** A short fingerprint of the app's build (its index.html names the hashed entry and chunks). */
function buildOf(frame: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < frame.length; i++) hash = Math.imul(hash ^ frame.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * Serves one of VISITOR_PAGES: rendered for a visitor, the SPA's shell for anyone signed in or when rendering fails.
 * `loadRenderer` brings the renderer (and React's server build) only when a page is rendered; `callApi` is the app.
 * A rendering is kept in the catalogue's cache (decision 015) under the page's address, the zone its dates are in and
 * the app's build: visitors of the same page in the same zone share it until the catalogue changes (or for 60 s).
 */
export async function serveVisitorPage(c: AnyContext, loadRenderer: () => Promise<VisitorPageRenderer>, callApi: CallApi): Promise<Response> {
  const assets = c.env.ASSETS;
  if (!assets) return c.notFound();
  const shell = async () => withHeaders(await assets.fetch(c.req.raw));
  if (getCookie(c, ACCESS_COOKIE) || getCookie(c, SIGNED_IN_COOKIE) || !RENDERED.test(c.req.path)) return shell();
  const url = new URL(c.req.url);
  const template = await assets.fetch(new Request(new URL('/', url)));
  if (!template.ok) return shell();
  const frame = await template.text();
  const zone = visitorTimeZone(c);
  const key = new URL(url);
  key.searchParams.set('__zone', zone);
  key.searchParams.set('__build', buildOf(frame));
  const { response, hit } = await fromCatalogueCache(c, key, async () => {
    try {
      const render = await loadRenderer();
      const html = await render(await pageTemplate(frame, assets, url), url, zone, callApi);
      // the shell's headers (its CSP and the rest from public/_headers), not its validators: this body is another
      const page = html === null ? null : withHeaders(template, withCriticalCss(html));
      for (const name of ['etag', 'last-modified', 'content-length']) page?.headers.delete(name);
      return page;
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', requestId: c.var.requestId, path: c.req.path, msg: 'page render failed', error: String(error) }));
      return null;
    }
    // a rendering costs more than storing it, and a page has few keys (its path and zone)
  }, { storeFirst: true });
  if (!response) return shell();
  const page = withHeaders(response);
  page.headers.set('cache-control', 'no-cache');
  page.headers.set('vary', 'Cookie');
  page.headers.set('x-cache', hit ? 'hit' : 'miss');
  return page;
}
