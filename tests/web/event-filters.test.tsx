import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  ALL_CATEGORIES,
  DEFAULT_EVENT_FILTERS,
  EVENTS_SEARCH_DEBOUNCE_MS,
  eventListQuery,
  eventListSearchSchema,
  filtersFromSearch,
  searchFromFilters,
  toggleCategory,
} from '../../web/features/events/events.filters.ts';
import { EventFilters } from '../../web/features/events/event-filters.tsx';
import { api } from '../../web/lib/api-client.ts';

/** The query string the typed client sends for these filters. */
const buildEventListParams = (...args: Parameters<typeof eventListQuery>) =>
  new URL(api.events.load_more.$path({ query: eventListQuery(...args) }), 'http://app').searchParams;

describe('category selection (spec 000 §4)', () => {
  it("choosing 'all' clears the others", () => {
    expect(toggleCategory(['Хобби', 'Карьера'], ALL_CATEGORIES)).toEqual([ALL_CATEGORIES]);
  });
  it("choosing a specific one removes 'all'", () => {
    expect(toggleCategory([ALL_CATEGORIES], 'Хобби')).toEqual(['Хобби']);
    expect(toggleCategory(['Хобби'], 'Карьера')).toEqual(['Хобби', 'Карьера']);
  });
  it("deselecting the last specific one returns to 'all'", () => {
    expect(toggleCategory(['Хобби', 'Карьера'], 'Хобби')).toEqual(['Карьера']);
    expect(toggleCategory(['Карьера'], 'Карьера')).toEqual([ALL_CATEGORIES]);
  });
});

describe('filters → query parameters of /api/events/load_more/', () => {
  it('defaults: offset, limit 20, past hidden, the soonest first (issue 35 item 12)', () => {
    expect(buildEventListParams(DEFAULT_EVENT_FILTERS, 0).toString()).toBe('offset=0&limit=20&show_past=false&sort=soonest');
  });
  it('repeats the category key and sends every filter', () => {
    const params = buildEventListParams(
      { search: '  йога ', categories: ['Хобби', 'Здоровье'], min_price: 0, max_price: 3000, sort: 'price-desc', show_past: true },
      40,
    );
    expect(params.getAll('category')).toEqual(['Хобби', 'Здоровье']);
    expect(params.get('offset')).toBe('40');
    expect(params.get('search')).toBe('йога');
    expect(params.get('min_price')).toBe('0');
    expect(params.get('max_price')).toBe('3000');
    expect(params.get('show_past')).toBe('true');
    expect(params.get('sort')).toBe('price-desc');
  });
  it("leaves 'all categories' and missing bounds out", () => {
    const params = buildEventListParams({ ...DEFAULT_EVENT_FILTERS, search: '   ' }, 0);
    expect(params.has('category')).toBe(false);
    expect(params.has('min_price')).toBe(false);
    expect(params.has('search')).toBe(false);
  });
});

describe('URL search params', () => {
  it('round-trips filters and keeps defaults out of the URL', () => {
    const filters = { search: 'акварель', categories: ['Хобби' as const], min_price: 100, max_price: null, sort: 'oldest' as const, show_past: true };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(searchFromFilters(DEFAULT_EVENT_FILTERS)).toEqual({
      search: undefined,
      category: undefined,
      min_price: undefined,
      max_price: undefined,
      sort: undefined,
      show_past: undefined,
    });
  });
  it('drops invalid values instead of failing the page', () => {
    // what the router hands over from a link: parsed JSON values, hand-edited ones of the wrong kind included
    const read = (raw: Record<string, unknown>) => eventListSearchSchema(raw as Parameters<typeof eventListSearchSchema>[0]);
    expect(filtersFromSearch(read({ category: ['Хобби', 'Нет такой'], sort: 'cheap', min_price: -5, show_past: 'yes' }))).toEqual(DEFAULT_EVENT_FILTERS);
    expect(read({ category: ['Хобби'], sort: 'price-asc', min_price: 500, show_past: true })).toEqual({
      search: undefined,
      category: ['Хобби'],
      min_price: 500,
      max_price: undefined,
      sort: 'price-asc',
      show_past: true,
    });
  });
});

describe('EventFilters', () => {
  it('applies the search after a 700 ms pause', async () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      render(<EventFilters filters={DEFAULT_EVENT_FILTERS} onChange={onChange} onReset={vi.fn()} />);
      const input = screen.getByRole('searchbox', { name: 'Поиск мероприятий' });
      // a placeholder short enough to show whole beside «Фильтры» on a phone
      expect(input.getAttribute('placeholder')).toBe('Поиск');
      fireEvent.change(input, { target: { value: 'аква' } });
      await act(async () => vi.advanceTimersByTime(400));
      fireEvent.change(input, { target: { value: 'акварель' } });
      await act(async () => vi.advanceTimersByTime(EVENTS_SEARCH_DEBOUNCE_MS - 1));
      expect(onChange).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(1));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_EVENT_FILTERS, search: 'акварель' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies categories, sort and the past switch at once; reset restores the defaults', () => {
    const onChange = vi.fn();
    const onReset = vi.fn();
    const filters = { ...DEFAULT_EVENT_FILTERS, categories: ['Хобби' as const] };
    render(<EventFilters filters={filters} onChange={onChange} onReset={onReset} />);

    fireEvent.click(screen.getByRole('button', { name: 'Карьера' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, categories: ['Хобби', 'Карьера'] });
    fireEvent.click(screen.getByRole('button', { name: 'Хобби' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, categories: [ALL_CATEGORIES] });

    fireEvent.change(screen.getByLabelText('Сортировка'), { target: { value: 'price-asc' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, sort: 'price-asc' });

    fireEvent.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, show_past: true });

    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
