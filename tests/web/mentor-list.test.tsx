import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MentorListScreen } from '../../web/features/mentors/mentor-list-screen.tsx';
import { foundMentorsText, type MentorFilters } from '../../web/features/mentors/mentor-filters.ts';
import { mentorListQuery } from '../../web/features/mentors/mentors.api.ts';
import { useDebouncedCommit } from '../../web/features/mentors/use-debounced-commit.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentor, mockFetch } from './mentor-test-utils.ts';

afterEach(() => vi.useRealTimers());

const page = (count: number, has_more = false, price_range = { min: 300, max: 9500 }) => ({
  results: Array.from({ length: count }, (_, i) => makeMentor({ id: i + 1, mentor_name: `Ментор${i + 1}` })),
  has_more,
  count,
  price_range,
});
const optionValues = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.value);

function renderList(filters: MentorFilters = {}) {
  const onFiltersChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithRouter(<MentorListScreen filters={filters} onFiltersChange={onFiltersChange} isSignedIn={false} />, { path: '/AllMentors', queryClient });
  return onFiltersChange;
}

describe('mentor list filters', () => {
  it('sends categories as repeated keys and the price bounds', async () => {
    const { calls } = mockFetch([{ path: /\/api\/users\?/, body: page(2) }]);
    renderList({ search: 'резюме', category: ['Карьера', 'Здоровье'], min_price: 500, max_price: 2000 });
    expect(await screen.findByText('Найдено 2 наставника')).toBeTruthy();
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toMatch(/^\/api\/users\/?$/);
    expect(url.searchParams.getAll('category')).toEqual(['Здоровье', 'Карьера']);
    expect(url.searchParams.get('search')).toBe('резюме');
    expect(url.searchParams.get('min_price')).toBe('500');
    expect(url.searchParams.get('max_price')).toBe('2000');
    expect(url.searchParams.get('offset')).toBe('0');
    expect(url.searchParams.get('limit')).toBe('24');
  });

  it('leaves empty filters out of the query', () => {
    expect(mentorListQuery({}, 24)).toEqual({ search: undefined, category: [], min_price: undefined, max_price: undefined, offset: '24', limit: '24' });
  });

  it('writes a category and a price choice back as filters', async () => {
    mockFetch([{ path: /\/api\/users\?/, body: page(1) }]);
    const onChange = renderList({ category: ['Здоровье'] });
    await screen.findByText('Найден 1 наставник');
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Карьера' })[0]!);
    expect(onChange).toHaveBeenLastCalledWith({ category: ['Здоровье', 'Карьера'] });
    fireEvent.change(screen.getAllByLabelText('От')[0]!, { target: { value: '500' } });
    expect(onChange).toHaveBeenLastCalledWith({ category: ['Здоровье'], min_price: 500 });
  });

  // issue 35, item 10: the steps stopped at 2 000 ₽ while prices reached 9 500 ₽
  it('offers price bounds fitted to the prices mentors ask, keeping a bound from the URL', async () => {
    mockFetch([{ path: /\/api\/users\?/, body: page(1, false, { min: 1000, max: 9500 }) }]);
    renderList({ max_price: 1234 });
    await screen.findByText('Найден 1 наставник');
    await waitFor(() => expect(optionValues(screen.getAllByLabelText('От')[0]!)).toEqual(['', '1500', '2000', '3000', '4000', '5000', '7500']));
    expect(optionValues(screen.getAllByLabelText('До')[0]!)).toEqual(['', '1000', '1234', '1500', '2000', '3000', '4000', '5000', '7500']);
  });

  it('commits the search text to the filters after typing stops', async () => {
    mockFetch([{ path: /\/api\/users\?/, body: page(1) }]);
    const onChange = renderList();
    const input = await screen.findByRole('searchbox', { name: 'Поиск наставников' });
    fireEvent.change(input, { target: { value: 'йога' } });
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'йога' }));
  });

  it('shows the empty state with a reset', async () => {
    mockFetch([{ path: /\/api\/users\?.*offset=0/, body: { results: [], has_more: false, count: 0 } }]);
    const onChange = renderList({ category: ['Хобби'] });
    expect(await screen.findByText('Наставники не найдены')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Сбросить фильтры' }).at(-1)!);
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('pages with "Показать ещё" from the next offset', async () => {
    const { calls } = mockFetch([
      { path: /offset=0/, body: page(24, true) },
      { path: /offset=24/, body: { results: [makeMentor({ id: 99, mentor_name: 'Последний' })], has_more: false, count: 25 } },
    ]);
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Последний Соколова')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('offset=24');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('shows the error state with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch([{ path: /\/api\/users\?/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]);
    renderList();
    expect(await screen.findByText('Не удалось загрузить наставников')).toBeTruthy();
    expect(screen.getByText('Внутренняя ошибка сервера')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});

describe('search debounce', () => {
  it('waits 200 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result } = renderHook(() => useDebouncedCommit('', commit, 200));
    act(() => result.current[1]('й'));
    act(() => vi.advanceTimersByTime(150));
    act(() => result.current[1]('йо'));
    act(() => vi.advanceTimersByTime(199));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith('йо');
  });

  it('follows a reset from outside without committing again', () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebouncedCommit(value, commit, 200), { initialProps: { value: 'йога' } });
    rerender({ value: '' });
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(500));
    expect(commit).not.toHaveBeenCalled();
  });
});

describe('result count', () => {
  it('uses Russian plurals', () => {
    expect(foundMentorsText(1)).toBe('Найден 1 наставник');
    expect(foundMentorsText(3)).toBe('Найдено 3 наставника');
    expect(foundMentorsText(11)).toBe('Найдено 11 наставников');
    expect(foundMentorsText(21)).toBe('Найден 21 наставник');
    expect(foundMentorsText(48)).toBe('Найдено 48 наставников');
  });
});
