import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { AnalyticsScreen } from '../features/analytics/analytics-screen.tsx';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from '../features/analytics/analytics-period.ts';
import { requireAuth } from '../features/session/guards.ts';

const searchSchema = z.object({
  // The selected period (spec 002 §2.9); a missing or unknown value shows the month.
  period: z.catch(z._default(z.enum(ANALYTICS_PERIODS), DEFAULT_ANALYTICS_PERIOD), DEFAULT_ANALYTICS_PERIOD),
});

export const Route = createFileRoute('/Statistics')({
  validateSearch: searchSchema,
  beforeLoad: ({ context }) => requireAuth(context),
  component: StatisticsPage,
});

function StatisticsPage() {
  const { period } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AnalyticsScreen period={period} onPeriodChange={(next) => void navigate({ search: { period: next }, replace: true })} />;
}
