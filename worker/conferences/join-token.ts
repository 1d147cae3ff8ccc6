// The short-lived join credential of a meeting (decision 012): GET /conferences/get/ hands it to someone allowed
// in, and the Worker checks it (with the session) before a socket reaches the ConferenceRoom.
import { SignJWT, jwtVerify } from 'jose';
import { hmacKey } from '../lib/hmac-key.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';

/** Long enough to pass the equipment check, short enough that a leaked link is soon useless. */
export const JOIN_TOKEN_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'forma:conference';

export type JoinClaims = { userId: number; contentType: ConferenceContentType; objectId: number; role: 'host' | 'participant' };

const roomOf = (c: Pick<JoinClaims, 'contentType' | 'objectId'>) => `${c.contentType}:${c.objectId}`;

export async function signJoinToken(secret: string, claims: JoinClaims): Promise<string> {
  return new SignJWT({ room: roomOf(claims), role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${JOIN_TOKEN_TTL_SECONDS}s`)
    .sign(await hmacKey(secret));
}

/** The claims when the token is valid, unexpired, for this room and this person; null otherwise. */
export async function verifyJoinToken(
  secret: string,
  token: string,
  expected: Pick<JoinClaims, 'contentType' | 'objectId' | 'userId'>,
): Promise<JoinClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    if (payload.room !== roomOf(expected) || payload.sub !== String(expected.userId)) return null;
    const role = payload.role === 'host' ? 'host' : payload.role === 'participant' ? 'participant' : null;
    return role ? { ...expected, role } : null;
  } catch {
    return null;
  }
}
