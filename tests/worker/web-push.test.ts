// Browser push (decision 027), against the local fake push service: the payload encryption byte for byte against
// RFC 8291's example, the subscription API and its refusals, each topic's delivery and its switch, once-only delivery
// under repeated and concurrent runs, a retry that reaches only the browsers not yet reached, Retry-After, an expired
// subscription dropped, the fake's VAPID checks, and the e-mail fallback once nothing got through.
import { eq, sql } from 'drizzle-orm';
import { base64url, importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { devPushMessages, pushSubscriptions } from '../../drizzle/schema/web-push.ts';
import { MAX_ATTEMPTS, sendDueDeliveries } from '../../worker/notifications/deliveries.ts';
import { notifyNow } from '../../worker/notifications/notify.ts';
import { encryptPayload } from '../../worker/web-push/encrypt.ts';
import { vapidAuthorization } from '../../worker/web-push/vapid.ts';
import { createUser } from '../factories.ts';
import { browserPushKeys, decryptPush, type BrowserPushKeys } from '../fakes/push-client.ts';
import { readDeliveries, runEverySenderAtOnce } from './delivery-helpers.ts';
import { bindings, call, useTestDb } from './helpers.ts';
import { asUser, countMail, expectJson, send } from './json-api.ts';

const t = useTestDb();
const VAPID = { publicKey: bindings.VAPID_PUBLIC_KEY!, privateKey: bindings.VAPID_PRIVATE_KEY!, subject: bindings.VAPID_SUBJECT! };

// RFC 8291, Appendix A
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const ecdhJwk = (publicKey: string, d?: string) => {
  const point = base64url.decode(publicKey);
  return { kty: 'EC', crv: 'P-256', x: base64url.encode(point.slice(1, 33)), y: base64url.encode(point.slice(33)), ...(d ? { d } : {}) };
};

let seq = 0;
const notice = (userId: number, kind = 'booking_paid', message = `Новая запись: Мария, «Разбор резюме» (${kind})`) => ({
  userId,
  kind,
  message,
  url: '/CalendarPage?tab=leading',
  dedupeKey: `push-test:${kind}:${Date.now()}:${++seq}:${Math.random()}`,
});

type Browser = BrowserPushKeys & { token: string; endpoint: string };

/** A browser's push client registering with the fake push service, then subscribing for `user` through our API. */
async function subscribedBrowser(user: ReturnType<typeof asUser>, applicationServerKey = VAPID.publicKey): Promise<Browser> {
  const { token, endpoint } = await expectJson(send('POST', '/dev/push/subscriptions', { body: { application_server_key: applicationServerKey } }), 201);
  const keys = await browserPushKeys();
  const res = await send('POST', '/api/web-push/subscriptions/', { user, body: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
  expect(res.status, await res.clone().text()).toBe(204);
  return { ...keys, token, endpoint };
}

const pushesTo = (b: Browser) => t.db.select().from(devPushMessages).where(eq(devPushMessages.token, b.token)).orderBy(devPushMessages.id);
const setFake = (b: Browser, state: Record<string, unknown>) => send('POST', `/dev/push/subscriptions/${b.token}/state`, { body: state });

const deliveriesOf = (userId: number) => readDeliveries(t.db, userId);

const makeDue = (userId: number) =>
  t.db.execute(sql`update notification_deliveries d set next_attempt_at = now() - interval '1 second'
    from notifications n where n.id = d.notification_id and n.user_id = ${userId} and d.status in ('pending', 'sending')`);

describe('encryption (RFC 8291)', () => {
  it("reproduces Appendix A's message from its keys and salt, and the test browser decrypts it", async () => {
    const senderKeys = {
      privateKey: await crypto.subtle.importKey('jwk', ecdhJwk(RFC.asPublic, RFC.asPrivate), { name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']),
      publicKey: await crypto.subtle.importKey('jwk', ecdhJwk(RFC.asPublic), { name: 'ECDH', namedCurve: 'P-256' }, true, []),
    };
    const body = await encryptPayload(new TextEncoder().encode(RFC.plaintext), { p256dh: RFC.uaPublic, auth: RFC.auth }, { salt: new Uint8Array(base64url.decode(RFC.salt)), senderKeys });
    expect(base64url.encode(body)).toBe(RFC.body);
    const privateKey = await crypto.subtle.importKey('jwk', ecdhJwk(RFC.uaPublic, RFC.uaPrivate), { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    expect(await decryptPush(base64url.decode(RFC.body), { p256dh: RFC.uaPublic, auth: RFC.auth, privateKey })).toBe(RFC.plaintext);
  });

  it('a fresh message for a browser decrypts with its keys only', async () => {
    const [browser, other] = [await browserPushKeys(), await browserPushKeys()];
    const body = await encryptPayload(new TextEncoder().encode('Привет'), browser);
    expect(await decryptPush(body, browser)).toBe('Привет');
    await expect(decryptPush(body, { ...other, p256dh: browser.p256dh, auth: browser.auth })).rejects.toThrow();
  });
});

describe('subscriptions', () => {
  it('offers the VAPID key, keeps a subscription, and the settings see the browser', async () => {
    const user = asUser(await createUser(t.db));
    expect(await expectJson(send('GET', '/api/web-push/', { user }), 200)).toEqual({ available: true, public_key: VAPID.publicKey, subscriptions: 0, subscribed: false });
    const browser = await subscribedBrowser(user);
    expect(await expectJson(send('GET', `/api/web-push/?endpoint=${encodeURIComponent(browser.endpoint)}`, { user }), 200)).toMatchObject({ subscriptions: 1, subscribed: true });
    const settings = await expectJson(send('GET', '/api/notification-settings/', { user }), 200);
    expect(settings.channels.push).toMatchObject({ available: true, linked: true });
  });

  it('refuses an endpoint that is no push service, and keys that are not keys, in Russian', async () => {
    const user = asUser(await createUser(t.db));
    const keys = await browserPushKeys();
    const evil = await expectJson(send('POST', '/api/web-push/subscriptions/', { user, body: { endpoint: 'https://169.254.169.254/latest', keys: { p256dh: keys.p256dh, auth: keys.auth } } }), 422);
    expect(evil).toMatchObject({ code: 'push_endpoint_refused', detail: 'Этот браузер предлагает неизвестную службу уведомлений' });
    const plainHttp = await expectJson(send('POST', '/api/web-push/subscriptions/', { user, body: { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.p256dh, auth: keys.auth } } }), 422);
    expect(plainHttp.code).toBe('push_endpoint_refused');
    const broken = await expectJson(send('POST', '/api/web-push/subscriptions/', { user, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'abc', auth: keys.auth } } }), 400);
    expect(JSON.stringify(broken)).toContain('Ключ подписки на уведомления повреждён');
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect((await send('POST', '/api/web-push/subscriptions/', { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys } })).status).toBe(401);
  });

  it("one browser belongs to one account: subscribing as another moves it, and no one unsubscribes another's", async () => {
    const [a, b] = [asUser(await createUser(t.db)), asUser(await createUser(t.db))];
    const browser = await subscribedBrowser(a);
    expect((await send('POST', '/api/web-push/subscriptions/', { user: b, body: { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } } })).status).toBe(204);
    expect(await t.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint))).toEqual([{ userId: b.id }]);
    expect((await send('POST', '/api/web-push/unsubscribe/', { user: a, body: { endpoint: browser.endpoint } })).status).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint))).toHaveLength(1);
    expect((await send('POST', '/api/web-push/unsubscribe/', { user: b, body: { endpoint: browser.endpoint } })).status).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint))).toEqual([]);
  });
});

