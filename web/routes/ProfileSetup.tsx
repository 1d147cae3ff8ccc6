import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/ProfileSetup')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: ProfileSetupPage,
});

function ProfileSetupPage() {
  return <ComingSoon title="Настройка профиля" />;
}
