// JSON calls as a signed-in user, and reading the e-mails the API sends (after the response) back from
// the dev mailbox.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../drizzle/db.ts';
import { devMailbox } from '../../drizzle/schema/outbox.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { call } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function send(method: Method, path: string, options: { user?: SessionUser; body?: unknown } = {}) {
  const { user, body } = options;
  return call(path, {
    method,
    user,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const asUser = (row: { id: number; role: SessionUser['role'] }): SessionUser => ({ id: row.id, role: row.role });

/** Asserts the status and returns the parsed JSON body. */
export async function expectJson<T = any>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return text ? JSON.parse(text) : (undefined as T);
}

/** Waits for an e-mail with this subject to this address; mail goes out after the response. */
export async function waitForMail(db: Db, to: string, subject: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db
      .select()
      .from(devMailbox)
      .where(and(eq(devMailbox.recipient, to.toLowerCase()), eq(devMailbox.subject, subject)));
    if (rows.length) return rows;
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How many e-mails with this subject an address has right now. */
export async function countMail(db: Db, to: string, subject: string) {
  const rows = await db
    .select({ id: devMailbox.id })
    .from(devMailbox)
    .where(and(eq(devMailbox.recipient, to.toLowerCase()), eq(devMailbox.subject, subject)));
  return rows.length;
}
