import { createFileRoute } from '@tanstack/react-router';
import { scheduleQueries } from '../features/schedule/schedule.api.ts';
import { dayKey, DEFAULT_TIME_ZONE, mainWindow } from '../features/schedule/schedule-items.ts';
import { ScheduleScreen } from '../features/schedule/schedule-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { useSession } from '../lib/session/use-session.ts';

export const Route = createFileRoute('/CalendarPage')({
  beforeLoad: ({ context }) => requireAuth(context),
  // Warm the page's window without blocking: the lists show their own spinner and error.
  loader: ({ context: { queryClient, user } }) => {
    const range = mainWindow(dayKey(Date.now(), user.time_zone || DEFAULT_TIME_ZONE));
    void queryClient.prefetchQuery(scheduleQueries.window(user.id, range.startDate, range.endDate));
  },
  component: CalendarPage,
});

function CalendarPage() {
  const { user: guarded } = Route.useRouteContext();
  // The cached session follows role and time zone changes at once; the guard's copy covers a logout's moment.
  const user = useSession().user ?? guarded;
  return <ScheduleScreen key={user.id} viewer={user} />;
}
