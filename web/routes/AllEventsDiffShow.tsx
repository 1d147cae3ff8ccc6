import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../features/account/guards.ts';
import { MyEventsScreen } from '../features/events/my-events-screen.tsx';

export const Route = createFileRoute('/AllEventsDiffShow')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: AllEventsDiffShowPage,
});

function AllEventsDiffShowPage() {
  const { user } = Route.useRouteContext();
  return <MyEventsScreen user={user} />;
}
