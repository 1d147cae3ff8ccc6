// Spec 001 §8's profile texts on the settings screen (issue 41): «Пользователь не авторизован» when the session ended
// on the page, and the server's words for a save refused because nobody is signed in or the account is gone.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { ProfileTab } from '../../web/features/profile-settings/profile-tab.tsx';
import { NO_SESSION_HEADER } from '../../worker/auth/session-rules.ts';
import { makeUser } from './fixtures.ts';

function renderTab(user: ReturnType<typeof makeUser> | null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ProfileTab user={user} onSaved={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('the profile tab without a person', () => {
  it('says «Пользователь не авторизован» when there is no user and nothing failed (the session ended)', () => {
    renderTab(null);
    expect(screen.getByRole('alert').textContent).toBe('Пользователь не авторизован');
  });

  it.each(['Пользователь не авторизован', 'Не удалось получить данные пользователя'])('a save the server refuses with «%s» shows it', async (detail) => {
    const refused = new Response(JSON.stringify({ detail, code: 'not_authenticated' }), { status: 401, headers: { 'content-type': 'application/json', [NO_SESSION_HEADER]: '1' } });
    vi.stubGlobal('fetch', vi.fn(async () => refused));
    renderTab(makeUser({ user_city_residence: 'Москва' }));
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'Казань' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.getAllByText('Произошла ошибка при сохранении данных').length).toBeGreaterThan(0);
  });
});
