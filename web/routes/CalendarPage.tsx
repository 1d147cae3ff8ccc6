import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/CalendarPage')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: CalendarPage,
});

function CalendarPage() {
  return <ComingSoon title="Календарь" />;
}
