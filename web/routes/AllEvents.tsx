import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { eventListSearchSchema, filtersFromSearch, searchFromFilters, type EventFilters } from '../features/events/events.filters.ts';
import { EventListScreen } from '../features/events/event-list-screen.tsx';
import { eventQueries } from '../features/events/events.queries.ts';
import { useSession } from '../lib/session/use-session.ts';

export const Route = createFileRoute('/AllEvents')({
  staticData: { layout: 'Search' },
  // The filters live in the URL, so a filtered list can be shared and survives a reload.
  validateSearch: eventListSearchSchema,
  // The first page of the list is asked for as the route starts, alongside its code, not after it renders.
  loaderDeps: ({ search }) => filtersFromSearch(search),
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(eventQueries.list(deps)),
  component: AllEventsPage,
});

function AllEventsPage() {
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = filtersFromSearch(search);
  const onFiltersChange = useCallback(
    (next: EventFilters) => void navigate({ search: searchFromFilters(next), replace: true, resetScroll: false }),
    [navigate],
  );
  return <EventListScreen filters={filters} onFiltersChange={onFiltersChange} timeZone={user?.time_zone} />;
}
