import { StrictMode, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router.tsx';
import { rememberTimeZoneWhenIdle } from '../lib/viewer-time-zone.ts';

type AppRootProps = { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> };

/** The whole app as the browser mounts it and as the server renders a visitor's page: one tree, so the two match. */
export function AppRoot({ queryClient, router }: AppRootProps) {
  // Set once the tree is live (after hydration of a page rendered on the server): until then that page's controls
  // are only HTML. The browser tests wait for it before they click.
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    // tells the server the browser's zone for the next page it renders, after the first tap's moment
    rememberTimeZoneWhenIdle();
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
