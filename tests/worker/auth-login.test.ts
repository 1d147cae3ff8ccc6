import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginCodes } from '../../drizzle/schema/auth.ts';
import { devMailbox } from '../../drizzle/schema/outbox.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { CookieJar, get, post, signIn, waitForCode } from './auth-helpers.ts';
import { createApp } from '../../worker/app.ts';
import { bindings, ORIGIN, useTestDb } from './helpers.ts';

const t = useTestDb();
const verify = (email: string, passcode: string, jar?: CookieJar) => post('/api/verify-passcode/verify_login/', { email, passcode }, { jar });
const requestCode = (email: string, headers?: Record<string, string>) => post('/api/auth/request_login_passcode/', { email }, { headers });
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('sign-in by e-mail code', () => {
  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const user = await createUser(t.db);
    const unknown = uniqueEmail('nobody');
    const [a, b] = await Promise.all([requestCode(user.email!), requestCode(unknown)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
    const { code } = await waitForCode(t.db, user.email!);
    expect(code).toMatch(/^\d{4}$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.db.select().from(devMailbox).where(eq(devMailbox.recipient, unknown))).toEqual([]);
  });

  it('answers before the code is made: a known address does no more work before the answer than an unknown one', async () => {
    const user = await createUser(t.db);
    // an execution context that keeps the background work for the test to await
    const background: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void background.push(p), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
    const codes = () => t.db.select().from(loginCodes).where(eq(loginCodes.destination, user.email!));
    await t.db.transaction(async (tx) => {
      // nobody can write a code while this lock is held: an answer that waited for the code would never come
      await tx.execute(sql`lock table login_codes in share row exclusive mode`);
      const res = await createApp().request(
        `${ORIGIN}/api/auth/request_login_passcode/`,
        { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: user.email }) },
        bindings,
        ctx,
      );
      expect(res.status).toBe(200);
      expect(await tx.select().from(loginCodes).where(eq(loginCodes.destination, user.email!))).toEqual([]);
    });
    await Promise.all(background);
    expect(await codes()).toHaveLength(1);
  });

  it('stores only a hash of the code', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    const rows = await t.db.select().from(loginCodes).where(eq(loginCodes.destination, user.email!));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].codeHash).not.toContain(code);
  });

  it('signs in with the code: HttpOnly SameSite cookies, and /users/me works', async () => {
    const user = await createUser(t.db, { firstName: 'Ольга' });
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    const jar = new CookieJar();
    const res = await verify(user.email!.toUpperCase(), code, jar);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, mentor_name: 'Ольга', user_role: 'mentee' });
    const setCookies = res.headers.getSetCookie();
    const access = setCookies.find((c) => c.startsWith('forma_access='))!;
    const refresh = setCookies.find((c) => c.startsWith('forma_refresh='))!;
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(access).toMatch(/Path=\//);
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/SameSite=Strict/i);
    expect(refresh).toMatch(/Path=\/api\//);
    // plain http on localhost: no Secure flag, or the browser would drop the cookie
    expect(access).not.toMatch(/Secure/i);
    const me = await get('/api/users/me/?full=1', jar);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id });
  });

  it('marks the cookies Secure over https', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    const { exports } = await import('cloudflare:workers');
    const res = await exports.default.fetch(
      new Request('https://forma.example/api/verify-passcode/verify_login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://forma.example' },
        body: JSON.stringify({ email: user.email, passcode: code }),
      }),
    );
    expect(res.status).toBe(200);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).toMatch(/Secure/i);
  });

  it('accepts a code only once', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    expect((await verify(user.email!, code)).status).toBe(200);
    const again = await verify(user.email!, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: 'Неверный или устаревший код', code: 'invalid_code' });
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    for (let i = 0; i < 5; i++) expect((await verify(user.email!, wrong(code))).status).toBe(400);
    expect((await verify(user.email!, code)).status).toBe(400);
  });

  it('compares at most 5 guesses even when they arrive at once', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    await Promise.all(Array.from({ length: 12 }, () => verify(user.email!, wrong(code))));
    const [row] = await t.db.select().from(loginCodes).where(eq(loginCodes.destination, user.email!));
    expect(row.attempts).toBe(5);
    expect((await verify(user.email!, code)).status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    await t.db.update(loginCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(loginCodes.destination, user.email!));
    expect((await verify(user.email!, code)).status).toBe(400);
  });

  it('retires the previous code when a new one is sent', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const first = await waitForCode(t.db, user.email!);
    await requestCode(user.email!);
    const second = await waitForCode(t.db, user.email!, { after: first.messageId });
    if (first.code !== second.code) expect((await verify(user.email!, first.code)).status).toBe(400);
    expect((await verify(user.email!, second.code)).status).toBe(200);
  });

  it('limits code requests per e-mail and per IP', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) expect((await requestCode(user.email!)).status).toBe(200);
    const limited = await requestCode(user.email!);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });

    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await requestCode(uniqueEmail('ip'), { 'cf-connecting-ip': ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits by address and network together: a stranger exhausting an address’s limits does not lock its owner out', async () => {
    const user = await createUser(t.db);
    const stranger = { 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250) + 1}` };
    const owner = { 'cf-connecting-ip': `198.18.${Math.floor(Math.random() * 250) + 1}.7` };
    for (let i = 0; i < 5; i++) expect((await requestCode(user.email!, stranger)).status).toBe(200);
    expect((await requestCode(user.email!, stranger)).status).toBe(429);
    // the same network, another address in it: still the stranger's limit
    expect((await requestCode(user.email!, { 'cf-connecting-ip': stranger['cf-connecting-ip'].replace(/\.\d+$/, '.251') })).status).toBe(429);
    const wrongTries = [];
    for (let i = 0; i < 16; i++) wrongTries.push((await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: '0000' }, { headers: stranger })).status);
    expect(wrongTries.at(-1)).toBe(429);

    // the owner, from their own network, still gets a code and signs in with it
    const after = (await waitForCode(t.db, user.email!)).messageId;
    expect((await requestCode(user.email!, owner)).status).toBe(200);
    const { code } = await waitForCode(t.db, user.email!, { after });
    const signedIn = await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: code }, { headers: owner });
    expect(signedIn.status).toBe(200);
  });

  it('limits tries per e-mail across codes', async () => {
    const user = await createUser(t.db);
    const results = [];
    for (let i = 0; i < 16; i++) results.push((await verify(user.email!, '0000')).status);
    expect(results.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(results[15]).toBe(429);
  });

  it('rejects malformed input with the spec messages', async () => {
    const res = await post('/api/auth/request_login_passcode/', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_error', fields: { email: 'Неверный формат email' } });
    const empty = await post('/api/auth/request_login_passcode/', { email: '' });
    expect(await empty.json()).toMatchObject({ fields: { email: 'Email обязателен' } });
    const code = await post('/api/verify-passcode/verify_login/', { email: 'a@b.ru', passcode: '12a4' });
    expect(code.status).toBe(400);
  });

  it('refuses a sign-in posted from another site', async () => {
    const user = await createUser(t.db);
    const res = await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: '1234' }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('signIn helper goes through the real flow', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    expect(jar.cookies.has('forma_access')).toBe(true);
  });
});
