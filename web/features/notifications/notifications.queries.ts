import { queryOptions } from '@tanstack/react-query';
import type { AppNotification } from './notifications.types.ts';

export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      // The notifications API is not in the worker yet: an empty list keeps the bell working
      // (empty state) until GET /api/notifications/ lands; only this function changes then.
      queryFn: async (): Promise<AppNotification[]> => [],
      staleTime: 60_000,
    }),
};
