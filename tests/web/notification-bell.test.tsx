import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { formatUnreadCount, NotificationBell } from '../../web/features/notifications/notification-bell.tsx';
import { NotificationCenter } from '../../web/features/notifications/notification-center.tsx';
import type { AppNotification } from '../../web/features/notifications/notifications.api.ts';
import { NotificationsLiveConnection } from '../../web/features/notifications/notifications-live-connection.tsx';
import { deferred, mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { FakeSocket } from './fake-live-socket.ts';

function notifications(count: number, read = false, firstId = 1): AppNotification[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    message: `Сообщение ${firstId + index}`,
    is_read: read,
    payload: {},
    created_at: '2030-03-05T09:00:00Z',
  }));
}

function page(results: AppNotification[], { next = null, unread = results.filter((n) => !n.is_read).length }: { next?: number | null; unread?: number } = {}) {
  return { results, next, count: results.length, unread_count: unread };
}

const LIST = /\/api\/notifications\/?\?page=1$/;


function renderCenter(routes: MockRoute[], { live = false } = {}) {
  const fetch = mockFetch(routes);
  const sockets: FakeSocket[] = [];
  const createSocket = (url: () => Promise<string>) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = renderWithRouter(
    <>
      <NotificationCenter timeZone="Europe/Moscow" />
      {live ? <NotificationsLiveConnection createSocket={createSocket} /> : null}
      <Toaster />
    </>,
    { queryClient },
  );
  return { ...fetch, ...view, sockets };
}

async function badgeText() {
  return (await screen.findByTestId('notification-badge')).textContent;
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: /^Уведомления/ }));
  return screen.findByRole('dialog');
}

