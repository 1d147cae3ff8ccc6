import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/Statistics')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: StatisticsPage,
});

function StatisticsPage() {
  return <ComingSoon title="Аналитика ментора" />;
}
