// The browser's side of Web Push for the tests (decision 027): the keys a browser subscribes with and the decryption
// of a push message (RFC 8291 / RFC 8188), written apart from the Worker's encrypt.ts (HKDF by hand on HMAC, the
// header parsed as the RFC lays it out), so a test that decrypts what the Worker sent checks it against the RFC, not
// against itself. Web Crypto only: it runs in workerd (worker tests) and in Node (browser tests).
import { base64url } from 'jose';

type Bytes = Uint8Array<ArrayBuffer>;
const enc = new TextEncoder();

const join = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

async function hmac(key: Bytes, data: Bytes): Promise<Bytes> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
}

/** HKDF (RFC 5869) for outputs of at most one block, as Web Push needs: extract, then T(1) cut to `length`. */
async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, length: number) {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, join(info, new Uint8Array([1])))).slice(0, length);
}

export type BrowserPushKeys = { p256dh: string; auth: string; privateKey: CryptoKey };

/** A browser's subscription keys: a P-256 pair and a 16-byte auth secret. */
export async function browserPushKeys(): Promise<BrowserPushKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { p256dh: base64url.encode(raw), auth: base64url.encode(crypto.getRandomValues(new Uint8Array(16))), privateKey: pair.privateKey };
}

/** The browser's private key from its JWK (a browser test keeps the page's key as JWK). */
export const importBrowserKey = (jwk: JsonWebKey) => crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);

/** Decrypts an aes128gcm push body with the browser's keys; throws if it does not authenticate. */
export async function decryptPush(body: Uint8Array, keys: { p256dh: string; auth: string; privateKey: CryptoKey }): Promise<string> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0, false);
  const keyLength = body[20];
  const senderPublic = body.slice(21, 21 + keyLength);
  const ciphertext = body.slice(21 + keyLength);
  if (recordSize < 18 || ciphertext.length > recordSize) throw new Error(`record size ${recordSize} does not hold the ${ciphertext.length}-byte record`);
  const uaPublic = new Uint8Array(base64url.decode(keys.p256dh));
  const sender = await crypto.subtle.importKey('raw', senderPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, keys.privateKey, 256));
  const ikm = await hkdf(new Uint8Array(base64url.decode(keys.auth)), shared, join(enc.encode('WebPush: info'), new Uint8Array([0]), uaPublic, senderPublic), 32);
  const cek = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  // the last record ends with the delimiter 0x02 followed by zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record of the message');
  return new TextDecoder().decode(padded.slice(0, end));
}
