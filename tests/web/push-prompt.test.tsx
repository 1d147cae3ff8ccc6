import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PushPrompt } from '../../web/components/push-prompt.tsx';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { json, mockApi } from './api-mock.ts';

// The invitation to browser push after a booking (decision 027): shown only where the browser can, the server offers
// it and the browser has not been asked; «Включить уведомления» asks, subscribes with the server's key and hands the
// subscription to the server; a refusal is said; «Не сейчас» keeps it away.

const PUBLIC_KEY = 'BHEsJuonndr6_DM_6bsj_CCkrdavHA6q4YHXol3ZzHqKvih1Xehj5ZVj2Vs0gb0IfSI34UhiqECWtnb_nqWTQrw';
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

function stubBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission } = {}) {
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => ({ ...SUBSCRIPTION, options: {}, toJSON: () => SUBSCRIPTION }));
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe };
  const register = vi.fn(async () => ({}));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => undefined), register, ready: Promise.resolve({ pushManager }) },
  });
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  return { subscribe, register, requestPermission };
}

const state = (available = true) => json(200, { available, public_key: available ? PUBLIC_KEY : null, subscriptions: 0, subscribed: false });

function renderPrompt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PushPrompt />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (navigator as unknown as { serviceWorker?: unknown }).serviceWorker;
});

describe('PushPrompt', () => {
  it('asks, subscribes with the server key and gives the subscription to the server', async () => {
    const browser = stubBrowser();
    const calls = mockApi({ 'GET /api/web-push': () => state(), 'POST /api/web-push/subscriptions': () => new Response(null, { status: 204 }) });
    renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Включить уведомления' }));
    await screen.findByText('Уведомления в браузере включены');
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    const key = browser.subscribe.mock.calls[0][0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(SUBSCRIPTION);
  });

  it('says so when the browser refuses, and gives nothing to the server', async () => {
    stubBrowser({ answer: 'denied' });
    const calls = mockApi({ 'GET /api/web-push': () => state() });
    renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Включить уведомления' }));
    await screen.findByText('Уведомления не разрешены');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    ['the permission was refused before', { permission: 'denied' as const }, true],
    ['push is on already in this browser', { permission: 'granted' as const }, true],
    ['the server does not offer push', {}, false],
  ])('is not shown when %s', async (_, browser, available) => {
    stubBrowser(browser);
    const calls = mockApi({ 'GET /api/web-push': () => state(available) });
    renderPrompt();
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Узнавайте о встрече вовремя')).toBeNull();
  });

  it('«Не сейчас» hides it, and it stays hidden next time', async () => {
    stubBrowser();
    mockApi({ 'GET /api/web-push': () => state() });
    const first = renderPrompt();
    fireEvent.click(await screen.findByRole('button', { name: 'Не сейчас' }));
    expect(screen.queryByText('Узнавайте о встрече вовремя')).toBeNull();
    first.unmount();
    const calls = mockApi({ 'GET /api/web-push': () => state() });
    renderPrompt();
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Узнавайте о встрече вовремя')).toBeNull();
  });
});
