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

/** The user an access token names, or null when it is missing, forged, expired or malformed. */
export async function verifyAccessToken(token: string | undefined, secret: string): Promise<SessionUser | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    const parsed = claims.safeParse(payload);
    return parsed.success ? { id: Number(parsed.data.sub), role: parsed.data.role } : null;
  } catch {
    return null;
  }
}
