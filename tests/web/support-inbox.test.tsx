import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SupportInboxScreen } from '../../web/features/support/support-inbox-screen.tsx';
import type { SupportInboxRoom } from '../../web/features/support/support.api.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

const ZONE = 'Europe/Moscow';
const roomId = (n: number) => `0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a0${n}`;

function inboxRoom(n: number, overrides: Partial<SupportInboxRoom> = {}): SupportInboxRoom {
  return {
    roomId: roomId(n),
    user: { id: 10 + n, name: `Пользователь ${n}`, email: `user${n}@example.com`, avatar: null },
    lastMessage: { id: 100 + n, content: `Вопрос ${n}`, senderId: 10 + n, username: `Пользователь ${n}`, from_user: true, timestamp: '2030-03-06T09:00:00Z' },
    unreadCount: 0,
    joined: false,
    ...overrides,
  };
}

const path = (url: string) => new URL(url, 'http://x').pathname;

describe('/admin/support', () => {
  it('lists the rooms with the person, the last message and the team\'s unread count', async () => {
    mockFetch([
      {
        path: /\/api\/support\/rooms\?/,
        body: {
          results: [
            inboxRoom(1, { unreadCount: 3 }),
            inboxRoom(2, { joined: true, lastMessage: { ...inboxRoom(2).lastMessage, content: 'Ответ команды', from_user: false, senderId: 99 } }),
          ],
          has_more: false,
        },
      },
    ]);
    renderWithRouter(<SupportInboxScreen timeZone={ZONE} />);
    const items = within(await screen.findByRole('list', { name: 'Обращения' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Пользователь 1');
    expect(items[0].textContent).toContain('user1@example.com');
    expect(within(items[0]).getByTestId('inbox-preview').textContent).toBe('Вопрос 1');
    expect(within(items[0]).getByTestId('team-unread').textContent).toContain('3 новых сообщения');
    expect(items[0].textContent).toContain('6 марта 2030 12:00');
    expect(within(items[0]).getByRole('button').textContent).toBe('Ответить');
    expect(within(items[1]).getByTestId('inbox-preview').textContent).toBe('Поддержка: Ответ команды');
    expect(within(items[1]).queryByTestId('team-unread')).toBeNull();
    expect(within(items[1]).getByRole('button').textContent).toBe('Открыть чат');
  });

  it('«Ответить» takes the room up and opens it on the chat screen', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/support\/rooms\?/, body: { results: [inboxRoom(1, { unreadCount: 1 })], has_more: false } },
      { method: 'POST', path: /\/api\/support\/rooms\/[^/]+\/join$/, body: { roomId: roomId(1) } },
    ]);
    const { router } = renderWithRouter(<SupportInboxScreen timeZone={ZONE} />, { path: '/admin/support' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ответить: Пользователь 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ChatsPage'));
    expect(router.state.location.search).toEqual({ roomId: roomId(1) });
    expect(calls.some((c) => c.method === 'POST' && path(c.url) === `/api/support/rooms/${roomId(1)}/join`)).toBe(true);
  });

  it('pages with «Показать ещё»', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/support\/rooms\?offset=0/, body: { results: [inboxRoom(1)], has_more: true } },
      { path: /\/api\/support\/rooms\?offset=1/, body: { results: [inboxRoom(2)], has_more: false } },
    ]);
    renderWithRouter(<SupportInboxScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await screen.findByText('Пользователь 2');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('offset'))).toEqual(['0', '1']);
  });

  it('shows an empty inbox', async () => {
    mockFetch([{ path: /\/api\/support\/rooms\?/, body: { results: [], has_more: false } }]);
    renderWithRouter(<SupportInboxScreen />);
    expect(await screen.findByText('Обращений пока нет')).toBeTruthy();
  });

  it('shows a refusal with «Повторить», which loads again', async () => {
    let fail = true;
    const { fetchMock } = mockFetch([]);
    fetchMock.mockImplementation(async () =>
      fail
        ? new Response(JSON.stringify({ detail: 'Недостаточно прав для этого действия', code: 'forbidden' }), { status: 403, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ results: [inboxRoom(1)], has_more: false }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    renderWithRouter(<SupportInboxScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Недостаточно прав для этого действия');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Пользователь 1')).toBeTruthy();
  });
});
