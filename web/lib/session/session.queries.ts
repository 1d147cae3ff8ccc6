import { queryOptions } from '@tanstack/react-query';
import { fetchMe } from './session.api.ts';

export const sessionQueries = {
  all: () => ['session'] as const,
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'me'] as const,
      queryFn: fetchMe,
      // The session changes only through login/logout/expiry, which write this cache entry themselves.
      staleTime: 5 * 60_000,
      // apiFetch already retried once after a refresh; repeating would only delay showing the visitor UI.
      retry: false,
    }),
};
