// The payload of a push message, encrypted for one browser as RFC 8291 says (content coding aes128gcm, RFC 8188), on
// the runtime's Web Crypto. Why not a library: those that run on Workers encode the older draft «aesgcm», or write the
// record size in the wrong byte order (decision 027). Checked byte for byte against RFC 8291's Appendix A.
import { base64url } from 'jose';

/** RFC 8188's record size, written in the header; one record holds the whole payload (push services take 4096 bytes). */
const RECORD_SIZE = 4096;
/** header (salt 16, rs 4, idlen 1, key 65) and the GCM tag (16) and the delimiter (1) */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - 16 - 1 - (16 + 4 + 1 + 65);

const encoder = new TextEncoder();

type Bytes = Uint8Array<ArrayBuffer>;

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

export type BrowserKeys = { p256dh: string; auth: string };

/** What the sender's side of one message uses; tests pass RFC 8291's own to reproduce its example. */
export type EncryptionInputs = { salt?: Bytes; senderKeys?: CryptoKeyPair };

/** The request body for `keys`' browser: header (salt, record size, the sender's public key) and one encrypted record. */
export async function encryptPayload(plaintext: Uint8Array, keys: BrowserKeys, inputs: EncryptionInputs = {}): Promise<Bytes> {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(`push payload of ${plaintext.length} bytes is over ${MAX_PLAINTEXT_BYTES}`);
  const uaPublic = new Uint8Array(base64url.decode(keys.p256dh));
  const authSecret = new Uint8Array(base64url.decode(keys.auth));
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  if (authSecret.length !== 16) throw new Error('auth is not 16 bytes');
  const salt: Bytes = inputs.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const sender = inputs.senderKeys ?? ((await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', sender.publicKey)) as ArrayBuffer);
  const browserKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: browserKey }, sender.privateKey, 256));

  // RFC 8291 §3.3–3.4: the input keying material binds the auth secret and both public keys
  const ikm = await hkdf(authSecret, ecdhSecret, concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);

  // one record, so it is the last: the delimiter 0x02, no padding
  const record = concat(plaintext, new Uint8Array([2]));
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, record));

  const header = new Uint8Array(16 + 4 + 1 + asPublic.length);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE); // network byte order (RFC 8188 §2.1)
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concat(header, ciphertext);
}
