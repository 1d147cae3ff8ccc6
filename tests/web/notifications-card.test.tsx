import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { dismissToast, toast } from '../../web/components/ui/toast-store.ts';
import { NotificationsCard } from '../../web/features/profile-settings/notifications-card.tsx';
import { LINK_WAIT_MS } from '../../web/features/profile-settings/use-telegram-linking.ts';
import { json, mockApi } from './api-mock.ts';

// The settings' «Уведомления» card (decision 026): Telegram's link and the switches per channel and topic.

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationsCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

const TOPICS = [
  { id: 'bookings', title: 'Записи: новые, оплаченные, перенесённые и отменённые' },
  { id: 'chat', title: 'Новые сообщения в чатах' },
  { id: 'reminders', title: 'Напоминания за 24 часа и за час до встречи' },
  { id: 'room_open', title: 'Комната встречи открыта' },
  { id: 'waitlist', title: 'Место из листа ожидания' },
  { id: 'reviews', title: 'Просьбы оставить отзыв' },
];
const allOn = () => Object.fromEntries(TOPICS.map((t) => [t.id, true]));

function settings({ available = true, linked = false, push = false } = {}) {
  return {
    topics: TOPICS,
    channels: {
      telegram: { available, linked, topics: allOn() },
      email: { available: true, linked: true, topics: allOn() },
      push: { available: push, linked: push, topics: allOn() },
    },
  };
}

const linkState = (linked: boolean, available = true) =>
  json(200, { available, linked, username: linked ? 'anna' : null, linked_at: linked ? '2026-11-20T10:00:00.000Z' : null });

const sw = (name: string) => screen.getByRole('switch', { name });

afterEach(async () => {
  sessionStorage.clear();
  vi.useRealTimers();
  // toasts live in a module-wide store: one left by a test must not pass for the next test's
  const { id } = toast({ title: '' });
  for (let i = 1; i <= id; i++) dismissToast(i);
  await new Promise((resolve) => setTimeout(resolve, 300));
});

