import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { eventListSearchSchema, filtersFromSearch, searchFromFilters, type EventFilters } from '../features/events/events.filters.ts';
import { EventListScreen } from '../features/events/event-list-screen.tsx';

export const Route = createFileRoute('/AllEvents')({
  staticData: { layout: 'Search' },
  // The filters live in the URL, so a filtered list can be shared and survives a reload.
  validateSearch: eventListSearchSchema,
  component: AllEventsPage,
});

function AllEventsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = filtersFromSearch(search);
  const onFiltersChange = useCallback(
    (next: EventFilters) => void navigate({ search: searchFromFilters(next), replace: true, resetScroll: false }),
    [navigate],
  );
  return <EventListScreen filters={filters} onFiltersChange={onFiltersChange} />;
}
