// Public reads cached at the edge (decision 015): a visitor's catalogue GET is served from the Workers Cache API
// until the catalogue changes; a signed-in person's answer is never stored nor served from the cache, so one
// person's favourites never reach another.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import { createEvent, createUser } from '../factories.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { VERSION_TRUST_MS } from '../../worker/middleware/public-cache.ts';

const t = useTestDb();

type Body = { results: { title: string }[]; is_favorite: boolean };

// this file reads with production's trust in the catalogue version (the other test files run with none)
const productionEnv = { ...bindings, CATALOGUE_VERSION_TRUST_MS: String(VERSION_TRUST_MS) };

async function visitor(path: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`), productionEnv, ctx);
  await waitOnExecutionContext(ctx);
  const body = (await res.json()) as Body;
  return { status: res.status, cache: res.headers.get('x-cache'), control: res.headers.get('cache-control'), vary: res.headers.get('vary'), body };
}

describe('the edge cache of public reads', () => {
  it('serves a repeated visitor read from the cache, and a fresh one once the catalogue changed', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const word = `кэш${Date.now().toString(36)}`;
    await createEvent(t.db, mentor.id, { title: `Первое ${word}` });
    const path = `/api/events/?search=${encodeURIComponent(word)}`;
    const first = await visitor(path);
    expect(first).toMatchObject({ status: 200, cache: 'miss', control: 'public, max-age=0, must-revalidate', vary: 'Cookie' });
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
    expect(stored.cache).toBe('hit');
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
});
