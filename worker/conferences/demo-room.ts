// /BaseMeet's public demo room (spec 002 §2.7; decision 012, «The demo room»): one room on the meetings' engine,
// open to anyone without an account, with the fixed test values the page shows. A visitor is a guest: a random id
// in a signed ticket, no attendance, no money. Limits keep it from being a free relay: joins per address, the
// mesh's cap on the room, the room's own signalling limits.
import { SignJWT, jwtVerify } from 'jose';
import { hmacKey } from '../lib/hmac-key.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { JOIN_TOKEN_TTL_SECONDS } from './join-token.ts';

/** The demo's fixed test values (the spec's prototype shows a display name, room id, password and subject id). */
export const DEMO_ROOM = {
  login: 'base-meet-demo',
  password: 'forma-demo-2026',
  subjectId: 'demo-subject-1',
  displayName: 'Гость',
  /** the ConferenceRoom's Durable Object name; no event or booking is named like this (`events:1`, …) */
  roomName: 'demo:base-meet',
  wsPath: '/ws/demo-conference/',
} as const;

/** Joins one address may make in DEMO_JOIN_WINDOW_SECONDS (each mints ICE credentials). */
export const DEMO_JOINS_PER_ADDRESS = 20;
export const DEMO_JOIN_WINDOW_SECONDS = 10 * 60;
/** How long a guest's TURN credential lives: the demo has no end, so an hour, then a new join. */
export const DEMO_ICE_TTL_SECONDS = 60 * 60;

const AUDIENCE = 'forma:conference-demo';

/**
 * What the room knows of a guest's address (`clientIp`): a hash, so one address holds one place (a newer guest from
 * it replaces the older) without the room keeping addresses. Null for 'local' (loopback: wrangler dev, the bench and
 * the browser tests run several guests from one machine; Cloudflare never reports a loopback client).
 */
export async function guestAddressKey(ip: string): Promise<string | null> {
  return ip === 'local' ? null : (await sha256Hex(`${DEMO_ROOM.roomName}:${ip}`)).slice(0, 32);
}

/** A guest's id: positive, below 2^31, unguessable enough that one guest cannot take another's place. */
export function newGuestId() {
  return (crypto.getRandomValues(new Uint32Array(1))[0]! % (2 ** 31 - 1)) + 1;
}

/** «Гость 0427»: the fixed display name and the guest's last four digits, so thumbnails can be told apart. */
export const guestName = (guestId: number) => `${DEMO_ROOM.displayName} ${String(guestId % 10_000).padStart(4, '0')}`;

export async function signGuestToken(secret: string, guestId: number): Promise<string> {
  return new SignJWT({ room: DEMO_ROOM.roomName })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(`guest:${guestId}`)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${JOIN_TOKEN_TTL_SECONDS}s`)
    .sign(await hmacKey(secret));
}

/** The guest's id when the ticket is valid and unexpired; null otherwise. A member's join token never passes. */
export async function verifyGuestToken(secret: string, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const match = payload.room === DEMO_ROOM.roomName ? /^guest:([1-9]\d{0,9})$/.exec(payload.sub ?? '') : null;
    const id = match ? Number(match[1]) : NaN;
    return Number.isInteger(id) && id < 2 ** 31 ? id : null;
  } catch {
    return null;
  }
}
