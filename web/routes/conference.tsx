import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/conference')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: ConferencePage,
});

function ConferencePage() {
  return <ComingSoon title="Видеоконференция" />;
}
