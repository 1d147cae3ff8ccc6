import { createFileRoute, redirect } from '@tanstack/react-router';

// The session editor shares events as /EventInfoPage/{id} (spec 002 §2.1); the event page lives at /event_info/{id}/.
export const Route = createFileRoute('/EventInfoPage/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/event_info/$id', params: { id: params.id }, replace: true });
  },
});
