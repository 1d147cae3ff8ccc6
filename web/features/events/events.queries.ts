import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { eventQueries as eventResource } from '../../lib/events/events.queries.ts';
import { retryOnce } from '../../lib/query-retry.ts';
import { DEFAULT_EVENT_FILTERS, type EventFilters } from './events.filters.ts';
import { checkRegistration, fetchEventCanReview, fetchEventLine, fetchEventPage, fetchEventRegistrations, fetchEventReviews, fetchMyRegistrations } from './events.api.ts';

/**
 * The events resource's query factory (docs/architecture.md, convention 7): its root and shared reads
 * (web/lib/events/events.queries.ts: `all`, `lists`, `detail`, `byUser`) plus the reads only this feature makes, under the same
 * root.
 */
export const eventQueries = {
  ...eventResource,
  list: (filters: EventFilters) =>
    infiniteQueryOptions({
      queryKey: [...eventResource.lists(), filters] as const,
      queryFn: ({ pageParam }) => fetchEventPage(filters, pageParam),
      initialPageParam: 0,
      getNextPageParam: (lastPage, pages) => (lastPage.has_more ? pages.reduce((sum, page) => sum + page.results.length, 0) : undefined),
      // One retry for a network blip or a 5xx; the caller's mistakes (4xx) show at once with the retry button.
      retry: retryOnce,
    }),
  /** The first page of upcoming events ("Мероприятия" on the event page). */
  upcoming: () =>
    queryOptions({
      queryKey: [...eventResource.all(), 'upcoming'] as const,
      queryFn: () => fetchEventPage(DEFAULT_EVENT_FILTERS, 0),
      staleTime: 60_000,
    }),
  registrations: (id: number) =>
    queryOptions({
      queryKey: [...eventResource.all(), id, 'registrations'] as const,
      // Spec 000 §8: a failed registrations load counts as an empty list.
      queryFn: () => fetchEventRegistrations(id).catch((error: unknown) => (console.error('events: registrations failed', error), [])),
    }),
  registration: (id: number, userId: number) =>
    queryOptions({
      queryKey: [...eventResource.all(), id, 'registration', userId] as const,
      // Spec 000 §8: a failed registration check reads as "not registered".
      queryFn: () =>
        checkRegistration(id, userId).catch((error: unknown) => (console.error('events: registration check failed', error), { is_registered: false, status: null })),
    }),
  /** the event's line as this viewer sees it (their place; who waits, for its mentor): keyed by the viewer */
  line: (id: number, userId: number) =>
    queryOptions({
      queryKey: [...eventResource.all(), id, 'waitlist', userId] as const,
      queryFn: () => fetchEventLine(id),
    }),
  reviews: (id: number) =>
    queryOptions({
      queryKey: [...eventResource.all(), id, 'reviews'] as const,
      queryFn: () => fetchEventReviews(id).catch((error: unknown) => (console.error('events: reviews failed', error), [])),
    }),
  /** whether this person may review the event (GET /api/event_reviews/can-review/); keyed by the person, as it is theirs */
  canReview: (id: number, userId: number) =>
    queryOptions({
      queryKey: [...eventResource.all(), id, 'can-review', userId] as const,
      queryFn: () => fetchEventCanReview(id),
    }),
  registered: () =>
    queryOptions({
      queryKey: [...eventResource.all(), 'registered'] as const,
      queryFn: fetchMyRegistrations,
    }),
};
