// One push message to one browser's push service, as RFC 8030 says: POST to the subscription's endpoint with the
// encrypted payload (RFC 8291), its TTL and urgency, signed with VAPID (RFC 8292). The answer says what to do with the
// subscription: 201 sent; 404/410 the subscription is gone (the browser unsubscribed or it expired: drop it); 429 try
// again after Retry-After; 5xx or no answer try again later; any other refusal (a bad signature, too large) will not
// pass by repeating it.
import { fakePushService } from '../dev/push-fake/push-fake-service.ts';
import type { Bindings } from '../env.ts';
import { encryptPayload, type BrowserKeys } from './encrypt.ts';
import { fakeEndpointToken, type WebPushConfig } from './push-config.ts';
import { vapidAuthorization } from './vapid.ts';

export type PushTarget = BrowserKeys & { endpoint: string };
export type PushOptions = { ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high' };
export type PushOutcome =
  | { result: 'sent' }
  | { result: 'gone'; status: number }
  | { result: 'retry'; status: number; retryAfterSeconds: number | null; error: string }
  | { result: 'refused'; status: number; error: string };

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3) */
function retryAfterSeconds(value: string | null, now = Date.now()) {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export async function sendPush(env: Bindings, config: WebPushConfig, target: PushTarget, payload: unknown, options: PushOptions): Promise<PushOutcome> {
  const body = await encryptPayload(new TextEncoder().encode(JSON.stringify(payload)), target);
  const request = new Request(target.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'content-encoding': 'aes128gcm',
      ttl: String(options.ttlSeconds),
      urgency: options.urgency,
      authorization: await vapidAuthorization(config, target.endpoint),
    },
    body,
  });
  let response: Response;
  try {
    response = fakeEndpointToken(env, target.endpoint) ? await fakePushService(env, request) : await fetch(request);
  } catch (e) {
    return { result: 'retry', status: 0, retryAfterSeconds: null, error: String(e) };
  }
  const status = response.status;
  if (response.ok) return { result: 'sent' };
  const error = `${status} ${(await response.text().catch(() => '')).slice(0, 300)}`.trim();
  if (status === 404 || status === 410) return { result: 'gone', status };
  if (status === 429) return { result: 'retry', status, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')), error };
  if (status >= 500) return { result: 'retry', status, retryAfterSeconds: null, error };
  return { result: 'refused', status, error };
}
