import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchNotificationsPage } from './notifications.api.ts';

/**
 * The bell and /notifications read the same paged list, so a live message, a mark-read or a refetch
 * updates both through one cache entry: the bell shows the first items of page 1, the page all loaded pages.
 */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: ({ pageParam }) => fetchNotificationsPage(pageParam),
      initialPageParam: 1,
      getNextPageParam: (lastPage) => lastPage.next ?? undefined,
      // the live connection keeps the list current; this only bounds how stale it gets if that fails
      staleTime: 60_000,
    }),
};