describe('«Уведомления»', () => {
  it('without the bot on the server says so, and offers no button and no switch that would change nothing', async () => {
    const calls = mockApi({ 'GET /api/telegram/link': () => linkState(false, false), 'GET /api/notification-settings': () => json(200, settings({ available: false })) });
    renderCard();
    expect(await screen.findByText('Уведомления в Telegram на этом сервере не настроены.')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['/api/notification-settings', '/api/telegram/link']));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Загрузка настроек уведомлений' })).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('push, once a browser gets it, has its switches without Telegram', async () => {
    mockApi({ 'GET /api/telegram/link': () => linkState(false, false), 'GET /api/notification-settings': () => json(200, settings({ available: false, push: true })) });
    renderCard();
    await screen.findByRole('switch', { name: 'Комната встречи открыта: Push' });
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    expect(screen.queryByText(/запасной путь/)).toBeNull();
  });

  it('push offered but on in no browser shows no push switch, which would change nothing', async () => {
    const offered = settings({ available: false });
    offered.channels.push = { available: true, linked: false, topics: allOn() };
    const calls = mockApi({ 'GET /api/telegram/link': () => linkState(false, false), 'GET /api/notification-settings': () => json(200, offered) });
    renderCard();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notification-settings')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Загрузка настроек уведомлений' })).toBeNull());
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('«Подключить Telegram» opens the deep link in a new tab, waits for the bot, then shows it linked with its switches', async () => {
    let linked = false;
    const calls = mockApi({
      'GET /api/telegram/link': () => linkState(linked),
      'GET /api/notification-settings': () => json(200, settings({ linked })),
      'POST /api/telegram/link': () => json(200, { url: '/dev/telegram/?start=tok123', expires_at: '2026-11-28T12:15:00.000Z' }),
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    renderCard();
    // e-mail is Telegram's fallback: nothing to switch before Telegram is linked
    expect(await screen.findByText(/Когда Telegram подключён, здесь можно выбрать/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    // the tab opens at the click (no popup blocker), and is sent to the link once it is known
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(new URL('/dev/telegram/?start=tok123', window.location.href).href));
    expect(tab.opener).toBeNull();
    expect(await screen.findByText('Ждём подтверждения из Telegram')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть Telegram' }).getAttribute('href')).toBe(tab.location.href);
    expect(screen.queryByRole('button', { name: 'Подключить Telegram' })).toBeNull();
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/telegram/link').length;
    const before = reads();

    // the bot was started: the next read (every 2 s) finds it
    linked = true;
    expect(await screen.findByText('@anna, подключён 20 ноября 2026', undefined, { timeout: 4000 })).toBeTruthy();
    expect(reads()).toBeGreaterThan(before);
    expect(await screen.findByText('Telegram подключён')).toBeTruthy();
    expect(screen.queryByText('Ждём подтверждения из Telegram')).toBeNull();
    expect(await screen.findByRole('switch', { name: 'Новые сообщения в чатах: Telegram' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Новые сообщения в чатах: E-mail' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отключить Telegram' })).toBeTruthy();
  });

  it('on a phone leaves for Telegram in this tab, and back on the settings goes on waiting until linked', async () => {
    let linked = false;
    mockApi({
      'GET /api/telegram/link': () => linkState(linked),
      'GET /api/notification-settings': () => json(200, settings({ linked })),
      'POST /api/telegram/link': () => json(200, { url: '/dev/telegram/?start=phone1', expires_at: '2026-11-28T12:15:00.000Z' }),
    });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('pointer: coarse'), media: query, addEventListener() {}, removeEventListener() {} }));
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, assign });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(new URL('/dev/telegram/?start=phone1', window.location.href).href));
    expect(open).not.toHaveBeenCalled();

    // back from Telegram: the page is loaded again
    cleanup();
    linked = true;
    renderCard();
    expect(await screen.findByText('Telegram подключён')).toBeTruthy();
    expect(await screen.findByText('@anna, подключён 20 ноября 2026')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('«Отменить» stops waiting; after 5 minutes without the bot it stops and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      'GET /api/telegram/link': () => linkState(false),
      'GET /api/notification-settings': () => json(200, settings()),
      'POST /api/telegram/link': () => json(200, { url: '/dev/telegram/?start=tok', expires_at: '2026-11-28T12:15:00.000Z' }),
    });
    vi.stubGlobal('open', vi.fn(() => null));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    await screen.findByText('Ждём подтверждения из Telegram');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(screen.queryByText('Ждём подтверждения из Telegram')).toBeNull();
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/telegram/link').length;
    const afterCancel = reads();
    await act(async () => void (await vi.advanceTimersByTimeAsync(6_000)));
    expect(reads()).toBe(afterCancel);

    fireEvent.click(screen.getByRole('button', { name: 'Подключить Telegram' }));
    await screen.findByText('Ждём подтверждения из Telegram');
    await act(async () => void (await vi.advanceTimersByTimeAsync(LINK_WAIT_MS + 1_000)));
    expect(await screen.findByText('Не дождались подтверждения из Telegram. Попробуйте ещё раз.')).toBeTruthy();
    const atEnd = reads();
    expect(atEnd - afterCancel).toBeGreaterThanOrEqual(100);
    await act(async () => void (await vi.advanceTimersByTimeAsync(6_000)));
    expect(reads()).toBe(atEnd);
    expect(screen.getByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
  });

  it('a refused link (no bot) is said, and the opened tab is closed', async () => {
    mockApi({
      'GET /api/telegram/link': () => linkState(false),
      'GET /api/notification-settings': () => json(200, settings()),
      'POST /api/telegram/link': () => json(503, { code: 'telegram_unavailable', detail: 'Уведомления в Telegram сейчас недоступны' }),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    expect(await screen.findByText('Уведомления в Telegram сейчас недоступны')).toBeTruthy();
    expect(screen.getByText('Не удалось подключить Telegram')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.queryByText('Ждём подтверждения из Telegram')).toBeNull();
  });

  it('«Отключить» asks first, unlinks, and the Telegram switches go', async () => {
    let linked = true;
    const calls = mockApi({
      'GET /api/telegram/link': () => linkState(linked),
      'GET /api/notification-settings': () => json(200, settings({ linked })),
      'DELETE /api/telegram/link': () => {
        linked = false;
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    expect(await screen.findByText('@anna, подключён 20 ноября 2026')).toBeTruthy();
    await screen.findByRole('switch', { name: 'Комната встречи открыта: Telegram' });
    fireEvent.click(screen.getByRole('button', { name: 'Отключить Telegram' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отключить Telegram?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText('Telegram отключён')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
  });

  it('a switch turns at once and saves only itself', async () => {
    let answer!: () => void;
    const calls = mockApi({
      'GET /api/telegram/link': () => linkState(true),
      'GET /api/notification-settings': () => json(200, settings({ linked: true, push: true })),
      'PUT /api/notification-settings': (call) =>
        new Promise((resolve) => {
          answer = () => {
            const body = settings({ linked: true, push: true });
            body.channels.telegram.topics.chat = (call.body.telegram as Record<string, boolean>).chat!;
            resolve(json(200, body));
          };
        }),
    });
    renderCard();
    // push is shown once the browser channel is available
    await screen.findByRole('switch', { name: 'Новые сообщения в чатах: Push' });
    const chat = sw('Новые сообщения в чатах: Telegram');
    expect(chat.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(chat);
    // turned before the server answers
    await waitFor(() => expect(sw('Новые сообщения в чатах: Telegram').getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ path: '/api/notification-settings', method: 'PUT', body: { telegram: { chat: false } } }]));
    answer();
    await waitFor(() => expect(sw('Новые сообщения в чатах: Telegram').getAttribute('aria-checked')).toBe('false'));
    expect(sw('Новые сообщения в чатах: E-mail').getAttribute('aria-checked')).toBe('true');
  });

  it('a failed save turns the switch back and says so', async () => {
    let fail!: () => void;
    mockApi({
      'GET /api/telegram/link': () => linkState(true),
      'GET /api/notification-settings': () => json(200, settings({ linked: true })),
      'PUT /api/notification-settings': () => new Promise((resolve) => (fail = () => resolve(json(500, { code: 'internal', detail: 'Внутренняя ошибка сервера' })))),
    });
    renderCard();
    const reviews = await screen.findByRole('switch', { name: 'Просьбы оставить отзыв: E-mail' });
    fireEvent.click(reviews);
    await waitFor(() => expect(sw('Просьбы оставить отзыв: E-mail').getAttribute('aria-checked')).toBe('false'));
    fail();
    expect(await screen.findByText('Не удалось сохранить настройку')).toBeTruthy();
    await waitFor(() => expect(sw('Просьбы оставить отзыв: E-mail').getAttribute('aria-checked')).toBe('true'));
  });
});
