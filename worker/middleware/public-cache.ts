// Public reads cached at the edge (decision 015): a catalogue GET is answered from the isolate's memory or the Workers
// Cache API under its URL and the catalogue's version, which every change moves on, so a cached answer never outlives
// the data it was made from (beyond MAX_AGE_SECONDS at most, for a read that raced a commit). An isolate trusts the
// version it read last for VERSION_TRUST_MS, so a hit costs no database statement; a change made through this isolate
// forgets it at once, a change made elsewhere shows within that second.
// Two kinds of route use it. `publicCache`: answers that may carry personal fields for a signed-in person (favourites,
// their own registrations), so only visitors' answers are stored and served. `sharedCache`: answers that are the same
// for everyone (the event list, an event, free slots), so signed-in people share them too; the handler runs without
// the caller, so nothing personal can slip into what is stored.
import { createMiddleware } from 'hono/factory';
import type { Db } from '../../drizzle/db.ts';
import type { AnyContext, AppEnv } from '../env.ts';
import { createIsolateCache } from './isolate-cache.ts';
import { catalogueVersion } from './public-cache.queries.ts';

/** How long a stored answer may be served under an unchanged version. */
export const MAX_AGE_SECONDS = 60;

/** The isolate's own copy of the hottest answers (a few hundred KB each at most: a list page is ~20-60 KB). */
const isolateCache = createIsolateCache({ maxEntries: 200, maxBytes: 8 * 1024 * 1024, maxAgeMs: MAX_AGE_SECONDS * 1000 });

/** How long an isolate answers from the catalogue version it read last, without reading it again (unless configured). */
export const VERSION_TRUST_MS = 1000;

let knownVersion: { version: string; readAt: number } | null = null;
/** Moves on whenever this isolate forgets the version, so a read that started before a write cannot store its old answer. */
let generation = 0;

async function currentVersion(db: Db, trustMs: number) {
  if (knownVersion && Date.now() - knownVersion.readAt < trustMs) return knownVersion.version;
  // only the value is kept between requests, never the promise: workerd ties a request's I/O to that request
  const startedIn = generation;
  const readAt = Date.now();
  const version = await catalogueVersion(db);
  if (startedIn === generation) knownVersion = { version, readAt };
  return version;
}

/** The next read of this isolate asks Postgres for the version: call after changing data here. */
export function forgetCatalogueVersion() {
  knownVersion = null;
  generation += 1;
}

/** After any request that may have changed data (not GET or HEAD), this isolate reads the version afresh. */
export const forgetCatalogueVersionAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await next();
  } finally {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetCatalogueVersion();
  }
});

const VISITOR_HEADERS = { 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Cookie' };
/** The same answer whoever asks: nothing for a shared cache to tell apart by cookie. */
const SHARED_HEADERS = { 'cache-control': 'public, max-age=0, must-revalidate' };
const PERSONAL_HEADERS = { 'cache-control': 'private, no-store', vary: 'Cookie' };

function withHeaders(res: Response, headers: Record<string, string>, cacheState?: 'hit' | 'miss') {
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(headers)) out.headers.set(name, value);
  if (cacheState) out.headers.set('x-cache', cacheState);
  return out;
}

/** How many keys this isolate remembers having missed once (oldest forgotten first). */
const MAX_SEEN_ONCE = 2000;
const seenOnce = new Set<string>();

/**
 * A search's answer, which the shared store (the Workers Cache API) can hold only once an isolate saw its key miss
 * twice: a search is looked up there from its second sighting in this isolate on. Most searches are asked once, by one
 * person, and the lookup of a key no one stored is work for nothing (decision 005, «The search beside a
 * pass-through»); a list or a page without a search is looked up at once, as another isolate has likely stored it.
 */
function worthLookingUp(key: URL, name: string) {
  return !key.searchParams.get('search') || seenOnce.has(name);
}

/** True when `name` missed in this isolate before: a key asked for only once (a one-off search) is never stored. */
function missedBefore(name: string) {
  if (seenOnce.delete(name)) return true;
  seenOnce.add(name);
  if (seenOnce.size > MAX_SEEN_ONCE) seenOnce.delete(seenOnce.values().next().value!);
  return false;
}

/**
 * The catalogue's cache, shared by the public reads and the visitors' pages rendered on the server: the answer for
 * `key` under the catalogue's current version, from this isolate's copy, else the Workers Cache API, else `produce`
 * (whose 200 without cookies is stored; null means "nothing to give", and nothing is stored). An answer is stored on
 * its key's second miss in this isolate, as storing costs more than a lookup and most searches are asked once;
 * `storeFirst` stores at once, for answers dearer to make than to store (a page rendered on the server).
 */
