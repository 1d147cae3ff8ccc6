import { createFileRoute } from '@tanstack/react-router';
import { eventQueries } from '../features/events/events.queries.ts';
import { EventPageScreen } from '../features/events/event-page-screen.tsx';

export const Route = createFileRoute('/event_info/$id')({
  // Warm the cache without blocking: a 404 is the page's own friendly state, not a router error.
  loader: ({ context, params }) => {
    const id = Number(params.id);
    if (Number.isInteger(id) && id > 0) void context.queryClient.prefetchQuery(eventQueries.detail(id));
  },
  component: EventInfoPage,
});

function EventInfoPage() {
  const { id } = Route.useParams();
  return <EventPageScreen key={id} eventId={Number(id)} />;
}
