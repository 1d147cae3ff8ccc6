// The HMAC-SHA256 key of a secret, imported once per isolate: for jose's HS256 tokens (given the raw secret, jose
// imported it on every sign and verify, a visible share of a signed-in request's CPU), sign-in codes' digests and the
// sandbox's card tokens and notification keys. A CryptoKey is not an I/O object, so requests may share it; only the
// key itself is kept, never a pending import (workerd ties a promise to its request).

const keys = new Map<string, CryptoKey>();

export async function hmacKey(secret: string): Promise<CryptoKey> {
  const known = keys.get(secret);
  if (known) return known;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  keys.set(secret, key);
  return key;
}