export async function fromCatalogueCache(c: AnyContext, key: URL, produce: () => Promise<Response | null>, { storeFirst = false } = {}) {
  const versioned = new URL(key);
  versioned.searchParams.set('__catalogue', await currentVersion(c.var.db, Number(c.env.CATALOGUE_VERSION_TRUST_MS ?? VERSION_TRUST_MS)));
  const name = versioned.toString();
  const inMemory = isolateCache.get(name);
  if (inMemory) return { response: inMemory, hit: true };
  const stored = worthLookingUp(key, name) ? await (await caches.open('public-catalogue')).match(name) : undefined;
  if (stored) {
    c.executionCtx.waitUntil(isolateCache.put(name, stored.clone()).catch(() => undefined));
    return { response: stored, hit: true };
  }
  const fresh = await produce();
  if (fresh?.status === 200 && !fresh.headers.has('set-cookie') && (storeFirst || missedBefore(name))) {
    const copy = withHeaders(fresh.clone(), { 'cache-control': `public, max-age=${MAX_AGE_SECONDS}` });
    copy.headers.delete('x-cache');
    const cache = await caches.open('public-catalogue');
    c.executionCtx.waitUntil(Promise.all([cache.put(name, copy.clone()), isolateCache.put(name, copy)]).catch(() => undefined));
  }
  return { response: fresh, hit: false };
}

/** Answers a GET from the catalogue's cache, or runs the route and marks its answer with `headers`. */
async function serveFromCache(c: AnyContext, next: () => Promise<void>, headers: Record<string, string>) {
  const { response, hit } = await fromCatalogueCache(c, new URL(c.req.url), async () => {
    await next();
    return c.res;
  });
  if (hit) return withHeaders(response!, headers, 'hit');
  if (c.res.status === 200 && !c.res.headers.has('set-cookie')) c.res = withHeaders(c.res, headers, 'miss');
}

/** For reads whose answer may depend on who asks: visitors' answers are cached, a signed-in person's never. */
export const publicCache = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET' || c.var.user) {
    await next();
    c.res = withHeaders(c.res, PERSONAL_HEADERS);
    return;
  }
  return serveFromCache(c, next, VISITOR_HEADERS);
});

/**
 * For reads whose answer is the same whoever asks: everyone's are cached alike. The route after it sees no caller
 * (`c.var.user` is null there, and again the caller's once it is done), so a personal field cannot reach the cache.
 */
export const sharedCache = createMiddleware<AppEnv>(async (c, next) => {
  const caller = c.var.user;
  c.set('user', null);
  try {
    if (c.req.method !== 'GET') return await next();
    return await serveFromCache(c, next, SHARED_HEADERS);
  } finally {
    c.set('user', caller);
  }
});

/**
 * For answers the same for everyone that may lag the data by minutes (the landings' counts, issue 36): stored for
 * `seconds` under the path alone, whatever the catalogue's version, so a busy catalogue does not recount them on every
 * change and no query string can ask past the cache. The route after it sees no caller, as with `sharedCache`.
 */
export function cachedForEveryone(seconds: number) {
  const memory = createIsolateCache({ maxEntries: 20, maxBytes: 256 * 1024, maxAgeMs: seconds * 1000 });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = new URL(c.req.url);
    key.search = '';
    key.pathname = key.pathname.replace(/\/$/, '');
    const name = key.toString();
    const inMemory = memory.get(name);
    if (inMemory) return withHeaders(inMemory, SHARED_HEADERS, 'hit');
    const cache = await caches.open('public-timed');
    const stored = await cache.match(name);
    if (stored) {
      c.executionCtx.waitUntil(memory.put(name, stored.clone()).catch(() => undefined));
      return withHeaders(stored, SHARED_HEADERS, 'hit');
    }
    const caller = c.var.user;
    c.set('user', null);
    try {
      await next();
    } finally {
      c.set('user', caller);
    }
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    const copy = withHeaders(c.res.clone(), { 'cache-control': `public, max-age=${seconds}` });
    c.executionCtx.waitUntil(Promise.all([cache.put(name, copy.clone()), memory.put(name, copy)]).catch(() => undefined));
    c.res = withHeaders(c.res, SHARED_HEADERS, 'miss');
  });
}
