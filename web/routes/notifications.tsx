import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/notifications')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: NotificationsPage,
});

function NotificationsPage() {
  return <ComingSoon title="Уведомления" />;
}
