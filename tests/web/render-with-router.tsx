import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';

/**
 * Renders a component inside a minimal router (for <Link>) and a fresh query client.
 * The router renders asynchronously: query the result with findBy*, not getBy*.
 */
export function renderWithRouter(ui: ReactNode, { path = '/', queryClient = new QueryClient() }: { path?: string; queryClient?: QueryClient } = {}) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
