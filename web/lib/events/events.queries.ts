import { queryOptions } from '@tanstack/react-query';
import { retryOnce } from '../query-retry.ts';
import { fetchEvent, fetchUserEvents } from './events.api.ts';

/**
 * The root of the events resource's query keys (docs/architecture.md, convention 7) and the reads several features
 * share: GetEvent is read under `detail` only, GetUserEvents under `byUser` only (the mentor page, «Мои мероприятия»
 * and the session editor show the same list). A write to an event invalidates `all()`, so every view of it refreshes.
 * The events feature adds its own reads under the same root (web/features/events/events.queries.ts).
 */
export const eventQueries = {
  all: () => ['events'] as const,
  lists: () => [...eventQueries.all(), 'list'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), id] as const,
      queryFn: () => fetchEvent(id),
      retry: retryOnce,
    }),
  /** A mentor's events. */
  byUser: (userId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'user', userId] as const,
      queryFn: () => fetchUserEvents(userId),
    }),
};
