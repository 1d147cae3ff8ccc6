import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MyMentorsScreen, FAVORITES_LOAD_ERROR, HISTORY_LOAD_ERROR } from '../../web/features/my-mentors/my-mentors-screen.tsx';
import { visibleFavorites, visibleHistory } from '../../web/features/my-mentors/my-mentors-list.ts';
import type { MyMentorsTab } from '../../web/features/my-mentors/my-mentors-list.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

const item = (id: number, name: string, surname: string, specialization: string, skills: string[] = ['a', 'b', 'c', 'd']) => ({
  id,
  mentor_name: name,
  mentor_surname: surname,
  mentor_avatar_url: null,
  mentor_tg_title: `@${surname.toLowerCase()}`,
  mentor_specialization: specialization,
  mentor_skills: skills,
});

// Server order (most recent contact first), deliberately not alphabetical.
const history = [
  { ...item(1, 'Ярослав', 'Волков', 'Тренер по бегу'), last_contact_at: '2026-03-01T10:00:00Z', next_contact_at: '2026-03-01T10:00:00Z', sessions_count: 2 },
  { ...item(2, 'Анна', 'Соколова', 'Карьерный консультант'), last_contact_at: '2026-02-01T10:00:00Z', next_contact_at: null, sessions_count: 1 },
  { ...item(3, 'Борис', 'Ким', 'Нутрициолог'), last_contact_at: '2026-01-01T10:00:00Z', next_contact_at: null, sessions_count: 5 },
];
const favorites = [
  { id: 11, mentor: item(2, 'Анна', 'Соколова', 'Карьерный консультант'), created_at: '2026-01-10T00:00:00Z' },
  { id: 12, mentor: item(4, 'Вера', 'Орлова', 'Колорист'), created_at: '2026-03-10T00:00:00Z' },
];

describe('my mentors: search and sort', () => {
  it('sorts favourites by the date added, both ways', () => {
    expect(visibleFavorites(favorites, '', 'date_desc').map((f) => f.id)).toEqual([12, 11]);
    expect(visibleFavorites(favorites, '', 'date_asc').map((f) => f.id)).toEqual([11, 12]);
  });

  it('leaves the history in the server order for the date sorts', () => {
    expect(visibleHistory(history, '', 'date_desc').map((h) => h.id)).toEqual([1, 2, 3]);
    expect(visibleHistory(history, '', 'date_asc').map((h) => h.id)).toEqual([1, 2, 3]);
  });

  it('sorts both lists by name A–Z and Z–A', () => {
    expect(visibleHistory(history, '', 'name_asc').map((h) => h.id)).toEqual([2, 3, 1]);
    expect(visibleHistory(history, '', 'name_desc').map((h) => h.id)).toEqual([1, 3, 2]);
    expect(visibleFavorites(favorites, '', 'name_desc').map((f) => f.id)).toEqual([12, 11]);
  });

  it('searches by name or specialization, ignoring case', () => {
    expect(visibleHistory(history, 'соко', 'date_desc').map((h) => h.id)).toEqual([2]);
    expect(visibleHistory(history, 'НУТРИ', 'date_desc').map((h) => h.id)).toEqual([3]);
    expect(visibleFavorites(favorites, 'колорист', 'date_desc').map((f) => f.id)).toEqual([12]);
  });
});

function renderScreen(tab: MyMentorsTab = 'history') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(<MyMentorsScreen tab={tab} onTabChange={() => {}} timeZone="Europe/Moscow" />, { path: '/MyMentorsPage', queryClient });
}

const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('MyMentorsScreen', () => {
  it('shows both counts, the history cards with 3 skills and the favourite state', async () => {
    mockFetch([
      { path: /\/api\/users\/my-mentors\/history/, body: history },
      { path: /\/api\/mentor-favorites/, body: favorites },
    ]);
    renderScreen('history');
    await waitFor(() => expect(screen.getAllByTestId('tab-count').map((el) => el.textContent)).toEqual(['3', '2']));
    expect(cardNames()).toEqual(['Ярослав Волков', 'Анна Соколова', 'Борис Ким']);
    const anna = screen.getByRole('article', { name: 'Анна Соколова' });
    expect(within(anna).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b', 'c', '+1']);
    expect(within(anna).getByRole('button', { name: 'Убрать из избранного' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(anna).getByRole('link', { name: 'Профиль ментора' }).getAttribute('href')).toBe('/mentor_info/2');
    expect(within(screen.getByRole('article', { name: 'Борис Ким' })).getByText(/5 занятий/)).toBeTruthy();
    // a session still ahead is the next one, not the last: «ближайшее», and «последнее» only for what has passed
    expect(within(screen.getByRole('article', { name: 'Ярослав Волков' })).getByText('2 занятия · ближайшее 1 марта 2026')).toBeTruthy();
    expect(within(anna).getByText('1 занятие · последнее 1 февраля 2026')).toBeTruthy();
  });

  it('filters by the search field and applies name sorting', async () => {
    mockFetch([
      { path: /\/api\/users\/my-mentors\/history/, body: history },
      { path: /\/api\/mentor-favorites/, body: favorites },
    ]);
    renderScreen('history');
    await screen.findByRole('article', { name: 'Борис Ким' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Сортировка' }), { target: { value: 'name_asc' } });
    expect(cardNames()).toEqual(['Анна Соколова', 'Борис Ким', 'Ярослав Волков']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по имени или специализации' }), { target: { value: 'тренер' } });
    expect(cardNames()).toEqual(['Ярослав Волков']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по имени или специализации' }), { target: { value: 'нет такого' } });
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
  });

  it('shows favourites newest first with 2 skills', async () => {
    mockFetch([
      { path: /\/api\/users\/my-mentors\/history/, body: history },
      { path: /\/api\/mentor-favorites/, body: favorites },
    ]);
    renderScreen('favorites');
    await screen.findByRole('article', { name: 'Вера Орлова' });
    expect(cardNames()).toEqual(['Вера Орлова', 'Анна Соколова']);
    const vera = screen.getByRole('article', { name: 'Вера Орлова' });
    expect(within(vera).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b', '+2']);
  });

  it("offers 'Найти ментора' when a list is empty", async () => {
    mockFetch([
      { path: /\/api\/users\/my-mentors\/history/, body: [] },
      { path: /\/api\/mentor-favorites/, body: [] },
    ]);
    renderScreen('favorites');
    expect((await screen.findByRole('link', { name: 'Найти ментора' })).getAttribute('href')).toBe('/AllMentors');
  });

  it('shows the spec error texts when the lists fail', async () => {
    mockFetch([
      { path: /\/api\/users\/my-mentors\/history/, status: 500, body: { detail: 'x', code: 'internal_error' } },
      { path: /\/api\/mentor-favorites/, status: 500, body: { detail: 'x', code: 'internal_error' } },
    ]);
    renderScreen('history');
    expect(await screen.findByText(HISTORY_LOAD_ERROR)).toBeTruthy();
    renderScreen('favorites');
    expect(await screen.findByText(FAVORITES_LOAD_ERROR)).toBeTruthy();
  });
});
