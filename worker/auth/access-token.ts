import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { hmacKey } from '../lib/hmac-key.ts';

export const ACCESS_COOKIE = 'forma_access';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export const userRoles = ['mentee', 'mentor', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];
export type SessionUser = { id: number; role: UserRole };

const claims = z.object({ sub: z.string().regex(/^\d+$/), role: z.enum(userRoles) });

export async function signAccessToken(user: SessionUser, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await hmacKey(secret));
}

/** How many verified tokens an isolate remembers (oldest forgotten first). */
const MAX_VERIFIED = 2000;
/**
 * Tokens this isolate verified, per key (so per secret), with their user and expiry. A token is the same bytes on every
 * request of its session and says the same until it expires, so its signature is checked once and the answer looked
 * up after that (decision 015): a signed-in request then pays a Map lookup instead of an HMAC and two JSON parses.
 */
const verifiedBy = new WeakMap<CryptoKey, Map<string, { user: SessionUser; expiresAt: number }>>();

function remember(key: CryptoKey, token: string, user: SessionUser, expiresAt: number) {
  let verified = verifiedBy.get(key);
  if (!verified) verifiedBy.set(key, (verified = new Map()));
  verified.set(token, { user, expiresAt });
  if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value!);
}

/** The user an access token names, or null when it is missing, forged, expired or malformed. */
export async function verifyAccessToken(token: string | undefined, secret: string): Promise<SessionUser | null> {
  if (!token) return null;
  const key = await hmacKey(secret);
  const known = verifiedBy.get(key)?.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return { ...known.user };
    verifiedBy.get(key)!.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const parsed = claims.safeParse(payload);
    if (!parsed.success) return null;
    const user = { id: Number(parsed.data.sub), role: parsed.data.role };
    // ours always carry `exp`; a token without one is never kept
    if (typeof payload.exp === 'number') remember(key, token, user, payload.exp * 1000);
    return user;
  } catch {
    return null;
  }
}
