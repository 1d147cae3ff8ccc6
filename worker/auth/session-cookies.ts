// Sessions: a short-lived access JWT and a rotating refresh token, both in HttpOnly cookies.
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AnyContext } from '../env.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { SIGNED_IN_COOKIE } from '../pages/page-cookies.ts';
import { ACCESS_COOKIE, ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type SessionUser } from './access-token.ts';
import { findTokenAfterRotation, insertRefreshSession, retireLiveToken, revokeFamily, tokenFamily, type RefreshSession } from './refresh-sessions.queries.ts';

export const REFRESH_COOKIE = 'forma_refresh';
const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
// the refresh token is only ever needed by /api/token/refresh/ and /api/logout/
const REFRESH_PATH = '/api/';

function cookieSecurity(c: AnyContext) {
  // Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie
  return { httpOnly: true, secure: new URL(c.req.url).protocol === 'https:' };
}

/** A new access cookie for the user as they are now (e.g. after moderation changed their role). */
export async function setAccessCookie(c: AnyContext, user: SessionUser) {
  setCookie(c, ACCESS_COOKIE, await signAccessToken(user, c.env.JWT_SECRET), {
    ...cookieSecurity(c),
    path: '/',
    sameSite: 'Lax',
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/**
 * «Запомнить меня» off (`persistent` false): the refresh and signed-in cookies get no expiry, so the browser drops them
 * when its session ends; the short access cookie keeps its Max-Age (it lapses within minutes anyway and is useless
 * without the refresh cookie). The family remembers the choice, so every rotation sets the same kind of cookie.
 */
async function setSessionCookies(c: AnyContext, user: SessionUser, refreshToken: string, persistent: boolean) {
  await setAccessCookie(c, user);
  const lifetime = persistent ? { maxAge: REFRESH_TTL_SECONDS } : {};
  setCookie(c, REFRESH_COOKIE, refreshToken, { ...cookieSecurity(c), path: REFRESH_PATH, sameSite: 'Strict', ...lifetime });
  // no credential: it only spares the server rendering a visitor's page for someone whose access cookie lapsed
  setCookie(c, SIGNED_IN_COOKIE, '1', { ...cookieSecurity(c), path: '/', sameSite: 'Lax', ...lifetime });
}

export function clearSessionCookies(c: AnyContext) {
  const security = cookieSecurity(c);
  deleteCookie(c, ACCESS_COOKIE, { ...security, path: '/' });
  deleteCookie(c, REFRESH_COOKIE, { ...security, path: REFRESH_PATH });
  deleteCookie(c, SIGNED_IN_COOKIE, { ...security, path: '/' });
}

function sessionMeta(c: AnyContext) {
  const ip = c.req.header('cf-connecting-ip');
  return { userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null, ip: ip ?? null };
}

/** Signs the user in: a new refresh-token family and both cookies (for the browser session only unless `persistent`). */
export async function startSession(c: AnyContext, user: SessionUser, { persistent }: { persistent: boolean } = { persistent: true }) {
  const token = randomToken();
  await insertRefreshSession(c.var.db, {
    userId: user.id,
    familyId: crypto.randomUUID(),
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
    persistent,
    ...sessionMeta(c),
  });
  await setSessionCookies(c, user, token, persistent);
}

/**
 * A refresh token used again within this long after its rotation is another tab that refreshed at the same moment
 * (both sent the same cookie): it gets a token of its own in the same family instead of ending the session. Later,
 * a used token is a replay and revokes the family.
 */
export const REFRESH_GRACE_SECONDS = 20;

/**
 * Trades the refresh cookie for a new pair. The old token is retired in one conditional UPDATE; a token
 * retired more than REFRESH_GRACE_SECONDS ago (or revoked) is a replay, possibly by a thief, so its whole family
 * is revoked and both holders have to sign in again. Returns false when there is no valid session.
 */
export async function rotateSession(c: AnyContext, loadRole: (userId: number) => Promise<SessionUser['role'] | null>) {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) return false;
  const db = c.var.db;
  const tokenHash = await sha256Hex(token);
  const current = await retireLiveToken(db, tokenHash);
  if (!current) {
    // `concurrent`: rotated moments ago, by another tab of the same browser refreshing at the same time (decision 013)
    const known = await findTokenAfterRotation(db, tokenHash, REFRESH_GRACE_SECONDS);
    if (!known) return false;
    // anything else is a replay of a used token: the whole family goes, thief and owner sign in again
    if (!known.concurrent) {
      await revokeFamily(db, known.row.familyId);
      return false;
    }
    return issueSuccessor(c, known.row, loadRole);
  }
  return issueSuccessor(c, current, loadRole);
}

/** A new refresh token in the same family (same expiry) and fresh cookies, with the role read afresh. */
async function issueSuccessor(c: AnyContext, current: RefreshSession, loadRole: (userId: number) => Promise<SessionUser['role'] | null>) {
  const db = c.var.db;
  // the role is read afresh, so an approved mentor application takes effect at the next refresh
  const role = await loadRole(current.userId);
  if (!role) {
    await revokeFamily(db, current.familyId);
    return false;
  }
  const next = randomToken();
  await insertRefreshSession(db, {
    userId: current.userId,
    familyId: current.familyId,
    tokenHash: await sha256Hex(next),
    expiresAt: current.expiresAt,
    persistent: current.persistent,
    ...sessionMeta(c),
  });
  await setSessionCookies(c, { id: current.userId, role }, next, current.persistent);
  return true;
}

/** Logout: the refresh token's family is revoked and both cookies are cleared. */
export async function endSession(c: AnyContext) {
  const token = getCookie(c, REFRESH_COOKIE);
  if (token) {
    const familyId = await tokenFamily(c.var.db, await sha256Hex(token));
    if (familyId) await revokeFamily(c.var.db, familyId);
  }
  clearSessionCookies(c);
}
