// Public reads cached at the edge (decision 015): a visitor's GET of the catalogue (no access cookie that names a
// user) is answered from the isolate's memory or the Workers Cache API under its URL and the catalogue's version,
// which every change moves on, so a cached answer never outlives the data it was made from (beyond MAX_AGE_SECONDS
// at most, for a read that raced a commit). A signed-in person's answers may carry personal fields (favourites, their own registrations) and
// are never stored nor served from the cache.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { createIsolateCache } from './isolate-cache.ts';
import { catalogueVersion } from './public-cache.queries.ts';

/** How long a stored answer may be served under an unchanged version. */
export const MAX_AGE_SECONDS = 60;

/** The isolate's own copy of the hottest answers (a few hundred KB each at most: a list page is ~20-60 KB). */
const isolateCache = createIsolateCache({ maxEntries: 200, maxBytes: 8 * 1024 * 1024, maxAgeMs: MAX_AGE_SECONDS * 1000 });

const VISITOR_HEADERS = { 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Cookie' };
const PERSONAL_HEADERS = { 'cache-control': 'private, no-store', vary: 'Cookie' };

function withHeaders(res: Response, headers: Record<string, string>, cacheState?: 'hit' | 'miss') {
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(headers)) out.headers.set(name, value);
  if (cacheState) out.headers.set('x-cache', cacheState);
  return out;
}

export const publicCache = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET' || c.var.user) {
    await next();
    c.res = withHeaders(c.res, PERSONAL_HEADERS);
    return;
  }
  const url = new URL(c.req.url);
  url.searchParams.set('__catalogue', await catalogueVersion(c.var.db));
  const key = url.toString();
  const inMemory = isolateCache.get(key);
  if (inMemory) return withHeaders(inMemory, VISITOR_HEADERS, 'hit');
  const cache = await caches.open('public-catalogue');
  const hit = await cache.match(key);
  if (hit) {
    c.executionCtx.waitUntil(isolateCache.put(key, hit.clone()).catch(() => undefined));
    return withHeaders(hit, VISITOR_HEADERS, 'hit');
  }
  await next();
  if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
  const stored = withHeaders(c.res.clone(), { 'cache-control': `public, max-age=${MAX_AGE_SECONDS}` });
  stored.headers.delete('x-cache');
  c.executionCtx.waitUntil(Promise.all([cache.put(key, stored.clone()), isolateCache.put(key, stored)]).catch(() => undefined));
  c.res = withHeaders(c.res, VISITOR_HEADERS, 'miss');
});
