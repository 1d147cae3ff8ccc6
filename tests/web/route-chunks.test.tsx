// A page's code that fails or stalls (spec 002 §9: 120 s) ends in «Обновите страницу» with a reload button, through
// the app's own root error boundary (issue 41).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, RouterProvider } from '@tanstack/react-router';
import { Route as AppRoot } from '../../web/routes/__root.tsx';
import { CHUNK_TIMEOUT_MS, guardRouteChunks } from '../../web/lib/route-chunks.ts';

/** A router like the app's (its root error boundary, guarded chunks) with one lazily loaded page at /page. */
function renderLazyPage(importer: () => Promise<{ default: () => React.ReactNode }>) {
  const root = createRootRoute({ component: Outlet, errorComponent: AppRoot.options.errorComponent });
  const page = createRoute({ getParentRoute: () => root, path: '/page', component: lazyRouteComponent(importer) });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/page'] }) });
  guardRouteChunks(router);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const reload = vi.fn();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('location', { ...window.location, href: window.location.href, origin: window.location.origin, pathname: window.location.pathname, reload });
});
afterEach(() => {
  vi.useRealTimers();
  reload.mockReset();
  sessionStorage.clear();
});

describe('a page whose code does not load', () => {
  it('stalled: after 120 s (not before) asks to reload the page, and the button reloads it', async () => {
    vi.useFakeTimers();
    renderLazyPage(() => new Promise(() => {}));

    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('heading', { name: 'Обновите страницу' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));

    expect(screen.getByRole('heading', { level: 1, name: 'Обновите страницу' })).toBeTruthy();
    expect(screen.queryByText('Внутренняя ошибка сервера')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить страницу' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('failed (the file is gone, the router already reloaded once): asks to reload instead of the 500 page', async () => {
    const message = 'Failed to fetch dynamically imported module: http://127.0.0.1/assets/page-abc123.js';
    // the router reloads by itself once per missing file; this is the failure after that reload
    sessionStorage.setItem(`tanstack_router_reload:${message}`, '1');
    renderLazyPage(() => Promise.reject(new TypeError(message)));

    expect(await screen.findByRole('heading', { level: 1, name: 'Обновите страницу' })).toBeTruthy();
    expect(screen.queryByText('Внутренняя ошибка сервера')).toBeNull();
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeTruthy();
  });

  it('any other error in a page still shows the 500 page with «Попробовать снова»', async () => {
    renderLazyPage(async () => ({
      default: () => {
        throw new Error('boom');
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Внутренняя ошибка сервера' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Попробовать снова' })).toBeTruthy();
  });
});
