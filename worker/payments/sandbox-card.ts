// The sandbox payment provider's card handling: it plays the part of the provider's widget backend, so
// the card number is checked and thrown away here and only a signed token leaves (never stored or logged).
import { z } from 'zod';
import { hmacKey } from '../lib/hmac-key.ts';

export type CardType = 'Visa' | 'Mastercard' | 'Мир' | 'Card';
export type SandboxCard = { last4: string; type: CardType; iat: number };

const TOKEN_PREFIX = 'sbx_';
// JWT_SECRET also signs session tokens; a fixed context keeps the two kinds of signature apart.
const SIGNING_CONTEXT = 'forma-sandbox-payout-card:';

export function luhnValid(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The payment system by the number's first digits (Мир's 2200-2204 is checked before Mastercard's 2221-2720). */
export function cardTypeOf(digits: string): CardType {
  const first4 = Number(digits.slice(0, 4));
  const first2 = Number(digits.slice(0, 2));
  if (first4 >= 2200 && first4 <= 2204) return 'Мир';
  if (digits.startsWith('4')) return 'Visa';
  if ((first2 >= 51 && first2 <= 55) || (first4 >= 2221 && first4 <= 2720)) return 'Mastercard';
  return 'Card';
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `sbx_` + base64url(JSON{last4,type,iat}) + '.' + base64url(HMAC-SHA256) */
export async function signSandboxCardToken(secret: string, card: Omit<SandboxCard, 'iat'>, now = Date.now()) {
  const payload = base64url(encoder.encode(JSON.stringify({ last4: card.last4, type: card.type, iat: Math.floor(now / 1000) })));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(SIGNING_CONTEXT + payload));
  return `${TOKEN_PREFIX}${payload}.${base64url(new Uint8Array(signature))}`;
}

const signedCard = z.object({ last4: z.string().regex(/^\d{4}$/), type: z.string().min(1).max(32), iat: z.number().int() });

/** The card a genuine sandbox token names, or null for anything forged, altered or malformed. */
export async function readSandboxCardToken(secret: string, token: string): Promise<SandboxCard | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [payload, signature, ...rest] = token.slice(TOKEN_PREFIX.length).split('.');
  const signatureBytes = signature ? fromBase64url(signature) : null;
  if (!payload || !signatureBytes || rest.length) return null;
  // crypto.subtle.verify compares in constant time
  const genuine = await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(SIGNING_CONTEXT + payload));
  if (!genuine) return null;
  const bytes = fromBase64url(payload);
  try {
    const parsed = signedCard.safeParse(bytes && JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? (parsed.data as SandboxCard) : null;
  } catch {
    return null;
  }
}
