// Public reads cached at the edge (decision 015): a visitor's catalogue GET is served from the Workers Cache API
// until the catalogue changes; where an answer may be personal, a signed-in person's is never stored nor served from
// the cache, so one person's favourites never reach another; where it is the same for everyone, everyone shares it.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index.ts';
import { ACCESS_COOKIE, signAccessToken, type SessionUser } from '../../worker/auth/access-token.ts';
import type { AppEnv } from '../../worker/env.ts';
import { database } from '../../worker/middleware/database.ts';
import { createEvent, createUser } from '../factories.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { sharedCache, VERSION_TRUST_MS } from '../../worker/middleware/public-cache.ts';

const t = useTestDb();

type Body = { results: { title: string }[]; is_favorite: boolean };

// this file reads with production's trust in the catalogue version (the other test files run with none)
const productionEnv = { ...bindings, CATALOGUE_VERSION_TRUST_MS: String(VERSION_TRUST_MS) };

/** A read through the Worker, by a visitor or by `user`, once everything it left to do after answering is done. */
async function read(path: string, user?: SessionUser) {
  const headers = user ? { cookie: `${ACCESS_COOKIE}=${await signAccessToken(user, bindings.JWT_SECRET)}` } : undefined;
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers }), productionEnv, ctx);
  await waitOnExecutionContext(ctx);
  const body = (await res.json()) as Body;
  return { status: res.status, cache: res.headers.get('x-cache'), control: res.headers.get('cache-control'), vary: res.headers.get('vary'), body };
}

const visitor = (path: string) => read(path);

/** Reads until an answer comes from the cache (each miss before it may be a new version, moved by other files' rows). */
async function readUntilHit(path: string, user?: SessionUser) {
  let answer = await read(path, user);
  for (let i = 0; i < 20 && answer.cache !== 'hit'; i++) answer = await read(path, user);
  return answer;
}

