import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/become-mentor')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: BecomeMentorPage,
});

function BecomeMentorPage() {
  return <ComingSoon title="Стать наставником" />;
}
