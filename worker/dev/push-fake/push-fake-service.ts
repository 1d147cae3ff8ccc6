// The local fake of a browser vendor's push service (decision 027; development and test only): it takes a push as
// RFC 8030 and RFC 8292 have a push service take it, and refuses what a real one refuses, so that our sender's checks
// and error paths run. A push to /dev/push/send/<token> must carry TTL, Content-Encoding aes128gcm, at most 4096 bytes,
// a valid Urgency, and «Authorization: vapid t=<JWT>, k=<key>» whose key is the one the subscription was made with
// (403 otherwise, as FCM answers) and whose ES256 JWT verifies, names this origin as its audience, expires within
// 24 hours and gives a mailto: or https: contact (401 otherwise). An unknown endpoint answers 404, an expired one 410,
// a throttled one 429 with Retry-After, one whose service is down 503. What it accepts is kept (encrypted, as a push service keeps it) for the
// browser side, which the browser tests play (tests/e2e/web-push.test.ts).
import { base64url, importJWK, jwtVerify } from 'jose';
import { createDb } from '../../../drizzle/db.ts';
import type { Bindings } from '../../env.ts';
import { isDevEnvironment } from '../../lib/environment.ts';
import { fakeEndpoint, insertFakePush, takeFakeThrottle } from './push-fake.queries.ts';

const MAX_BODY = 4096;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];

const refuse = (status: number, reason: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code: status, errno: status, error: reason }), { status, headers: { 'content-type': 'application/json', ...headers } });

async function vapidRefusal(authorization: string, expectedKey: string, audience: string): Promise<Response | null> {
  const match = /^vapid\s+(.+)$/i.exec(authorization.trim());
  if (!match) return refuse(401, 'Authorization must be «vapid t=…, k=…»');
  const params = Object.fromEntries(match[1].split(',').map((p) => p.trim().split('=') as [string, string]).map(([k, ...v]) => [k.toLowerCase(), v.join('=')]));
  if (!params.t || !params.k) return refuse(401, 'vapid t and k are required');
  if (params.k !== expectedKey) return refuse(403, 'the VAPID key differs from the one the subscription was made with');
  try {
    const point = base64url.decode(params.k);
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: base64url.encode(point.slice(1, 33)), y: base64url.encode(point.slice(33)) }, 'ES256');
    const { payload } = await jwtVerify(params.t, key, { audience, algorithms: ['ES256'] });
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) return refuse(401, 'exp must be within 24 hours');
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return refuse(401, 'sub must be a mailto: or https: contact');
  } catch (e) {
    return refuse(401, `VAPID JWT refused: ${String(e)}`);
  }
  return null;
}

export async function fakePushService(env: Bindings, request: Request): Promise<Response> {
  if (!isDevEnvironment(env)) return refuse(404, 'Not Found');
  const url = new URL(request.url);
  const token = /^\/dev\/push\/send\/([A-Za-z0-9_-]{16,64})$/.exec(url.pathname)?.[1];
  if (!token || request.method !== 'POST') return refuse(404, 'Not Found');
  const { db } = createDb(env);
  const endpoint = await fakeEndpoint(db, token);
  if (!endpoint) return refuse(404, 'no such subscription');
  if (endpoint.gone) return refuse(410, 'the subscription has expired or was unsubscribed');
  if (endpoint.unavailable) return refuse(503, 'the push service is unavailable');
  const denied = await vapidRefusal(request.headers.get('authorization') ?? '', endpoint.applicationServerKey, url.origin);
  if (denied) return denied;
  const ttl = request.headers.get('ttl');
  if (ttl == null || !/^\d+$/.test(ttl)) return refuse(400, 'TTL header is required');
  if (request.headers.get('content-encoding') !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
  const urgency = request.headers.get('urgency');
  if (urgency != null && !URGENCIES.includes(urgency)) return refuse(400, 'Urgency must be very-low, low, normal or high');
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length > MAX_BODY) return refuse(413, 'payload over 4096 bytes');
  if (body.length < 16 + 4 + 1 + 65 + 17) return refuse(400, 'not an aes128gcm body');
  const retryAfter = await takeFakeThrottle(db, token);
  if (retryAfter != null) return refuse(429, 'too many messages', { 'retry-after': String(retryAfter) });
  const id = await insertFakePush(db, { token, body: base64url.encode(body), headers: { ttl, urgency: urgency ?? 'normal', 'content-encoding': 'aes128gcm' } });
  return new Response(null, { status: 201, headers: { location: `/dev/push/messages/${id}` } });
}
