import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireRole } from '../features/session/guards.ts';

export const Route = createFileRoute('/MyMentee')({
  beforeLoad: ({ context }) => requireRole(context, 'mentor'),
  component: MyMenteePage,
});

function MyMenteePage() {
  return <ComingSoon title="Мои ученики" />;
}
