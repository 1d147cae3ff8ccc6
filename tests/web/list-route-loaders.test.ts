// /AllEvents and /AllMentors ask for the first page of their list from the route's loader, so the request starts as
// the route does (alongside its lazily loaded screen) instead of after the screen renders. The router is only loaded
// here, never rendered: a request can have come from the loader alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../../web/app/router-context.ts';
import { eventQueries } from '../../web/features/events/events.queries.ts';
import { DEFAULT_EVENT_FILTERS } from '../../web/features/events/events.filters.ts';
import { Route as EventsRoute } from '../../web/routes/AllEvents.tsx';
import { Route as MentorsRoute } from '../../web/routes/AllMentors.tsx';
import { mockFetch } from './mentor-test-utils.ts';

afterEach(() => vi.unstubAllGlobals());

function loadOnly(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const events = EventsRoute.update({ id: '/AllEvents', path: '/AllEvents', getParentRoute: () => rootRoute } as never);
  const mentors = MentorsRoute.update({ id: '/AllMentors', path: '/AllMentors', getParentRoute: () => rootRoute } as never);
  const router = createRouter({
    routeTree: rootRoute.addChildren([events as never, mentors as never]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  return { router, queryClient };
}

describe('the list routes’ loaders', () => {
  it('/AllEvents asks for the first page of the filtered list before anything renders', async () => {
    const { calls } = mockFetch([{ path: /\/api\/events\/load_more\//, body: { results: [], has_more: false } }]);
    const { router, queryClient } = loadOnly(`/AllEvents?category=${encodeURIComponent(JSON.stringify(['Хобби']))}&min_price=500`);
    await router.load();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const url = new URL(calls[0].url, 'http://app');
    expect(url.pathname).toBe('/api/events/load_more/');
    expect(url.searchParams.getAll('category')).toEqual(['Хобби']);
    expect(url.searchParams.get('min_price')).toBe('500');
    // under the key the screen reads, so the screen finds it in the cache
    const filters = { ...DEFAULT_EVENT_FILTERS, categories: ['Хобби' as const], min_price: 500 };
    await vi.waitFor(() => expect(queryClient.getQueryState(eventQueries.list(filters).queryKey)?.status).toBe('success'));
  });

  it('/AllMentors asks for the first page of the filtered list before anything renders', async () => {
    const { calls } = mockFetch([{ path: /\/api\/users\//, body: { results: [], has_more: false, count: 0 } }]);
    const { router } = loadOnly(`/AllMentors?search=${encodeURIComponent('"йога"')}`);
    await router.load();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const url = new URL(calls[0].url, 'http://app');
    expect(url.pathname).toMatch(/^\/api\/users\/?$/);
    expect(url.searchParams.get('search')).toBe('йога');
  });
});
