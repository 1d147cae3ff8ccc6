// A browser that signed in to an address before is recognised by a long-lived HttpOnly cookie, so that strangers
// flooding the address from elsewhere never stand between its owner and a code (decision 013, «Sign-in that strangers
// can neither block nor guess»). The cookie signs nobody in: it only gives its holder a channel of their own, with
// their own limits and codes. Nothing is stored on the server: each entry is signed with the server secret and
// names the address it was earned for, so it cannot be made, moved to another address or kept past its lifetime.
import { getCookie, setCookie } from 'hono/cookie';
import type { AnyContext } from '../env.ts';
import { hmacKey } from '../lib/hmac-key.ts';
import { randomToken, sha256Hex, toHex } from '../lib/tokens.ts';
import { sameDigest } from './codes.ts';

export const DEVICE_COOKIE = 'forma_device';
const DEVICE_TTL_SECONDS = 365 * 24 * 3600;
/** A shared computer keeps the addresses of its last few people; older ones fall back to the open channel. */
const MAX_ADDRESSES = 5;

const sign = async (secret: string, destination: string, issuedAt: string, nonce: string) =>
  toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`known-device:${destination}:${issuedAt}:${nonce}`)));

/** Whether one entry (`issuedAt.nonce.signature`) was earned by signing in to `destination` and is still live. */
async function entryFor(secret: string, destination: string, entry: string) {
  const [issuedAt, nonce, signature] = entry.split('.');
  if (!/^\d{1,12}$/.test(issuedAt ?? '') || !nonce || !signature) return false;
  if (Date.now() / 1000 - Number(issuedAt) > DEVICE_TTL_SECONDS) return false;
  return sameDigest(signature, await sign(secret, destination, issuedAt, nonce));
}

const entriesOf = (c: AnyContext) => (getCookie(c, DEVICE_COOKIE) ?? '').split('~').filter(Boolean).slice(0, MAX_ADDRESSES);

/** The id of this browser's channel for `destination` if it signed in to it before, else null. */
export async function knownDevice(c: AnyContext, destination: string) {
  for (const entry of entriesOf(c)) {
    if (await entryFor(c.env.JWT_SECRET, destination, entry)) return `device:${(await sha256Hex(entry)).slice(0, 32)}`;
  }
  return null;
}

/** After a sign-in: this browser is known for `destination` from now on (a fresh entry replaces an older one). */
export async function rememberDevice(c: AnyContext, destination: string) {
  const issuedAt = String(Math.floor(Date.now() / 1000));
  const nonce = randomToken().slice(0, 16);
  const others = [];
  for (const entry of entriesOf(c)) if (!(await entryFor(c.env.JWT_SECRET, destination, entry))) others.push(entry);
  const entries = [`${issuedAt}.${nonce}.${await sign(c.env.JWT_SECRET, destination, issuedAt, nonce)}`, ...others].slice(0, MAX_ADDRESSES);
  // Strict and under /api/ like the refresh cookie: only our own sign-in calls ever carry it
  setCookie(c, DEVICE_COOKIE, entries.join('~'), {
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    sameSite: 'Strict',
    path: '/api/',
    maxAge: DEVICE_TTL_SECONDS,
  });
}
