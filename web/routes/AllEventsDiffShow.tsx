import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/AllEventsDiffShow')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: AllEventsDiffShowPage,
});

function AllEventsDiffShowPage() {
  return <ComingSoon title="Мои мероприятия" />;
}
