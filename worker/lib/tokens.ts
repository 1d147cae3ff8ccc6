// Opaque random tokens and their stored form: the database keeps only a SHA-256, so a leaked table opens nothing
// (refresh sessions, calendar feed addresses).

export function toHex(bytes: ArrayBuffer) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** 32 bytes from the CSPRNG, base64url (43 characters): safe in a cookie and in a URL path. */
export function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function sha256Hex(value: string) {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
}
