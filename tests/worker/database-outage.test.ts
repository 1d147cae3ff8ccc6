// The database unreachable or restarting (decision 013, «The database away»): callers get a clear 503 with
// Retry-After in the envelope, not a 500, and the next request after it is back works.
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { bindings, ORIGIN } from './helpers.ts';

/** A request through the app with the database at `databaseUrl`; the work left for after the answer is awaited. */
async function at(path: string, databaseUrl: string, init: RequestInit = {}) {
  const later: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void later.push(p), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  const res = await createApp().request(`${ORIGIN}${path}`, init, { ...bindings, DATABASE_URL: databaseUrl }, ctx);
  await Promise.allSettled(later);
  return res;
}

// nothing listens on port 1: the proxy in front of Postgres cannot connect, as when Postgres restarts
const AWAY = bindings.DATABASE_URL.replace(/@([^:/]+):\d+/, '@$1:1');

describe('the database away', () => {
  it('answers 503 with Retry-After on reads and writes, and the next request works once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const [path, init] of [
      ['/api/events/', {}],
      ['/api/users/', {}],
      ['/api/auth/request_login_passcode/', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'a@b.ru' }) }],
    ] as const) {
      const res = await at(path, AWAY, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('5');
      expect(await res.json(), path).toEqual({ detail: 'Сервис временно недоступен, повторите через несколько секунд', code: 'database_unavailable' });
    }
    expect((await at('/api/events/', bindings.DATABASE_URL)).status).toBe(200);
  });
});
