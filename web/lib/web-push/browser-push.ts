// This browser's side of push (decision 027): the service worker that shows what arrives (public/push-sw.js), the
// permission, and the subscription with the browser's push service, made with our VAPID public key.
import type { PushSubscriptionBody } from '../../../worker/web-push/web-push.schemas.ts';
import { webPushApi } from './web-push.api.ts';

export const PUSH_WORKER_URL = '/push-sw.js';

export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupported() {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The browser refused the permission (now or before): only its own settings can allow it again. */
export class PushPermissionRefused extends Error {}

const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function sameKey(key: ArrayBuffer | null | undefined, publicKey: string) {
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = fromBase64url(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** This browser's subscription, if it has one (without asking anything or registering the worker). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for the permission (it must run in the click's own turn: browsers allow the question only after a gesture),
 * registers the worker and subscribes with `publicKey`; a subscription made with another key (the server's key
 * changed) is replaced. Answers the subscription as the server takes it.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) });
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Ends this browser's subscription; answers its endpoint (for the server to forget), or null if there was none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await browserSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** On signing out: this browser stops getting the person's notifications (a shared computer). Never throws. */
export async function forgetBrowserPush() {
  try {
    const subscription = await browserSubscription();
    if (!subscription) return;
    await Promise.race([webPushApi.unsubscribe(subscription.endpoint).catch(() => null), new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await subscription.unsubscribe();
  } catch {
    // the sign-out goes on; the next person to subscribe here takes the endpoint over anyway
  }
}