describe('the edge cache of public reads', () => {
  it('serves a repeated visitor read from the cache, and a fresh one once the catalogue changed', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const word = `кэш${Date.now().toString(36)}`;
    await createEvent(t.db, mentor.id, { title: `Первое ${word}` });
    const path = `/api/events/?search=${encodeURIComponent(word)}`;
    const first = await visitor(path);
    // the event list is the same for everyone: nothing to vary by
    expect(first).toMatchObject({ status: 200, cache: 'miss', control: 'public, max-age=0, must-revalidate', vary: null });
    expect(first.body.results).toHaveLength(1);
    // the answer is stored after it left (waitUntil): wait for it to be there
    let second = await visitor(path);
    for (let i = 0; i < 20 && second.cache !== 'hit'; i++) second = await visitor(path);
    expect(second.cache).toBe('hit');
    expect(second.body).toEqual(first.body);
    // a new event written outside this isolate (any statement on events) moves the catalogue's version on: the
    // isolate trusts the version it read for VERSION_TRUST_MS, so the change shows within that, not later
    await createEvent(t.db, mentor.id, { title: `Второе ${word}` });
    const changedAt = Date.now();
    let third = await visitor(path);
    while (third.cache === 'hit' && Date.now() - changedAt < VERSION_TRUST_MS + 500) third = await visitor(path);
    expect(third.cache).toBe('miss');
    expect(third.body.results.map((e) => e.title).sort()).toEqual([`Второе ${word}`, `Первое ${word}`]);
  });

  it('sees a change made through the API on the very next read', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const fan = await createUser(t.db);
    const path = `/api/users/GetUser/?id=${mentor.id}`;
    let stored = await visitor(path);
    for (let i = 0; i < 20 && stored.cache !== 'hit'; i++) stored = await visitor(path);
    // a mentor's page may be personal (a signed-in person's favourite): a visitor's answer varies by cookie
    expect(stored).toMatchObject({ cache: 'hit', control: 'public, max-age=0, must-revalidate', vary: 'Cookie' });
    // a favourite moves the catalogue's version (the mentor's page counts them); this isolate forgets the version it knew
    await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(fan), body: { mentor: mentor.id } }), 201);
    expect((await visitor(path)).cache).toBe('miss');
  });

  it("never stores a signed-in person's answer, nor serves them a stored one: favourites stay their own", async () => {
    const mentor = await createUser(t.db, { role: 'mentor', firstName: 'Вера' });
    const [fan, other] = [await createUser(t.db), await createUser(t.db)];
    await expectJson(send('POST', '/api/mentor-favorites/', { user: asUser(fan), body: { mentor: mentor.id } }), 201);
    const path = `/api/users/GetUser/?id=${mentor.id}`;
    const asFan = await call(path, { user: asUser(fan) });
    expect(asFan.headers.get('x-cache')).toBeNull();
    expect(asFan.headers.get('cache-control')).toBe('private, no-store');
    expect(asFan.headers.get('vary')).toBe('Cookie');
    expect(((await asFan.json()) as Body).is_favorite).toBe(true);
    // the fan's answer was not stored: the visitor's read is a miss and has no favourite
    const first = await visitor(path);
    expect(first.cache).toBe('miss');
    expect(first.body.is_favorite).toBe(false);
    let stored = await visitor(path);
    for (let i = 0; i < 20 && stored.cache !== 'hit'; i++) stored = await visitor(path);
    expect(stored.cache).toBe('hit');
    // with the visitor's answer in the cache, signed-in people still get their own
    const asOther = await call(path, { user: asUser(other) });
    expect(asOther.headers.get('x-cache')).toBeNull();
    expect(((await asOther.json()) as Body).is_favorite).toBe(false);
    const again = await call(path, { user: asUser(fan) });
    expect(again.headers.get('x-cache')).toBeNull();
    expect(((await again.json()) as Body).is_favorite).toBe(true);
  });

  it('stores only complete answers: not an error', async () => {
    const path = '/api/users/GetUser/?id=2147483000';
    expect((await visitor(path)).status).toBe(404);
    const again = await visitor(path);
    expect(again.status).toBe(404);
    expect(again.cache).toBeNull();
  });

  it('stores an answer only when its key is asked for again, so a search asked once costs no store', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const word = `разок${Date.now().toString(36)}`;
    await createEvent(t.db, mentor.id, { title: `Однажды ${word}` });
    const path = `/api/events/?search=${encodeURIComponent(word)}`;
    expect((await visitor(path)).cache).toBe('miss');
    // the first answer was not stored, though everything the read left to do is done
    expect((await visitor(path)).cache).toBe('miss');
    expect((await readUntilHit(path)).cache).toBe('hit');
  });

  it('looks a search up in the shared store from its second sighting on, and a list without a search at once', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const word = `первый${Date.now().toString(36)}`;
    await createEvent(t.db, mentor.id, { title: `Поиск ${word}` });
    const opened = vi.spyOn(caches, 'open');
    try {
      const search = `/api/events/?search=${encodeURIComponent(word)}`;
      expect((await visitor(search)).cache).toBe('miss');
      // a one-off search: neither looked up nor stored
      expect(opened).not.toHaveBeenCalled();
      expect((await visitor(search)).cache).toBe('miss');
      expect(opened).toHaveBeenCalledWith('public-catalogue');
      expect((await readUntilHit(search)).cache).toBe('hit');
      opened.mockClear();
      expect((await visitor(`/api/events/?offset=${1000 + (Date.now() % 100000)}`)).cache).toBe('miss');
      expect(opened).toHaveBeenCalledWith('public-catalogue');
    } finally {
      opened.mockRestore();
    }
  });
});

describe('the shared cache of reads that are the same for everyone', () => {
  it('serves signed-in people and visitors one stored answer, with headers that do not vary by cookie', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    const word = `общий${Date.now().toString(36)}`;
    const event = await createEvent(t.db, mentor.id, { title: `Для всех ${word}` });
    const path = `/api/events/?search=${encodeURIComponent(word)}`;
    const stored = await readUntilHit(path, asUser(first));
    expect(stored).toMatchObject({ status: 200, cache: 'hit', control: 'public, max-age=0, must-revalidate', vary: null });
    expect(stored.body.results.map((e) => e.title)).toEqual([`Для всех ${word}`]);
    // what the first person's reads stored is what the second person and a visitor get
    expect(await read(path, asUser(second))).toEqual(stored);
    expect(await visitor(path)).toEqual(stored);
    // an event's page too
    const page = `/api/events/GetEvent/?id=${event.id}`;
    expect((await readUntilHit(page, asUser(first))).cache).toBe('hit');
    expect((await visitor(page)).cache).toBe('hit');
  });

  it('runs the route after it without the caller, and gives the caller back once it is done', async () => {
    const caller: SessionUser = { id: 7, role: 'mentee' };
    const seen: { inRoute?: unknown; after?: unknown } = {};
    const app = new Hono<AppEnv>()
      .use(database)
      .use(async (c, next) => {
        c.set('user', caller);
        await next();
        seen.after = c.var.user;
      })
      .get('/probe', sharedCache, (c) => {
        seen.inRoute = c.var.user;
        return c.json({ ok: true });
      });
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${ORIGIN}/probe?at=${Date.now()}`), productionEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(seen).toEqual({ inRoute: null, after: caller });
  });
});
