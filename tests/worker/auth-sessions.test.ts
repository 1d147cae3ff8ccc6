import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshSessions } from '../../drizzle/schema/auth.ts';
import { users } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { NO_SESSION_HEADER } from '../../worker/auth/session-rules.ts';
import { CookieJar, get, post, signIn, waitForCode } from './auth-helpers.ts';
import { useTestDb } from './helpers.ts';

const t = useTestDb();
const refresh = (jar: CookieJar) => post('/api/token/refresh/', undefined, { jar });

describe('a 401 says whether there is a session to renew', () => {
  it('a visitor, with no cookie at all, is told there is none', async () => {
    const res = await get('/api/users/me/');
    expect(res.status).toBe(401);
    expect(res.headers.get(NO_SESSION_HEADER)).toBe('1');
  });

  it('a lapsed access cookie beside a refresh cookie is not: the client renews it', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    jar.cookies.delete('forma_access');
    const res = await get('/api/users/me/', jar);
    expect(res.status).toBe(401);
    expect(res.headers.get(NO_SESSION_HEADER)).toBeNull();
    expect((await refresh(jar)).status).toBe(200);
    expect((await get('/api/users/me/', jar)).status).toBe(200);
  });

  it('an access cookie without a refresh cookie that no longer verifies is told there is none', async () => {
    const jar = new CookieJar();
    jar.cookies.set('forma_access', 'not-a-token');
    const res = await get('/api/users/me/', jar);
    expect(res.status).toBe(401);
    expect(res.headers.get(NO_SESSION_HEADER)).toBe('1');
  });
});

describe('refresh tokens', () => {
  it('rotate: a refresh gives new access and refresh cookies', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    const before = jar.cookies.get('forma_refresh');
    const res = await refresh(jar);
    expect(res.status).toBe(200);
    expect(jar.cookies.get('forma_refresh')).not.toBe(before);
    expect((await get('/api/users/me/', jar)).status).toBe(200);
  });

  it('revoke the whole family when an old token is replayed', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    const stolen = new CookieJar();
    stolen.cookies.set('forma_refresh', jar.cookies.get('forma_refresh')!);
    expect((await refresh(jar)).status).toBe(200); // the owner rotates
    // past the grace window for tabs refreshing together
    await t.db.update(refreshSessions).set({ rotatedAt: sql`now() - interval '1 minute'` }).where(eq(refreshSessions.userId, user.id));
    const replay = await refresh(stolen); // the thief replays the old token
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'not_authenticated' });
    // the owner's current token is dead too: both must sign in again
    expect((await refresh(jar)).status).toBe(401);
    const rows = await t.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('let two tabs refresh with the same token at the same moment: both stay signed in, in one family', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    const tabA = new CookieJar();
    const tabB = new CookieJar();
    for (const tab of [tabA, tabB]) tab.cookies.set('forma_refresh', jar.cookies.get('forma_refresh')!);
    const [a, b] = await Promise.all([refresh(tabA), refresh(tabB)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tabA.cookies.get('forma_refresh')).not.toBe(tabB.cookies.get('forma_refresh'));
    for (const tab of [tabA, tabB]) expect((await get('/api/users/me/', tab)).status).toBe(200);
    const rows = await t.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    // and each new token refreshes again
    expect((await refresh(tabA)).status).toBe(200);
    expect((await refresh(tabB)).status).toBe(200);
  });

  it('refuse a missing or made-up refresh token', async () => {
    expect((await refresh(new CookieJar())).status).toBe(401);
    const jar = new CookieJar();
    jar.cookies.set('forma_refresh', 'made-up');
    expect((await refresh(jar)).status).toBe(401);
  });

  it('carry the current role: an approved mentor gets it at the next refresh', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    await t.db.update(users).set({ role: 'mentor' }).where(eq(users.id, user.id));
    await refresh(jar);
    const token = jar.cookies.get('forma_access')!;
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload.role).toBe('mentor');
  });
});

describe('logout', () => {
  it('revokes the session and clears both cookies', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    const kept = jar.cookies.get('forma_refresh')!;
    const res = await post('/api/logout/', undefined, { jar });
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith('forma_access=') && /Max-Age=0/i.test(c))).toBe(true);
    expect(cleared.some((c) => c.startsWith('forma_refresh=') && /Max-Age=0/i.test(c))).toBe(true);
    const replay = new CookieJar();
    replay.cookies.set('forma_refresh', kept);
    expect((await refresh(replay)).status).toBe(401);
  });

  it('works without a session (the client clears its state either way)', async () => {
    expect((await post('/api/logout/', undefined)).status).toBe(200);
  });
});

describe('a changed role', () => {
  it('reaches the access cookie on the next GET /api/users/me/', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    await t.db.update(users).set({ role: 'mentor' }).where(eq(users.id, user.id));
    const res = await get('/api/users/me/', jar);
    expect(await res.json()).toMatchObject({ user_role: 'mentor' });
    const token = jar.cookies.get('forma_access')!;
    expect(JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).role).toBe('mentor');
  });
});

describe('«Запомнить меня» (issue 35)', () => {
  /** The Set-Cookie lines of one answer for a cookie name. */
  const cookieLine = (res: Response, name: string) => res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))!;
  const lasting = (line: string) => /max-age=\d|expires=/i.test(line);

  async function signInWith(email: string, remember: boolean | undefined) {
    const jar = new CookieJar();
    await post('/api/auth/request_login_passcode/', { email }, { jar });
    const { code } = await waitForCode(t.db, email);
    const res = await post('/api/verify-passcode/verify_login/', { email, passcode: code, ...(remember === undefined ? {} : { remember }) }, { jar });
    expect(res.status).toBe(200);
    return { jar, res };
  }

  it('off: the session cookies end with the browser session, through every refresh', async () => {
    const user = await createUser(t.db);
    const { jar, res } = await signInWith(user.email!, false);
    expect(lasting(cookieLine(res, 'forma_refresh'))).toBe(false);
    expect(lasting(cookieLine(res, 'forma_signed_in'))).toBe(false);
    const refreshed = await refresh(jar);
    expect(refreshed.status).toBe(200);
    expect(lasting(cookieLine(refreshed, 'forma_refresh'))).toBe(false);
    expect(lasting(cookieLine(refreshed, 'forma_signed_in'))).toBe(false);
  });

  it('on, or not said (older clients): the cookies last 30 days, and so do their successors', async () => {
    for (const remember of [true, undefined]) {
      const user = await createUser(t.db);
      const { jar, res } = await signInWith(user.email!, remember);
      expect(cookieLine(res, 'forma_refresh')).toMatch(/Max-Age=2592000/i);
      expect(cookieLine(await refresh(jar), 'forma_refresh')).toMatch(/Max-Age=2592000/i);
    }
  });
});
