import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ProfileMenu } from '../../web/features/account/profile-menu.tsx';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { makeUser } from './fixtures.ts';
import { renderWithRouter } from './render-with-router.tsx';

async function openMenu() {
  const trigger = await screen.findByRole('button', { name: 'Меню профиля' });
  // Radix opens the menu on pointerdown/keydown rather than click.
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('ProfileMenu', () => {
  it("shows 'Мои ученики' to a mentor", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentor' })} />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Мои ученики' }).getAttribute('href')).toBe('/MyMentee');
  });

  it("leads a mentor to their analytics and money (/Statistics) from the menu, and nobody else (issue 35)", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentor' })} />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Аналитика и доходы' }).getAttribute('href')).toBe('/Statistics');
  });

  it("hides 'Мои ученики' from other roles", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentee' })} />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Мои наставники' })).toBeTruthy();
    expect(screen.queryByText('Мои ученики')).toBeNull();
    expect(screen.queryByText('Аналитика и доходы')).toBeNull();
  });

  it("shows 'Модерация заявок' to admins only", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'admin' })} />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Модерация заявок' }).getAttribute('href')).toBe('/admin/mentor-applications');
  });

  it("offers 'Стать наставником' to a mentee and not to a mentor, who already is one (issue 35)", async () => {
    const { unmount } = renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentor' })} />);
    await openMenu();
    expect(screen.queryByText('Стать наставником')).toBeNull();
    unmount();
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentee' })} />);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Стать наставником' }).getAttribute('href')).toBe('/become-mentor');
  });

  it("hides 'Модерация заявок' from a mentor", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentor' })} />);
    await openMenu();
    expect(screen.queryByText('Модерация заявок')).toBeNull();
  });

  it('shows the name, the profile link and every common item', async () => {
    renderWithRouter(<ProfileMenu user={makeUser()} />);
    await openMenu();
    expect(screen.getAllByText('Анна Смирнова').length).toBeGreaterThan(0);
    const hrefOf = (name: string) => screen.getByRole('menuitem', { name }).getAttribute('href');
    expect(hrefOf('Показать профиль')).toBe('/ProfileSettings');
    expect(hrefOf('Стать наставником')).toBe('/become-mentor');
    expect(hrefOf('Мои наставники')).toBe('/MyMentorsPage');
    expect(hrefOf('Настройки')).toBe('/ProfileSettings');
    expect(hrefOf('Задать вопрос в поддержку')).toBe('/Support');
    expect(screen.getByRole('menuitem', { name: 'Выйти из аккаунта' })).toBeTruthy();
  });
});

describe('ProfileMenu logout', () => {
  it('clears the session and goes to /login even when the logout call fails', async () => {
    const fetchSpy = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = makeUser();
    const { router, queryClient } = renderWithRouter(<ProfileMenu user={user} />, { path: '/Home' });
    queryClient.setQueryData(sessionQueries.me().queryKey, user);
    queryClient.setQueryData(['notifications', 'list'], [{ id: 1, message: 'x', is_read: false }]);

    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Выйти из аккаунта' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/logout\/?$/), expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toBeNull();
    expect(queryClient.getQueryData(['notifications', 'list'])).toBeUndefined();
  });
});
