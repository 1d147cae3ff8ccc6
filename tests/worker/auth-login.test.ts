import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backoffCounters, loginCodes } from '../../drizzle/schema/auth.ts';
import { devMailbox } from '../../drizzle/schema/outbox.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { CookieJar, get, post, signIn, waitForCode, waitForMessage } from './auth-helpers.ts';
import { createApp } from '../../worker/app.ts';
import { bindings, ORIGIN, useTestDb } from './helpers.ts';

const t = useTestDb();
const verify = (email: string, passcode: string, jar?: CookieJar) => post('/api/verify-passcode/verify_login/', { email, passcode }, { jar });
const requestCode = (email: string, headers?: Record<string, string>) => post('/api/auth/request_login_passcode/', { email }, { headers });
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** The newest sign-in code mailed to an address after message `after` (other mail, like a warning, is skipped). */
async function loginCode(email: string, after = 0) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [row] = await t.db
      .select()
      .from(devMailbox)
      .where(and(eq(devMailbox.recipient, email), eq(devMailbox.subject, 'Код для входа в Форму'), gt(devMailbox.id, after)))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    if (row) return { code: /\b(\d{4})\b/.exec(row.text)![1], messageId: row.id };
    if (Date.now() > deadline) throw new Error(`no code to ${email} within 5 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A whole sign-in from one IP in one browser; fails the test unless both steps succeed. */
async function signInFrom(email: string, ip: string, jar: CookieJar) {
  const [last] = await t.db.select({ id: devMailbox.id }).from(devMailbox).where(eq(devMailbox.recipient, email)).orderBy(desc(devMailbox.id)).limit(1);
  const headers = { 'cf-connecting-ip': ip };
  const sent = await post('/api/auth/request_login_passcode/', { email }, { jar, headers });
  expect(sent.status).toBe(200);
  const { code } = await loginCode(email, last?.id ?? 0);
  const res = await post('/api/verify-passcode/verify_login/', { email, passcode: code }, { jar, headers });
  expect(res.status).toBe(200);
  return res;
}

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
    // the address's back-off aside (the next test of it is below), the code itself is dead
    await t.db.delete(backoffCounters).where(eq(backoffCounters.key, `verify:to:${user.email}`));
    expect((await verify(user.email!, code)).status).toBe(400);
  });

  it('compares at most 5 guesses even when they arrive at once', async () => {
    const user = await createUser(t.db);
    await requestCode(user.email!);
    const { code } = await waitForCode(t.db, user.email!);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(user.email!, wrong(code))));
    // the address's back-off lets 5 through at once and holds the rest
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    const [row] = await t.db.select().from(loginCodes).where(eq(loginCodes.destination, user.email!));
    expect(row.attempts).toBe(5);
    await t.db.delete(backoffCounters).where(eq(backoffCounters.key, `verify:to:${user.email}`));
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

  it('many networks cannot keep the owner out: their known device and known network still get a code and sign in', async () => {
    // issue 34: strangers on four networks spent the address's ceilings (20 codes, 60 tries an hour) and the owner,
    // from a fifth, got 429 even with the right code
    const user = await createUser(t.db);
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const home = `198.18.${octet()}`;
    const device = new CookieJar();
    const first = await signInFrom(user.email!, `${home}.7`, device);
    const deviceCookie = first.headers.getSetCookie().find((c) => c.startsWith('forma_device='))!;
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/SameSite=Strict/i);
    expect(deviceCookie).toMatch(/Path=\/api\//);

    const networks = Array.from({ length: 4 }, (_, i) => ({ 'cf-connecting-ip': `203.0.${113 + i}.${octet()}` }));
    for (const stranger of networks) {
      for (let i = 0; i < 5; i++) await requestCode(user.email!, stranger);
      for (let i = 0; i < 15; i++) await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: '0000' }, { headers: stranger });
    }
    // a fifth stranger, even one holding a device cookie earned on an account of their own, is held up
    const strangerJar = new CookieJar();
    const own = await createUser(t.db);
    await signInFrom(own.email!, `192.0.2.${octet()}`, strangerJar);
    const fifth = { 'cf-connecting-ip': `192.0.2.${octet()}` };
    const refusedCode = await post('/api/auth/request_login_passcode/', { email: user.email }, { jar: strangerJar, headers: fifth });
    expect(refusedCode.status).toBe(429);
    expect(await refusedCode.json()).toEqual({
      code: 'rate_limited',
      detail: expect.stringMatching(/^Слишком много запросов кода для этого адреса\. Войдите с устройства, с которого уже входили, или попробуйте через \d+ (мин|ч)\.$/),
    });
    const refusedTry = await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: '0000' }, { jar: strangerJar, headers: fifth });
    expect(refusedTry.status).toBe(429);
    expect(((await refusedTry.json()) as { detail: string }).detail).toMatch(/^Слишком много неверных попыток\. Попробуйте через \d+ (сек|мин)\.$/);

    // the owner's browser, from a network never seen (a café), gets a code and signs in with it
    await signInFrom(user.email!, `100.64.${octet()}.9`, device);
    // so does another browser of theirs at home, known by the network their sessions came from
    await signInFrom(user.email!, `${home}.23`, new CookieJar());

    // and the owner heard of it, once
    const notices = await t.db.select().from(devMailbox).where(eq(devMailbox.recipient, user.email!));
    expect(notices.filter((m) => m.subject === 'Кто-то пытается войти в ваш аккаунт Формы')).toHaveLength(1);
  });

  it('a code sent to the owner’s known device is neither retired nor spent by strangers', async () => {
    const user = await createUser(t.db);
    const device = new CookieJar();
    await signInFrom(user.email!, '198.51.100.7', device);
    const after = (await waitForMessage(t.db, user.email!)).id;
    expect((await post('/api/auth/request_login_passcode/', { email: user.email }, { jar: device, headers: { 'cf-connecting-ip': '198.51.100.7' } })).status).toBe(200);
    const { code } = await loginCode(user.email!, after);
    const stranger = { 'cf-connecting-ip': '203.0.113.50' };
    expect((await requestCode(user.email!, stranger)).status).toBe(200);
    for (let i = 0; i < 5; i++) await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: wrong(code) }, { headers: stranger });
    const res = await post('/api/verify-passcode/verify_login/', { email: user.email, passcode: code }, { jar: device, headers: { 'cf-connecting-ip': '198.51.100.7' } });
    expect(res.status).toBe(200);
  });

  it('backs off tries per address across networks: 5 at once, then 1, 2, 4 minutes…, afresh after a success', async () => {
    const user = await createUser(t.db);
    const key = `verify:to:${user.email}`;
    const minutePassed = () => t.db.update(backoffCounters).set({ nextTryAt: sql`now()` }).where(eq(backoffCounters.key, key));
    const from = (n: number) => ({ 'cf-connecting-ip': `203.0.${n}.${Math.floor(Math.random() * 250) + 1}` });
    const guess = (n: number) => post('/api/verify-passcode/verify_login/', { email: user.email, passcode: '0000' }, { headers: from(n) });
    const refusal = async (res: Response) => (expect(res.status).toBe(429), ((await res.json()) as { detail: string }).detail);
    for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(400);
    expect(await refusal(await guess(5))).toBe('Слишком много неверных попыток. Попробуйте через 1 мин.');
    await minutePassed();
    expect((await guess(6)).status).toBe(400);
    expect(await refusal(await guess(7))).toBe('Слишком много неверных попыток. Попробуйте через 2 мин.');
    await minutePassed();
    expect((await guess(8)).status).toBe(400);
    expect(await refusal(await guess(9))).toBe('Слишком много неверных попыток. Попробуйте через 4 мин.');
    expect(await t.db.select().from(backoffCounters).where(eq(backoffCounters.key, key))).toEqual([
      expect.objectContaining({ failures: 7 }),
    ]);

    // the wait over, the owner signs in: the next person starts the schedule afresh
    await minutePassed();
    await signInFrom(user.email!, '198.51.100.40', new CookieJar());
    expect(await t.db.select().from(backoffCounters).where(eq(backoffCounters.key, key))).toEqual([]);
    for (let i = 0; i < 5; i++) expect((await guess(10 + i)).status).toBe(400);
    expect((await guess(15)).status).toBe(429);
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
