import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/Profile')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: ProfilePage,
});

function ProfilePage() {
  return <ComingSoon title="Профиль" />;
}
