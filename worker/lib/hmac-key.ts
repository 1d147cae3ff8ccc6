// The HS256 key of a secret for jose, imported once per isolate. Given the raw secret, jose imports it on every sign
// and verify, which was a visible share of a signed-in request's CPU. A CryptoKey is not an I/O object, so requests
// may share it; only the key itself is kept, never a pending import (workerd ties a promise to its request).

const keys = new Map<string, CryptoKey>();

export async function hmacKey(secret: string): Promise<CryptoKey> {
  const known = keys.get(secret);
  if (known) return known;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  keys.set(secret, key);
  return key;
}
