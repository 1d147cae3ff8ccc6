import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeEach } from 'vitest';
import { createDb, type Db } from '../../drizzle/db.ts';
import { signAccessToken, ACCESS_COOKIE, type SessionUser } from '../../worker/auth/access-token.ts';
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

/** A database handle of its own, e.g. for one of many concurrent connections; close it when done. */
export function testDb() {
  return createDb(bindings);
}

/**
 * A database handle for arranging and checking rows, fresh for every test: workerd does not let a socket
 * opened in one test's I/O context be used by the next one.
 */
export function useTestDb() {
  const handle = {} as { db: Db };
  let close: (() => Promise<void>) | undefined;
  beforeEach(() => {
    const created = createDb(bindings);
    handle.db = created.db;
    close = created.close;
  });
  afterEach(() => close?.());
  return handle;
}

/**
 * Postgres's text plan for a built statement (`query.toSQL()`), inside a transaction so that `set local` settings and
 * rows made there count: drizzle's `execute` has no way to pass the statement's own parameters.
 */
export async function explainPlan(tx: unknown, query: { sql: string; params: unknown[] }) {
  const { client } = (tx as { session: { client: { query: (q: string, p: unknown[]) => Promise<{ rows: { 'QUERY PLAN': string }[] }> } } }).session;
  const { rows } = await client.query(`explain ${query.sql}`, query.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * The token with its signature's first character changed. Its last character only partly carries bits (a
 * base64url tail), so changing the end can leave the signature's bytes as they were and the token still valid.
 */
export function tamperSignature(token: string) {
  const at = token.lastIndexOf('.') + 1;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}

/** The Postgres SQLSTATE a failed statement raised (drizzle wraps the driver's error in `cause`); undefined if it passed. */
export async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return err.cause?.code ?? err.code;
  }
}
