import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { guardRouteChunks } from '../lib/route-chunks.ts';
import { routeTree } from '../routeTree.gen.ts';

/** The app's router; the browser's history unless one is given (the server renders a page from a memory history). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Freshness is the query cache's job; let the router always call loaders, which read from it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
  });
  // a page's code that stalls gives up after spec 002's 120 s, and the root error boundary asks for a reload
  guardRouteChunks(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
