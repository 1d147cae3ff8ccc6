import { createFileRoute } from '@tanstack/react-router';
import { NotificationsScreen } from '../features/notifications/notifications-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';

// No loader warming the list: it would pull the notifications code into the initial bundle, and a
// signed-in user's bell has usually loaded the first page already.
export const Route = createFileRoute('/notifications')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { user } = Route.useRouteContext();
  return <NotificationsScreen timeZone={user.time_zone ?? undefined} />;
}
