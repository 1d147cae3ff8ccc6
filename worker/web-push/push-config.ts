// Whether this deployment offers browser push, with which VAPID key pair (RFC 8292), and which push services a
// subscription may name (decision 027). Our server posts to the endpoint a browser gives it, so only push services'
// own hosts are taken: the known vendors' (Chrome and Chromium browsers, Firefox, Safari, Edge) and those that
// PUSH_SERVICE_HOSTS adds. In development and test the local fake push service on our own origin is taken too
// (/dev/push/send/<token>), and reached in-process, never over the network.
import type { Bindings } from '../env.ts';
import { isDevEnvironment } from '../lib/environment.ts';

export type WebPushConfig = { publicKey: string; privateKey: string; subject: string };

export function webPushConfig(env: Bindings): WebPushConfig | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  if (!publicKey || !privateKey || !subject) return null;
  return { publicKey, privateKey, subject };
}

/** host suffixes of the vendors' push services (a leading dot: any subdomain) */
const KNOWN_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '.push.apple.com', '.notify.windows.com'];

const FAKE_PATH = /^\/dev\/push\/send\/([A-Za-z0-9_-]{16,64})$/;

/** The fake push service's token when `endpoint` is one of its endpoints and this is development or test. */
export function fakeEndpointToken(env: Bindings, endpoint: string): string | null {
  if (!isDevEnvironment(env)) return null;
  try {
    return FAKE_PATH.exec(new URL(endpoint).pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Whether we may post to `endpoint`: https on a push service's host, or the local fake. */
export function isAllowedEndpoint(env: Bindings, endpoint: string): boolean {
  if (fakeEndpointToken(env, endpoint)) return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port || url.username || url.password) return false;
  const extra = (env.PUSH_SERVICE_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const host = url.hostname.toLowerCase();
  return [...KNOWN_PUSH_HOSTS, ...extra].some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
}
