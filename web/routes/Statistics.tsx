import { createFileRoute } from '@tanstack/react-router';
import { searchOneOf, searchParams } from '../lib/search-params.ts';
import { AnalyticsScreen } from '../features/analytics/analytics-screen.tsx';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from '../features/analytics/analytics-period.ts';
import { requireAuth } from '../features/account/guards.ts';
import { EarningsSection } from '../features/earnings/earnings-section.tsx';

const searchSchema = searchParams((raw) => ({
  // The selected period (spec 002 §2.9); a missing or unknown value shows the month.
  period: searchOneOf(raw.period, ANALYTICS_PERIODS) ?? DEFAULT_ANALYTICS_PERIOD,
}));

export const Route = createFileRoute('/Statistics')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: StatisticsPage,
});

function StatisticsPage() {
  const { period } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = Route.useRouteContext();
  // The money is what a mentor looks for first after a sale, and no period of analytics shows money still held.
  const earnings = user.user_role === 'mentor' ? <EarningsSection userId={user.id} timeZone={user.time_zone ?? undefined} /> : undefined;
  return <AnalyticsScreen period={period} onPeriodChange={(next) => void navigate({ search: { period: next }, replace: true })} earnings={earnings} />;
}
