import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { routeTree } from '../routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Freshness is the query cache's job; let the router always call loaders, which read from it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