describe('NotificationBell (the panel)', () => {
  function renderBell(items: AppNotification[], unreadCount: number, onMarkAllRead = vi.fn()) {
    return renderWithRouter(<NotificationBell items={items} unreadCount={unreadCount} onMarkRead={vi.fn()} onMarkAllRead={onMarkAllRead} />);
  }

  it("shows the unread count it is given, '9+' above nine, and no badge at zero", async () => {
    const { unmount } = renderBell(notifications(2), 12);
    expect(await badgeText()).toBe('9+');
    unmount();

    const second = renderBell(notifications(9), 9);
    expect(await badgeText()).toBe('9');
    second.unmount();

    renderBell(notifications(4, true), 0);
    await screen.findByRole('button', { name: 'Уведомления' });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('formats the badge text', () => {
    expect(formatUnreadCount(1)).toBe('1');
    expect(formatUnreadCount(9)).toBe('9');
    expect(formatUnreadCount(10)).toBe('9+');
    expect(formatUnreadCount(120)).toBe('9+');
  });

  it("shows the empty state with 'Отметить прочитанными' disabled and a link to all notifications", async () => {
    renderBell([], 0);
    await openPanel();

    expect(await screen.findByText('Нет уведомлений')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Отметить прочитанными' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Показать все' }).getAttribute('href')).toBe('/notifications');
  });

  it('lists at most ten items and offers to mark all read', async () => {
    const onMarkAllRead = vi.fn();
    renderBell(notifications(12), 12, onMarkAllRead);
    await openPanel();

    expect(await screen.findByText('Сообщение 10')).toBeTruthy();
    expect(screen.queryByText('Сообщение 11')).toBeNull();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Отметить прочитанными' }));
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });

  it('shows skeleton rows while the first load runs', async () => {
    renderWithRouter(<NotificationBell items={[]} unreadCount={0} isPending onMarkRead={vi.fn()} onMarkAllRead={vi.fn()} />);
    await openPanel();
    expect(screen.getByRole('status', { name: 'Загрузка уведомлений' })).toBeTruthy();
    expect(screen.queryByText('Нет уведомлений')).toBeNull();
  });

  it("does not link a payload.url that is not a page address", async () => {
    const items = [
      { ...notifications(1)[0]!, payload: { url: 'javascript:alert(1)' } },
      { ...notifications(1, false, 2)[0]!, payload: { url: '/ChatsPage?roomId=abc' } },
    ];
    renderBell(items, 2);
    const panel = await openPanel();
    const links = within(panel).getAllByRole('link', { name: 'подробнее' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/ChatsPage?roomId=abc']);
  });
});

describe('NotificationCenter (the bell with the server)', () => {
  it('takes the badge from unread_count, which counts more than the loaded page', async () => {
    const { calls } = renderCenter([{ path: LIST, body: page(notifications(3), { unread: 14, next: 2 }) }]);
    expect(await badgeText()).toBe('9+');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/notifications?page=1']);
  });

  it('shows skeleton rows until the first page arrives', async () => {
    const gate = deferred();
    renderCenter([{ path: LIST, body: page(notifications(2)), wait: gate.promise }]);
    await openPanel();
    expect(screen.getByRole('status', { name: 'Загрузка уведомлений' })).toBeTruthy();

    gate.resolve();
    expect(await screen.findByText('Сообщение 1')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Загрузка уведомлений' })).toBeNull();
  });

  it('marks an unread item read on click: POST …/{id}/mark_read/ and the badge drops', async () => {
    const { calls } = renderCenter([
      { path: LIST, body: page(notifications(3)) },
      { method: 'POST', path: /\/api\/notifications\/2\/mark_read\/?$/, body: { id: 2, is_read: true } },
    ]);
    expect(await badgeText()).toBe('3');
    const panel = await openPanel();

    fireEvent.click(within(panel).getByRole('button', { name: /Сообщение 2/ }));
    expect(await badgeText()).toBe('2');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && /\/api\/notifications\/2\/mark_read\/?$/.test(call.url))).toBe(true));
    expect(within(panel).queryByRole('button', { name: /Сообщение 2/ })).toBeNull();
    expect(within(panel).getByText('Сообщение 2')).toBeTruthy();
  });

  it("'подробнее' goes to payload.url and marks the item read", async () => {
    const items = [{ ...notifications(1)[0]!, payload: { url: '/MyMentorsPage' } }];
    const { calls, router } = renderCenter([
      { path: LIST, body: page(items) },
      { method: 'POST', path: /\/api\/notifications\/1\/mark_read/, body: { id: 1, is_read: true } },
    ]);
    const panel = await openPanel();
    const link = within(panel).getByRole('link', { name: 'подробнее' });
    expect(link.getAttribute('href')).toBe('/MyMentorsPage');

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/MyMentorsPage'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('puts the item back and says so when marking read fails', async () => {
    renderCenter([
      { path: LIST, body: page(notifications(3)) },
      { method: 'POST', path: /\/mark_read/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } },
    ]);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: /Сообщение 1/ }));

    expect(await screen.findByText('Не удалось отметить уведомление прочитанным')).toBeTruthy();
    expect(await badgeText()).toBe('3');
    expect(within(panel).getByRole('button', { name: /Сообщение 1/ })).toBeTruthy();
  });

  it("'Отметить прочитанными' posts mark_all_read, clears the badge and disables itself", async () => {
    const { calls } = renderCenter([
      { path: LIST, body: page(notifications(4), { unread: 25, next: 2 }) },
      { method: 'POST', path: /\/api\/notifications\/mark_all_read\/?$/, body: { updated: 25 } },
    ]);
    expect(await badgeText()).toBe('9+');
    const panel = await openPanel();

    fireEvent.click(within(panel).getByRole('button', { name: 'Отметить прочитанными' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect((within(panel).getByRole('button', { name: 'Отметить прочитанными' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/notifications/mark_all_read']);
  });

  it('logs a warning and shows an empty list for an unknown payload (spec §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderCenter([{ path: LIST, body: { results: [{ id: 'x', text: 'что-то' }], next: null } }]);
    await openPanel();
    expect(await screen.findByText('Нет уведомлений')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown payload'), expect.anything());
  });

  it('accepts a plain array as the list (spec §3)', async () => {
    renderCenter([{ path: LIST, body: notifications(2) }]);
    expect(await badgeText()).toBe('2');
  });
});

describe('the live connection in the bell', () => {
  async function connected(routes: MockRoute[]) {
    const view = renderCenter(routes, { live: true });
    await waitFor(() => expect(view.sockets).toHaveLength(1));
    const socket = view.sockets[0]!;
    act(() => socket.open());
    return { ...view, socket };
  }

  it('connects to /ws/notifications/ of this host', async () => {
    const { socket } = await connected([{ path: LIST, body: page([]) }]);
    expect(await socket.url()).toBe(`ws://${window.location.host}/ws/notifications/`);
  });

  it("a 'notification' goes on top, raises the badge and shows a toast; a repeat changes nothing", async () => {
    const { socket } = await connected([{ path: LIST, body: page(notifications(2)) }]);
    expect(await badgeText()).toBe('2');
    const fresh = { id: 50, message: 'Ваша консультация подтверждена', is_read: false, payload: { url: '/CalendarPage' }, created_at: new Date().toISOString() };

    socket.receive({ type: 'notification', notification: fresh });
    expect(await badgeText()).toBe('3');
    expect(await screen.findByText('Новое уведомление')).toBeTruthy();
    socket.receive({ type: 'notification', notification: fresh });
    expect(await badgeText()).toBe('3');

    const panel = await openPanel();
    const rows = within(panel).getAllByTestId('notification-item');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Ваша консультация подтверждена');
    expect(rows[0]!.textContent).toContain('только что');
  });

  it("'chat_message' is passed on as the forma:chat-message event", async () => {
    const { socket } = await connected([{ path: LIST, body: page([]) }]);
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener('forma:chat-message', listener);
    try {
      socket.receive({ type: 'chat_message', roomId: 'r-42', chat_room: 'r-42' });
      expect(heard).toEqual([{ roomId: 'r-42' }]);
    } finally {
      window.removeEventListener('forma:chat-message', listener);
    }
  });

  it("'read_all' from another tab clears the badge; 'read' marks those ids", async () => {
    const { socket } = await connected([{ path: LIST, body: page(notifications(5)) }]);
    expect(await badgeText()).toBe('5');

    socket.receive({ type: 'read', ids: [1, 2] });
    expect(await badgeText()).toBe('3');
    // the echo of this tab's own mark does not lower the count twice
    socket.receive({ type: 'read', ids: [1] });
    expect(await badgeText()).toBe('3');

    socket.receive({ type: 'read_all' });
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
  });

  it('ignores a message it does not know, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket } = await connected([{ path: LIST, body: page(notifications(1)) }]);
    expect(await badgeText()).toBe('1');
    socket.receive({ type: 'notification', notification: { id: 'nope' } });
    socket.receive({ type: 'something_new' });
    expect(await badgeText()).toBe('1');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reloads the list after a reconnection, and closes when unmounted', async () => {
    const { socket, calls, unmount } = await connected([{ path: LIST, body: page(notifications(1)) }]);
    await waitFor(() => expect(calls).toHaveLength(1));

    act(() => socket.open());
    await waitFor(() => expect(calls.filter((call) => LIST.test(call.url))).toHaveLength(2));

    unmount();
    expect(socket.closed).toBe(true);
  });
});
