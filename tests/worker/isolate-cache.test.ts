// The isolate's in-memory copy of public answers (worker/middleware/isolate-cache.ts): bounded in entries and
// bytes, least recently used out first, nothing served past its age, every hit a fresh Response.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIsolateCache } from '../../worker/middleware/isolate-cache.ts';

const json = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('the isolate cache', () => {
  it('gives back the stored answer as a new Response each time', async () => {
    const cache = createIsolateCache({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000 });
    await cache.put('a', json('{"x":1}'));
    const first = cache.get('a')!;
    const second = cache.get('a')!;
    expect(await first.text()).toBe('{"x":1}');
    expect(await second.text()).toBe('{"x":1}');
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(cache.get('b')).toBeNull();
  });

  it('drops the least recently used beyond its entries or bytes', async () => {
    const cache = createIsolateCache({ maxEntries: 2, maxBytes: 1000, maxAgeMs: 60_000 });
    await cache.put('a', json('a'));
    await cache.put('b', json('b'));
    cache.get('a'); // a is now the most recently used
    await cache.put('c', json('c'));
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
    const small = createIsolateCache({ maxEntries: 10, maxBytes: 400, maxAgeMs: 60_000 });
    await small.put('x', json('x'.repeat(100)));
    await small.put('y', json('y'.repeat(100)));
    await small.put('z', json('z'.repeat(100)));
    await small.put('w', json('w'.repeat(100)));
    await small.put('v', json('v'.repeat(100)));
    expect(small.get('x')).toBeNull();
    expect(small.get('v')).not.toBeNull();
    // one answer bigger than a quarter of the whole is not kept at all
    await small.put('big', json('b'.repeat(200)));
    expect(small.get('big')).toBeNull();
  });

  it('serves nothing older than its age', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
    const cache = createIsolateCache({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000 });
    await cache.put('a', json('a'));
    vi.setSystemTime(new Date('2026-11-25T10:00:59Z'));
    expect(cache.get('a')).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-25T10:01:01Z'));
    expect(cache.get('a')).toBeNull();
  });
});
