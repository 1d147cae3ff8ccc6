import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { RouterContext } from '../../web/app/router-context.ts';
import { countConsultations } from '../../web/features/profile/profile.api.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { Route as ProfileRoute } from '../../web/routes/Profile.tsx';
import { makeUser } from './fixtures.ts';
import { makeMentorDetail, mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';

/** /Profile as the app routes it (the real route with its guard), plus stubs of the pages it links to. */
function renderProfile(user: ReturnType<typeof makeUser> | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const profileRoute = ProfileRoute.update({ id: '/Profile', path: '/Profile', getParentRoute: () => rootRoute } as never);
  const stub = (path: string, text: string) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{text}</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([profileRoute as never, stub('/login', 'Страница входа'), stub('/ProfileSettings', 'Настройки'), stub('/become-mentor', 'Анкета')]),
    history: createMemoryHistory({ initialEntries: ['/Profile'] }),
    context: { queryClient },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const booking = (id: number, role: 'booker' | 'mentor', status: string) => ({ id, role, status });

describe('/Profile', () => {
  it('sends a visitor to /login', async () => {
    mockFetch([]);
    const { router } = renderProfile(null);
    expect(await screen.findByText('Страница входа')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a mentor their public mentor page under the «Так ваш профиль видят другие» bar', async () => {
    const mentor = makeUser({ id: 7, user_role: 'mentor', mentor_name: 'Анна', mentor_surname: 'Соколова' });
    const routes: MockRoute[] = [
      { path: /\/api\/users\/7(\/|\?|$)/, body: makeMentorDetail({ consultation_types: [{ id: 3, name: 'Разбор резюме', description: '', duration_minutes: 60, costs: 3000, loyalty_steps: [], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES }] }) },
      { path: /\/api\/user_reviews\/GetUserReviews/, body: [] },
      { path: /\/api\/events\/GetUserEvents/, body: [] },
      { method: 'POST', path: /\/api\/analytics\/views/, status: 204 },
    ];
    const { calls } = mockFetch(routes);
    renderProfile(mentor);

    const bar = await screen.findByRole('region', { name: 'Ваш профиль' });
    expect(within(bar).getByText('Так ваш профиль видят другие')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Редактировать профиль' }).getAttribute('href')).toBe('/ProfileSettings');

    // the mentor page itself (after its loader of at least 1 s), as a guest would see it but without booking oneself
    expect(await screen.findByRole('heading', { level: 1, name: 'Анна Соколова' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Разбор резюме')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Записаться' })).toBeNull();
    expect(calls.some((call) => /\/api\/users\/7/.test(call.url))).toBe(true);
    expect(calls.some((call) => call.url.includes('consultation-bookings'))).toBe(false);
  });

  it('shows a mentee their profile card with counts and the links to the settings and the mentor application', async () => {
    const mentee = makeUser({
      id: 3,
      user_role: 'mentee',
      mentor_name: 'Мария',
      mentor_surname: 'Иванова',
      user_city_residence: 'Казань',
      mentor_description: 'Учусь рисовать акварелью.',
      mentor_skills: ['Акварель', 'Скетчинг'],
    });
    mockFetch([
      {
        path: /\/api\/consultation-bookings\/my/,
        body: [booking(1, 'booker', 'paid'), booking(2, 'booker', 'finished'), booking(3, 'booker', 'canceled'), booking(4, 'booker', 'pending_payment')],
      },
      { path: /\/api\/events\/my-registrations/, body: [{ id: 31 }, { id: 32 }, { id: 33 }, { id: 34 }, { id: 35 }] },
    ]);
    renderProfile(mentee);

    const card = await screen.findByRole('article', { name: 'Мария Иванова' });
    expect(within(card).getByRole('heading', { level: 1, name: 'Мария Иванова' })).toBeTruthy();
    expect(within(card).getByText('Казань')).toBeTruthy();
    expect(within(card).getByText('Учусь рисовать акварелью.')).toBeTruthy();
    expect(within(within(card).getByRole('list', { name: 'Навыки' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Акварель', 'Скетчинг']);
    expect(within(card).getByRole('img', { name: 'Мария Иванова' })).toBeTruthy();

    const activity = within(card).getByRole('list', { name: 'Активность' });
    await waitFor(() => expect(within(activity).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 консультации', '5 мероприятий']));

    expect(screen.getByText('Так ваш профиль видят другие')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Редактировать профиль' }).getAttribute('href')).toBe('/ProfileSettings');
    expect(screen.getByRole('link', { name: 'Стать наставником' }).getAttribute('href')).toBe('/become-mentor');
  });

  it('invites a mentee with an empty profile to fill it in, and shows «—» when the counts cannot be loaded', async () => {
    mockFetch([{ path: /\/api\/consultation-bookings\/my/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]);
    renderProfile(makeUser({ id: 4, user_role: 'mentee', mentor_name: 'Олег', mentor_surname: '' }));

    const card = await screen.findByRole('article', { name: 'Олег' });
    expect(within(card).getByRole('link', { name: 'Добавить описание' }).getAttribute('href')).toBe('/ProfileSettings');
    expect(within(card).getByText('Навыки не указаны.')).toBeTruthy();
    const activity = within(card).getByRole('list', { name: 'Активность' });
    await waitFor(() => expect(within(activity).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['— консультаций', '— мероприятий']));
  });

  it('counts only paid consultations the person booked', () => {
    expect(countConsultations([booking(1, 'booker', 'paid'), booking(2, 'mentor', 'paid'), booking(3, 'booker', 'expired'), booking(4, 'booker', 'finished')] as never)).toBe(2);
  });
});
