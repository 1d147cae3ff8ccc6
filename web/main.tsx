// first: zod's settings before any schema parses (the CSP forbids eval)
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
// Self-hosted variable Inter (Latin + Cyrillic subsets); no third-party font requests.
import '@fontsource-variable/inter';
import './styles.css';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { bindSessionExpiry } from './lib/session/session-cache.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
bindSessionExpiry(queryClient, router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
