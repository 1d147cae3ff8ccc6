// Signing in the way a browser does: codes read back from the dev mailbox, cookies carried between calls.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { devMailbox } from '../../drizzle/schema/outbox.ts';
import { call, ORIGIN } from './helpers.ts';

/** A minimal cookie jar: keeps what Set-Cookie said, sends it back as Cookie. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A JSON POST from our own origin, as the SPA sends it. */
export function post(path: string, body: unknown, init: { jar?: CookieJar; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: ORIGIN, ...init.headers };
  if (init.jar?.cookies.size) headers.cookie = init.jar.header();
  return call(path, { method: 'POST', body: JSON.stringify(body), headers }).then((res) => (init.jar ? init.jar.store(res) : res));
}

export function get(path: string, jar?: CookieJar) {
  return call(path, { headers: jar?.cookies.size ? { cookie: jar.header() } : {} }).then((res) => (jar ? jar.store(res) : res));
}

/** Waits for the newest message to an address (codes are sent after the response) and returns it. */
export async function waitForMessage(db: Db, recipient: string, { after = 0 } = {}) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [row] = await db.select().from(devMailbox).where(eq(devMailbox.recipient, recipient)).orderBy(desc(devMailbox.id)).limit(1);
    if (row && row.id > after) return row;
    if (Date.now() > deadline) throw new Error(`no message to ${recipient} within 5 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function waitForCode(db: Db, recipient: string, options?: { after?: number }) {
  const message = await waitForMessage(db, recipient, options);
  const code = /\b(\d{4})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return { code, messageId: message.id };
}

/** Full sign-in of an existing account by e-mail code; returns the jar holding the session cookies. */
export async function signIn(db: Db, email: string) {
  const jar = new CookieJar();
  const sent = await post('/api/auth/request_login_passcode/', { email }, { jar });
  if (sent.status !== 200) throw new Error(`code request failed: ${sent.status}`);
  const { code } = await waitForCode(db, email);
  const res = await post('/api/verify-passcode/verify_login/', { email, passcode: code }, { jar });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${await res.text()}`);
  return jar;
}
