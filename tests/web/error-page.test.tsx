import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { ErrorPage, type ErrorStatus } from '../../web/components/error-page.tsx';
import { Route as RootRoute } from '../../web/routes/__root.tsx';
import { renderWithRouter } from './render-with-router.tsx';

const cases: Array<[ErrorStatus, string, string, string]> = [
  [404, 'Страница не найдена', 'На главную', '/'],
  [403, 'Запрещено', 'На главную', '/'],
  [401, 'Неавторизован', 'Войти', '/login'],
  [500, 'Внутренняя ошибка сервера', 'На главную', '/'],
];

describe('ErrorPage', () => {
  it.each(cases)('%i shows its title, the status and a link to %s', async (status, title, linkText, href) => {
    renderWithRouter(<ErrorPage status={status} />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(String(status))).toBeTruthy();
    expect(screen.getByRole('link', { name: linkText }).getAttribute('href')).toBe(href);
  });
});

describe('401 page «Войти»', () => {
  // issue 35: signing in from the 401 page goes back to the page that needed it, not to the mentor list
  it('passes on the page it was sent from as ?redirect=', async () => {
    renderWithRouter(<ErrorPage status={401} />, { path: '/unauthorized?redirect=%2FCalendarPage%3Ftab%3Dhistory' });
    expect((await screen.findByRole('link', { name: 'Войти' })).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/CalendarPage?tab=history')}`);
  });

  it('comes back to the page it is shown on elsewhere', async () => {
    renderWithRouter(<ErrorPage status={401} />, { path: '/loads' });
    expect((await screen.findByRole('link', { name: 'Войти' })).getAttribute('href')).toBe('/login?redirect=%2Floads');
  });

  it('carries no target that would leave the site', async () => {
    renderWithRouter(<ErrorPage status={401} />, { path: '/unauthorized?redirect=%2F%2Fevil.example' });
    expect((await screen.findByRole('link', { name: 'Войти' })).getAttribute('href')).toBe('/login');
  });
});

describe('root route fallbacks', () => {
  it('renders the 500 page from the root error boundary', async () => {
    const RootError = RootRoute.options.errorComponent as (props: ErrorComponentProps) => ReactNode;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(<RootError error={new Error('boom')} reset={() => {}} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Внутренняя ошибка сервера' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Попробовать снова' })).toBeTruthy();
  });

  it('renders the 404 page for unknown paths', async () => {
    const NotFound = RootRoute.options.notFoundComponent as () => ReactNode;
    renderWithRouter(<NotFound />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy();
  });
});
