import { createFileRoute } from '@tanstack/react-router';
import { searchId, searchOneOf, searchParams } from '../lib/search-params.ts';
import { scheduleQueries } from '../features/schedule/schedule.api.ts';
import { dayKey, DEFAULT_TIME_ZONE, mainWindow } from '../features/schedule/schedule-items.ts';
import { ScheduleScreen } from '../features/schedule/schedule-screen.tsx';
import { SlotPicker } from '../features/booking/slot-picker.tsx';
import { HISTORY_FILTER_VALUES, SCHEDULE_TABS, type ScheduleView } from '../features/schedule/schedule-tabs.ts';
import { requireAuth } from '../features/account/guards.ts';
import { useSession } from '../lib/session/use-session.ts';

// The open tab, the history's filter and the booking whose details are open live in the address; an unknown value
// reads as the default.
const calendarSearch = searchParams((raw): ScheduleView => ({
  tab: searchOneOf(raw.tab, SCHEDULE_TABS),
  filter: searchOneOf(raw.filter, HISTORY_FILTER_VALUES),
  booking: searchId(raw.booking),
}));

export const Route = createFileRoute('/CalendarPage')({
  validateSearch: calendarSearch,
  beforeLoad: ({ context, location }) => requireAuth(context, location),
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
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  // a tab is a view of the same page: it replaces the history entry rather than adding one per click
  const onViewChange = (next: ScheduleView) => void navigate({ search: next, replace: true });
  // the booking dialog's slot picker, so «Перенести» offers what booking would (decision 024)
  return <ScheduleScreen key={user.id} viewer={user} view={view} onViewChange={onViewChange} slotPicker={SlotPicker} />;
}
