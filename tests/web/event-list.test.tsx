import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { DEFAULT_EVENT_FILTERS } from '../../web/features/events/events.filters.ts';
import { EventListScreen } from '../../web/features/events/event-list-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { makeEventListItem } from './event-test-utils.ts';

function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, null);
  return queryClient;
}

const item = (id: number) => makeEventListItem({ id, title: `Мероприятие ${id}`, mentor: 1 });

describe('EventListScreen', () => {
  it('requests the first page with the filters and renders the cards', async () => {
    const fetchMock = vi.fn(async () => Response.json({ results: [item(1), item(2)], has_more: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<EventListScreen filters={{ ...DEFAULT_EVENT_FILTERS, categories: ['Хобби', 'Карьера'] }} onFiltersChange={vi.fn()} />, { queryClient: client() });
    expect(await screen.findByRole('link', { name: 'Мероприятие 2' })).toBeTruthy();
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toBe('/api/events/load_more/?offset=0&limit=20&show_past=false&category=%D0%A5%D0%BE%D0%B1%D0%B1%D0%B8&category=%D0%9A%D0%B0%D1%80%D1%8C%D0%B5%D1%80%D0%B0&sort=soonest');
  });

  it('shows the empty state with a reset button', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ results: [], has_more: false })));
    const onFiltersChange = vi.fn();
    renderWithRouter(<EventListScreen filters={{ ...DEFAULT_EVENT_FILTERS, search: 'нет такого' }} onFiltersChange={onFiltersChange} />, { queryClient: client() });
    expect(await screen.findByText('Мероприятия не найдены. Попробуйте изменить фильтры.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(onFiltersChange).toHaveBeenCalledWith(DEFAULT_EVENT_FILTERS);
  });

  it("shows the server's message on failure, no list, and retries from the start", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ detail: 'Некорректная сортировка', code: 'validation_error' }, { status: 400 }))
      .mockResolvedValue(Response.json({ results: [item(3)], has_more: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<EventListScreen filters={DEFAULT_EVENT_FILTERS} onFiltersChange={vi.fn()} />, { queryClient: client() });
    expect(await screen.findByText('Некорректная сортировка')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Список мероприятий' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Мероприятие 3' })).toBeTruthy();
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('offset=0'));
  });
});
