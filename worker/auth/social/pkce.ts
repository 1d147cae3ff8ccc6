// What every OAuth adapter shares (decision 025): random state, nonce and PKCE verifier, the S256 challenge, and
// base64url. The verifier is 43 characters of base64url, inside RFC 7636's 43..128 of [A-Za-z0-9-._~].
import { randomToken } from '../../lib/tokens.ts';

export const newState = randomToken;
export const newNonce = randomToken;
export const newCodeVerifier = randomToken;

export function base64url(bytes: ArrayBuffer | Uint8Array) {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export async function s256(verifier: string) {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

/** Constant-time equality of two strings (hashes, signatures, verifiers). */
export function sameText(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