describe('delivery', () => {
  it.each([
    ['booking_paid', 'bookings', 'Форма', 'normal', '86400'],
    ['chat_message', 'chat', 'Новое сообщение', 'normal', '86400'],
    ['reminder', 'reminders', 'Напоминание о встрече', 'high', '3600'],
    ['room_open', 'room_open', 'Комната открыта', 'high', '3600'],
    ['waitlist_offer', 'waitlist', 'Освободилось место', 'normal', '86400'],
    ['review_request', 'reviews', 'Как прошла встреча?', 'normal', '86400'],
  ])('%s reaches the browser encrypted for it, and not once the topic %s is off for push', async (kind, topic, title, urgency, ttl) => {
    const user = asUser(await createUser(t.db));
    const browser = await subscribedBrowser(user);
    await notifyNow(bindings, t.db, [notice(user.id, kind)]);
    const [pushed] = await pushesTo(browser);
    expect(pushed.headers).toMatchObject({ urgency, ttl, 'content-encoding': 'aes128gcm' });
    const payload = JSON.parse(await decryptPush(base64url.decode(pushed.body), browser));
    expect(payload).toMatchObject({ title, body: `Новая запись: Мария, «Разбор резюме» (${kind})`, url: '/CalendarPage?tab=leading' });
    expect(payload.tag).toMatch(/^forma-\d+$/);
    expect(await deliveriesOf(user.id)).toMatchObject([{ channel: 'push', status: 'sent', attempts: 1 }]);

    await expectJson(send('PUT', '/api/notification-settings/', { user, body: { push: { [topic]: false } } }), 200);
    await notifyNow(bindings, t.db, [notice(user.id, kind)]);
    expect(await pushesTo(browser)).toHaveLength(1);
    expect(await deliveriesOf(user.id)).toHaveLength(1);
  });

  it('a kind of no topic, and a person with no browser subscribed, get no push', async () => {
    const user = asUser(await createUser(t.db));
    const browser = await subscribedBrowser(user);
    await notifyNow(bindings, t.db, [notice(user.id, 'dispute_opened')]);
    expect(await pushesTo(browser)).toEqual([]);
    const plain = asUser(await createUser(t.db));
    await notifyNow(bindings, t.db, [notice(plain.id)]);
    expect(await deliveriesOf(plain.id)).toEqual([]);
  });

  it('sends each notification once under repeated and concurrent job runs', async () => {
    const user = asUser(await createUser(t.db));
    const browser = await subscribedBrowser(user);
    // stored without the immediate attempt, as if the request died after its commit
    await t.db.insert(notifications).values({ userId: user.id, kind: 'booking_paid', message: 'Оплата прошла', payload: {}, dedupeKey: `push-test:${Math.random()}` });
    await runEverySenderAtOnce(t.db);
    expect(await pushesTo(browser)).toHaveLength(1);
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it("a retry after a 429 honours Retry-After and reaches only the browser not yet reached", async () => {
    const user = asUser(await createUser(t.db));
    const [laptop, phone] = [await subscribedBrowser(user), await subscribedBrowser(user)];
    await setFake(phone, { retry_after_once: 9 });
    await notifyNow(bindings, t.db, [notice(user.id)]);
    expect(await pushesTo(laptop)).toHaveLength(1);
    expect(await pushesTo(phone)).toHaveLength(0);
    const [waiting] = await deliveriesOf(user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    const wait = waiting.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(5_000);
    expect(wait).toBeLessThan(10_000);
    await makeDue(user.id);
    await sendDueDeliveries(bindings, t.db);
    expect(await pushesTo(laptop)).toHaveLength(1);
    expect(await pushesTo(phone)).toHaveLength(1);
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('an expired subscription (410) is dropped; with no browser left the delivery fails without a retry', async () => {
    const user = asUser(await createUser(t.db));
    const browser = await subscribedBrowser(user);
    await setFake(browser, { gone: true });
    await notifyNow(bindings, t.db, [notice(user.id)]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect(await deliveriesOf(user.id)).toMatchObject([{ channel: 'push', status: 'failed' }]);
    // no subscription left: the next notification makes no push delivery at all
    await notifyNow(bindings, t.db, [notice(user.id)]);
    expect(await deliveriesOf(user.id)).toHaveLength(1);
  });

  it('a push signed with another VAPID key is refused (403) and not retried; the subscription stays', async () => {
    const user = asUser(await createUser(t.db));
    const other = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
    const otherKey = base64url.encode(new Uint8Array((await crypto.subtle.exportKey('raw', other.publicKey)) as ArrayBuffer));
    await subscribedBrowser(user, otherKey);
    await notifyNow(bindings, t.db, [notice(user.id)]);
    const [delivery] = await deliveriesOf(user.id);
    expect(delivery).toMatchObject({ status: 'failed' });
    expect(delivery.lastError).toContain('403');
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(1);
  });

  it('a push service that is down (503) is retried with backoff, then the notification falls back to e-mail once', async () => {
    const user = await createUser(t.db);
    await setFake(await subscribedBrowser(asUser(user)), { unavailable: true });
    await notifyNow(bindings, t.db, [notice(user.id)]);
    expect(await deliveriesOf(user.id)).toMatchObject([{ channel: 'push', status: 'pending', attempts: 1 }]);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(user.id);
      await sendDueDeliveries(bindings, t.db);
    }
    expect(await deliveriesOf(user.id)).toMatchObject([
      { channel: 'push', status: 'gave_up', attempts: MAX_ATTEMPTS },
      { channel: 'email', status: 'sent', fallbackOf: 'push' },
    ]);
    await sendDueDeliveries(bindings, t.db);
    expect(await countMail(t.db, user.email!, 'Уведомление Формы')).toBe(1);
  });
});

describe('the fake push service checks what a push service checks', () => {
  async function registered() {
    const { token, endpoint } = await expectJson(send('POST', '/dev/push/subscriptions', { body: { application_server_key: VAPID.publicKey } }), 201);
    const body = await encryptPayload(new TextEncoder().encode('{}'), await browserPushKeys());
    const post = (headers: Record<string, string>) => call(new URL(endpoint).pathname, { method: 'POST', headers: { 'content-encoding': 'aes128gcm', ttl: '60', ...headers }, body });
    return { token, endpoint, post };
  }

  it('takes a correctly signed push, and refuses a forged signature, another audience, a far expiry and no TTL', async () => {
    const { endpoint, post } = await registered();
    expect((await post({ authorization: await vapidAuthorization(VAPID, endpoint) })).status).toBe(201);

    const foreign = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).setAudience(new URL(endpoint).origin).setExpirationTime('1h').setSubject(VAPID.subject).sign(foreign.privateKey);
    expect((await post({ authorization: `vapid t=${forged}, k=${VAPID.publicKey}` })).status).toBe(401);

    const ours = await importJWK({ ...ecdhJwk(VAPID.publicKey, VAPID.privateKey) }, 'ES256');
    const elsewhere = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).setAudience('https://push.example').setExpirationTime('1h').setSubject(VAPID.subject).sign(ours);
    expect((await post({ authorization: `vapid t=${elsewhere}, k=${VAPID.publicKey}` })).status).toBe(401);
    const tooLong = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).setAudience(new URL(endpoint).origin).setExpirationTime('2d').setSubject(VAPID.subject).sign(ours);
    expect((await post({ authorization: `vapid t=${tooLong}, k=${VAPID.publicKey}` })).status).toBe(401);

    expect((await post({ authorization: await vapidAuthorization(VAPID, endpoint), ttl: '' })).status).toBe(400);
    expect((await post({ authorization: await vapidAuthorization(VAPID, endpoint), 'content-encoding': 'aesgcm' })).status).toBe(400);
    expect((await call('/dev/push/send/AAAAAAAAAAAAAAAAAAAAAAAA', { method: 'POST' })).status).toBe(404);
  });
});
