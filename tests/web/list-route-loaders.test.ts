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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fetchMe } from '../../web/lib/session/session.api.ts';
import { mockFetch } from './mentor-test-utils.ts';

/** The paths public/early-data.js starts before the app's JavaScript arrives. */
const earlyScript = readFileSync(path.resolve(import.meta.dirname, '../../public/early-data.js'), 'utf8');
const earlyPath = (name: string) => new RegExp(`var ${name} = '([^']+)'`).exec(earlyScript)![1];

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__formaEarly;
});

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

describe('the answers started before the JavaScript (public/early-data.js)', () => {
  const pathOf = (url: string) => {
    const u = new URL(url, window.location.origin);
    return u.pathname + u.search;
  };

  it('are the very requests the unfiltered list routes and the session make', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/events\/load_more\//, body: { results: [], has_more: false } },
      { path: /\/api\/users\?/, body: { results: [], has_more: false, count: 0 } },
      { path: /\/api\/users\/me/, status: 401, body: { detail: 'Требуется вход', code: 'unauthorized' } },
    ]);
    await loadOnly('/AllEvents').router.load();
    await loadOnly('/AllMentors').router.load();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await fetchMe().catch(() => undefined);
    const paths = calls.map((c) => pathOf(c.url));
    expect(paths[0]).toBe(earlyPath('EVENTS_FIRST_PAGE'));
    expect(paths[1]).toBe(earlyPath('MENTORS_FIRST_PAGE'));
    expect(paths).toContain(earlyPath('SESSION'));
  });

  it('answer the first request for their path once, within the first seconds, GET only', async () => {
    const page = { results: [{ id: 7 }], has_more: false };
    const early = Promise.resolve(new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }));
    window.__formaEarly = { startedAt: Date.now(), responses: { [earlyPath('EVENTS_FIRST_PAGE')]: early } };
    const { calls } = mockFetch([{ path: /\/api\/events\/load_more\//, body: { results: [], has_more: false } }]);
    const { router, queryClient } = loadOnly('/AllEvents');
    await router.load();
    await vi.waitFor(() => expect(queryClient.getQueryState(eventQueries.list(DEFAULT_EVENT_FILTERS).queryKey)?.status).toBe('success'));
    // the loader took the early answer: no request of its own
    expect(calls).toHaveLength(0);
    expect(queryClient.getQueryData(eventQueries.list(DEFAULT_EVENT_FILTERS).queryKey)?.pages[0].results).toEqual([{ id: 7 }]);
    // taken once: the next load asks the server
    await loadOnly('/AllEvents').router.load();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
  });

  it('are not used after the first seconds of the page', async () => {
    const early = Promise.resolve(new Response('{"results":[],"has_more":false}', { status: 200 }));
    window.__formaEarly = { startedAt: Date.now() - 11_000, responses: { [earlyPath('EVENTS_FIRST_PAGE')]: early } };
    const { calls } = mockFetch([{ path: /\/api\/events\/load_more\//, body: { results: [], has_more: false } }]);
    await loadOnly('/AllEvents').router.load();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(window.__formaEarly).toBeUndefined();
  });
});
