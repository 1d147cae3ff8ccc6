import { env, exports } from 'cloudflare:workers';
import { createDb } from '../../drizzle/db.ts';
import { signAccessToken, ACCESS_COOKIE, type SessionUser } from '../../worker/auth/session.ts';
import type { Bindings } from '../../worker/env.ts';

export const bindings = env as unknown as Bindings;
export const ORIGIN = 'http://127.0.0.1:8787';

/** Sends a request through the real Worker entry (middleware, router, error handler). */
export function call(path: string, init: RequestInit & { user?: SessionUser } = {}) {
  const { user, ...rest } = init;
  return (async () => {
    const headers = new Headers(rest.headers);
    if (user) headers.set('cookie', `${ACCESS_COOKIE}=${await signAccessToken(user, bindings.JWT_SECRET)}`);
    return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...rest, headers }));
  })();
}

/** A database handle for arranging and checking rows directly; close it in afterAll. */
export function testDb() {
  return createDb(bindings);
}
