// Browser push (decision 027) in chromium against the local stack. What chromium cannot do here is only its own
// vendor's part: subscribing asks Google's push service, which is out of reach, and a message from it would arrive the
// same way. So this test plays the browser's push client: PushManager's subscribe registers with the local fake push
// service and keeps the subscription's keys; what the Worker pushes there (encrypted, VAPID-signed) is decrypted here
// with those keys (tests/fakes/push-client.ts) and handed to the real service worker through DevTools
// (ServiceWorker.deliverPushMessage), as the browser would after decrypting it. Everything else is the product's own:
// the prompt after a booking, the settings' switch, the service worker showing the notification and opening its page.
import { base64url } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { decryptPush, importBrowserKey } from '../fakes/push-client.ts';
import { signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();
/** FORMA_SHOTS=<dir>: screenshots of the prompt and of the settings' push line, to look at */
const shots = process.env.FORMA_SHOTS;

const SAVED = 'e2e.push-subscription';
type Saved = { endpoint: string; token: string; p256dh: string; auth: string; privateJwk: JsonWebKey };

/** PushManager as a browser whose push service is the local fake: the subscription and its keys live in localStorage. */
function playPushClient(context: BrowserContext) {
  return context.addInitScript((key) => {
    const b64u = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const fromB64u = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    type Kept = { endpoint: string; token: string; appKey: string; p256dh: string; auth: string; privateJwk: JsonWebKey };
    const subscription = (kept: Kept) => ({
      endpoint: kept.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromB64u(kept.appKey).buffer },
      toJSON: () => ({ endpoint: kept.endpoint, expirationTime: null, keys: { p256dh: kept.p256dh, auth: kept.auth } }),
      unsubscribe: async () => (localStorage.removeItem(key), true),
    });
    PushManager.prototype.getSubscription = async function () {
      const kept = localStorage.getItem(key);
      return (kept ? subscription(JSON.parse(kept) as Kept) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const appKey = b64u(options!.applicationServerKey as Uint8Array);
      const registered = (await (await fetch('/dev/push/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ application_server_key: appKey }) })).json()) as { endpoint: string; token: string };
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
      const kept: Kept = {
        ...registered,
        appKey,
        p256dh: b64u(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: b64u(crypto.getRandomValues(new Uint8Array(16))),
        privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
      };
      localStorage.setItem(key, JSON.stringify(kept));
      return subscription(kept) as unknown as PushSubscription;
    };
  }, SAVED);
}

/** The push service worker's registration id, as DevTools knows it. */
async function pushWorkerRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${appUrl}/` && !r.isDeleted)?.registrationId, { timeout: 10_000 }).toBeTruthy();
  return { cdp, registrationId: registrations.find((r) => r.scopeURL === `${appUrl}/` && !r.isDeleted)!.registrationId };
}

describe('browser push', () => {
  it('the prompt comes after a booking, and «Не сейчас» keeps it away', { timeout: 90_000 }, async () => {
    const page = await openPage(390, 844);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // the demo mentee has bookings; the permission has not been asked in this fresh browser
    await signInWithSession(page, db, 'mentee@forma.test');
    await page.goto(`${appUrl}/CalendarPage`);
    const prompt = page.getByRole('region', { name: 'Узнавайте о встрече вовремя' });
    await prompt.waitFor({ timeout: 20_000 });
    if (shots) await page.screenshot({ path: `${shots}/push-prompt-390.png` });
    await prompt.getByRole('button', { name: 'Не сейчас' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    await page.getByRole('tab').first().waitFor();
    expect(await prompt.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('turned on in the settings; a chat message arrives as a notification that opens the chat, once; turned off again', { timeout: 150_000 }, async () => {
    const stamp = Date.now();
    const email = `e2e.push.${stamp}@test.forma`;
    const { rows } = await db.query<{ id: number }>(`insert into users (email, first_name, last_name) values ($1, 'Вера', 'Соколова') returning id`, [email]);
    const personId = rows[0]!.id;

    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.context().grantPermissions(['notifications'], { origin: appUrl });
    await playPushClient(page.context());
    await signInWithSession(page, db, email);
    await page.goto(`${appUrl}/ProfileSettings?tab=profile`);
    const card = page.locator('#notifications');
    await card.getByText('Выключены в этом браузере.').waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Включить в этом браузере' }).click();
    await page.getByText('Уведомления в браузере включены').first().waitFor();
    await card.getByText('Включены в этом браузере.').waitFor();
    await card.getByRole('switch', { name: 'Новые сообщения в чатах: Push' }).waitFor();
    if (shots) await card.screenshot({ path: `${shots}/push-settings-1280.png` });

    const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SAVED))!) as Saved;
    const { rows: stored } = await db.query(`select endpoint from push_subscriptions where user_id = $1`, [personId]);
    expect(stored).toEqual([{ endpoint: saved.endpoint }]);
    const { cdp, registrationId } = await pushWorkerRegistration(page);

    // the demo mentor writes; the person is not in the chat, so the Worker pushes the notice to the browser
    const mentor = await openPage(390, 844);
    await signInWithSession(mentor, db, 'mentor@forma.test');
    const headers = { origin: appUrl, 'content-type': 'application/json' };
    const opened = await mentor.request.post(`${appUrl}/api/chats/with-user/`, { headers, data: { mentor_profile_id: personId } });
    expect(opened.status()).toBe(200);
    const { roomId } = (await opened.json()) as { roomId: string };
    expect((await mentor.request.post(`${appUrl}/api/chats/${roomId}/messages/`, { headers, data: { content: `Здравствуйте! ${stamp}` } })).status()).toBe(201);

    const pushed = async () => (await (await page.request.get(`${appUrl}/dev/push/subscriptions/${saved.token}/messages`)).json()) as { body: string; headers: Record<string, string> }[];
    await expect.poll(async () => (await pushed()).length, { timeout: 20_000, interval: 500 }).toBe(1);
    const [message] = await pushed();
    expect(message.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'normal' });
    const data = await decryptPush(base64url.decode(message.body), { p256dh: saved.p256dh, auth: saved.auth, privateKey: await importBrowserKey(saved.privateJwk) });
    const notice = JSON.parse(data) as { title: string; body: string; url: string; tag: string };
    expect(notice).toMatchObject({ title: 'Новое сообщение', url: `/ChatsPage?roomId=${roomId}` });
    expect(notice.body).toContain('новое сообщение в чате.');

    // the browser hands the decrypted message to the service worker, which shows it; the same message again
    // (a repeat that reached the browser) replaces it instead of showing twice
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: appUrl, registrationId, data });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: appUrl, registrationId, data });
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })));
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
    expect((await shown())[0]).toEqual({ title: notice.title, body: notice.body, tag: notice.tag, url: notice.url });

    // a click on it brings the open tab of Форма to the chat
    const [worker] = page.context().serviceWorkers();
    expect(worker).toBeTruthy();
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(`${appUrl}/ChatsPage?roomId=${roomId}`, { timeout: 15_000 });

    // turned off: this browser's subscription is gone here and on the server
    await page.goto(`${appUrl}/ProfileSettings?tab=profile`);
    await card.getByRole('button', { name: 'Выключить' }).click();
    await card.getByText('Выключены в этом браузере.').waitFor();
    expect((await db.query(`select 1 from push_subscriptions where user_id = $1`, [personId])).rows).toEqual([]);

    expect(errors).toEqual([]);
    await Promise.all([page.context().close(), mentor.context().close()]);
  });
});
