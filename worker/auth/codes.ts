// One-time codes: drawn from the CSPRNG, stored only as an HMAC keyed with the server secret (so a leaked
// table can't be brute-forced offline: 10 000 candidates are nothing without the key).

import { hmacKey } from '../lib/hmac-key.ts';
import { toHex } from '../lib/tokens.ts';

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

/** A uniformly random 4-digit code (rejection sampling: no modulo bias). */
export function generateCode(): string {
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    // 4294960000 is the largest multiple of 10 000 below 2^32
    if (buf[0] < 4_294_960_000) return String(buf[0] % 10_000).padStart(4, '0');
  }
}

/** The stored form of a code: bound to its purpose and destination, so it is useless anywhere else. */
export async function hashCode(secret: string, purpose: string, destination: string, code: string) {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`${purpose}:${destination}:${code}`)));
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
