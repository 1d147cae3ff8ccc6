import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SupportScreen } from '../../web/features/support/support-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

const ROOM = '0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a01';

describe('/Support', () => {
  it('answers the common questions in an accordion, with the real rules', async () => {
    mockFetch([]);
    renderWithRouter(<SupportScreen signedIn />);
    const cancel = await screen.findByRole('button', { name: 'Можно ли отменить запись и вернуть деньги?' });
    expect(cancel.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/не позднее чем за 7 дней до начала/)).toBeNull();
    fireEvent.click(cancel);
    expect(cancel.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/не позднее чем за 7 дней до начала/)).toBeTruthy();
    expect(screen.getByText(/в течение 24 часов после записи/)).toBeTruthy();
    // one open at a time
    fireEvent.click(screen.getByRole('button', { name: 'Что делать, если консультация прошла плохо?' }));
    expect(cancel.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(/до 48 часов после её окончания/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Как устроена оплата и какая комиссия?' }));
    expect(screen.getByText(/комиссия платформы 5 %/)).toBeTruthy();
    for (const name of ['Как записаться на консультацию или мероприятие?', 'Когда придёт возврат?', 'Как стать наставником?']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('«Написать в поддержку» opens the support room on the chat screen', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: /\/api\/support\/chat$/, body: { roomId: ROOM } }]);
    const { router } = renderWithRouter(<SupportScreen signedIn />, { path: '/Support' });
    fireEvent.click(await screen.findByRole('button', { name: 'Написать в поддержку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ChatsPage'));
    expect(router.state.location.search).toEqual({ roomId: ROOM });
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual(['POST /api/support/chat']);
  });

  it('sends a visitor to sign in first', async () => {
    const { calls } = mockFetch([]);
    const { router } = renderWithRouter(<SupportScreen signedIn={false} />, { path: '/Support' });
    expect(await screen.findByText(/Чтобы написать, войдите в аккаунт/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Написать в поддержку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('waits for the session before the button works', async () => {
    mockFetch([]);
    renderWithRouter(<SupportScreen signedIn={false} sessionPending />, { path: '/Support' });
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Написать в поддержку' })).disabled).toBe(true);
  });

  it('says when the chat could not be opened, and lets the person try again', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: /\/api\/support\/chat$/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]);
    renderWithRouter(<SupportScreen signedIn />, { path: '/Support' });
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Написать в поддержку' });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Внутренняя ошибка сервера');
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
