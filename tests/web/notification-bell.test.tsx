import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { formatUnreadCount, NotificationBell } from '../../web/features/notifications/notification-bell.tsx';
import type { AppNotification } from '../../web/features/notifications/notifications.types.ts';
import { renderWithRouter } from './render-with-router.tsx';

function notifications(count: number, read = false): AppNotification[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, message: `Сообщение ${index + 1}`, is_read: read }));
}

function renderBell(items: AppNotification[], onMarkAllRead = vi.fn()) {
  return renderWithRouter(<NotificationBell items={items} onMarkRead={vi.fn()} onMarkAllRead={onMarkAllRead} />);
}

describe('NotificationBell', () => {
  it("shows '9+' when more than nine are unread", async () => {
    renderBell(notifications(10));
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+');
  });

  it('shows the exact count up to nine and no badge when all are read', async () => {
    const { unmount } = renderBell([...notifications(9), ...notifications(3, true).map((n) => ({ ...n, id: `read-${n.id}` }))]);
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9');
    unmount();

    renderBell(notifications(4, true));
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
    renderBell([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Уведомления' }));

    expect(await screen.findByText('Нет уведомлений')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Отметить прочитанными' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Показать все' }).getAttribute('href')).toBe('/notifications');
  });

  it('lists at most ten items and lets unread ones be marked read', async () => {
    const onMarkAllRead = vi.fn();
    renderBell(notifications(12), onMarkAllRead);
    fireEvent.click(await screen.findByRole('button', { name: /Уведомления/ }));

    expect(await screen.findByText('Сообщение 10')).toBeTruthy();
    expect(screen.queryByText('Сообщение 11')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отметить прочитанными' }));
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });
});
