import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/MyMentorsPage')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: MyMentorsPage,
});

function MyMentorsPage() {
  return <ComingSoon title="Мои наставники" />;
}
