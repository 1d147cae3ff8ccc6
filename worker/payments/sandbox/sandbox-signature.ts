// The sandbox provider signs its notifications like a real provider would: HMAC-SHA256 of the raw body,
// hex, in X-Sandbox-Signature. The key is derived from JWT_SECRET under a fixed context string, so a
// notification signature can never stand in for a session token or a card token (same secret, other key).
import { hmacKey } from '../../lib/hmac-key.ts';
import { toHex } from '../../lib/tokens.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const KEY_CONTEXT = 'forma-sandbox-webhook-signing-key:v1';
const encoder = new TextEncoder();

async function notificationKey(secret: string) {
  const derived = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(KEY_CONTEXT));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export async function signSandboxNotification(secret: string, rawBody: string) {
  return toHex(await crypto.subtle.sign('HMAC', await notificationKey(secret), encoder.encode(rawBody)));
}

/** Whether the signature is the body's; crypto.subtle.verify compares in constant time. */
export async function verifySandboxNotification(secret: string, rawBody: string, signature: string | undefined) {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const bytes = Uint8Array.from(signature.match(/../g)!, (h) => parseInt(h, 16));
  return crypto.subtle.verify('HMAC', await notificationKey(secret), bytes, encoder.encode(rawBody));
}
