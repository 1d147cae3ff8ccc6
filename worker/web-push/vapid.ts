// VAPID (RFC 8292): every push is signed with our key pair, so that a push service knows it comes from the server a
// subscription was made for. The JWT names the endpoint's origin (aud), lasts 12 hours (at most 24 are allowed) and
// gives our contact (sub); the Authorization header carries it with our public key.
import { base64url, importJWK, SignJWT, type CryptoKey as JoseKey } from 'jose';
import type { WebPushConfig } from './push-config.ts';

const LIFETIME_SECONDS = 12 * 60 * 60;

let cached: { privateKey: string; key: Promise<JoseKey | Uint8Array> } | undefined;

/** The ES256 signing key from the base64url public point and private scalar, imported once per isolate. */
function signingKey(config: WebPushConfig) {
  if (cached?.privateKey !== config.privateKey) {
    const point = base64url.decode(config.publicKey);
    if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID_PUBLIC_KEY is not an uncompressed P-256 point');
    const jwk = { kty: 'EC', crv: 'P-256', x: base64url.encode(point.slice(1, 33)), y: base64url.encode(point.slice(33)), d: config.privateKey };
    cached = { privateKey: config.privateKey, key: importJWK(jwk, 'ES256') };
  }
  return cached.key;
}

export async function vapidAuthorization(config: WebPushConfig, endpoint: string, now = Date.now()) {
  const jwt = await new SignJWT({})
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(Math.floor(now / 1000) + LIFETIME_SECONDS)
    .setSubject(config.subject)
    .sign(await signingKey(config));
  return `vapid t=${jwt}, k=${config.publicKey}`;
}
