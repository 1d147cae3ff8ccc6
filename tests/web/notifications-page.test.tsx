import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import type { AppNotification } from '../../web/features/notifications/notifications.api.ts';
import { NotificationsScreen } from '../../web/features/notifications/notifications-screen.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

function notifications(count: number, { firstId = 1, read = false } = {}): AppNotification[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    message: `Уведомление ${firstId + index}`,
    is_read: read,
    payload: { url: `/event_info/${firstId + index}` },
    created_at: '2030-03-05T09:00:00Z',
  }));
}

function page(results: AppNotification[], next: number | null, unread: number) {
  return { results, next, count: 25, unread_count: unread };
}

const PAGE_1 = /\/api\/notifications\/?\?page=1$/;
const PAGE_2 = /\/api\/notifications\/?\?page=2$/;

function renderScreen(routes: MockRoute[]) {
  const fetch = mockFetch(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = renderWithRouter(
    <>
      <NotificationsScreen timeZone="Europe/Moscow" />
      <Toaster />
    </>,
    { path: '/notifications', queryClient },
  );
  return { ...fetch, ...view };
}

const list = () => screen.findByRole('list', { name: 'Список уведомлений' });

describe('/notifications', () => {
  it('lists the notifications with the title, the unread ones marked, dates and links', async () => {
    renderScreen([{ path: PAGE_1, body: page([...notifications(2), ...notifications(1, { firstId: 3, read: true })], null, 2) }]);
    expect(await screen.findByRole('heading', { name: 'Уведомления' })).toBeTruthy();
    const items = within(await list()).getAllByTestId('notification-item');

    expect(items).toHaveLength(3);
    expect(screen.getByText('Непрочитанных: 2')).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: 'Отметить прочитанным' })).toBeTruthy();
    expect(within(items[0]!).getByText('Непрочитанное:')).toBeTruthy();
    expect(within(items[2]!).queryByRole('button', { name: 'Отметить прочитанным' })).toBeNull();
    expect(within(items[2]!).getByRole('link', { name: 'подробнее' }).getAttribute('href')).toBe('/event_info/3');
    expect(items[0]!.querySelector('time')?.getAttribute('title')).toBe('5 марта 2030 12:00');
  });

  it("'Показать ещё' loads page 2 below page 1 and disappears on the last page", async () => {
    const { calls } = renderScreen([
      { path: PAGE_1, body: page(notifications(20), 2, 25) },
      { path: PAGE_2, body: page(notifications(5, { firstId: 21 }), null, 25) },
    ]);
    expect(within(await list()).getAllByTestId('notification-item')).toHaveLength(20);

    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Список уведомлений' })).getAllByTestId('notification-item')).toHaveLength(25));
    expect(screen.getByText('Уведомление 25')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/notifications?page=1', '/api/notifications?page=2']);
  });

  it("shows 'Нет уведомлений' with the mark-all button disabled when there are none", async () => {
    renderScreen([{ path: PAGE_1, body: page([], null, 0) }]);
    expect(await screen.findByText('Нет уведомлений')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Отметить все прочитанными' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('shows skeleton rows while loading, then an error with a retry that loads again', async () => {
    let fail = true;
    const { fetchMock } = renderScreen([]);
    fetchMock.mockImplementation(async () =>
      fail
        ? new Response(JSON.stringify({ detail: 'Внутренняя ошибка сервера', code: 'internal_error' }), { status: 500 })
        : new Response(JSON.stringify(page(notifications(1), null, 1)), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(await screen.findByRole('status', { name: 'Загрузка уведомлений' })).toBeTruthy();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить уведомления');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Уведомление 1')).toBeTruthy();
  });

  it("marks one read with its button and all with 'Отметить все прочитанными'", async () => {
    const { calls } = renderScreen([
      { path: PAGE_1, body: page(notifications(3), null, 3) },
      { method: 'POST', path: /\/api\/notifications\/1\/mark_read\/?$/, body: { id: 1, is_read: true } },
      { method: 'POST', path: /\/api\/notifications\/mark_all_read\/?$/, body: { updated: 2 } },
    ]);
    const items = within(await list()).getAllByTestId('notification-item');

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Отметить прочитанным' }));
    expect(await screen.findByText('Непрочитанных: 2')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: 'Отметить прочитанным' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Отметить все прочитанными' }));
    expect(await screen.findByText('Все уведомления прочитаны')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Отметить прочитанным' })).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Отметить все прочитанными' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/notifications/1/mark_read', '/api/notifications/mark_all_read']),
    );
  });
});
