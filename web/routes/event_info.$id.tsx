import { createFileRoute } from '@tanstack/react-router';
import { eventQueries } from '../features/events/events.queries.ts';
import { EventPageScreen } from '../features/events/event-page-screen.tsx';

export const Route = createFileRoute('/event_info/$id')({
  // Warm the cache without blocking: a 404 is the page's own friendly state, not a router error.
  loader: ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return;
    // everything a visitor sees on it, so that the page rendered on the server shows it whole (decision 014)
    void context.queryClient.prefetchQuery(eventQueries.detail(id));
    void context.queryClient.prefetchQuery(eventQueries.reviews(id));
    void context.queryClient.prefetchQuery(eventQueries.upcoming());
  },
  component: EventInfoPage,
});

function EventInfoPage() {
  const { id } = Route.useParams();
  return <EventPageScreen key={id} eventId={Number(id)} />;
}
