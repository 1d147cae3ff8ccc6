import { createFileRoute } from '@tanstack/react-router';
import { ScheduleScreen } from '../features/schedule/schedule-screen.tsx';
import { requireAuth } from '../features/session/guards.ts';
import { useSession } from '../features/session/use-session.ts';

export const Route = createFileRoute('/CalendarPage')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: CalendarPage,
});

function CalendarPage() {
  const { user: guarded } = Route.useRouteContext();
  // The cached session follows role and time zone changes at once; the guard's copy covers a logout's moment.
  const user = useSession().user ?? guarded;
  return <ScheduleScreen key={user.id} viewer={user} />;
}
