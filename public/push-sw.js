// Форма's service worker for browser push (decision 027). It only shows what arrives and opens its page on a click:
// it caches nothing and does not touch the site's requests. A push carries {title, body, url, tag} (worker/web-push/
// push-notice.ts); the tag makes a repeat of one notification replace itself instead of showing twice.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  const title = (notice && notice.title) || 'Форма';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: (notice && notice.body) || 'Новое уведомление',
      tag: (notice && notice.tag) || undefined,
      icon: '/push-icon.png',
      badge: '/push-icon.png',
      lang: 'ru',
      data: { url: (notice && notice.url) || '/' },
    }),
  );
});

/** Where a click leads: the notification's page on our own origin, never elsewhere. */
function targetOf(notification) {
  const url = new URL((notification.data && notification.data.url) || '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin + '/';
}

// a tab of Форма already open goes to the page and comes forward; without one, a new window opens there
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) || windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const shown = open.url === target ? open : await open.navigate(target).catch(() => null);
        if (shown) return shown.focus().catch(() => shown);
      }
      return self.clients.openWindow(target);
    })(),
  );
});

// the push service renewed or dropped the subscription: make a new one with the same key and give it to the server
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const key = old && old.options && old.options.applicationServerKey;
      const next = event.newSubscription || (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
      if (!next) return;
      if (old) await fetch('/api/web-push/unsubscribe/', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: old.endpoint }) }).catch(() => null);
      await fetch('/api/web-push/subscriptions/', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(next.toJSON()) }).catch(() => null);
    })(),
  );
});
