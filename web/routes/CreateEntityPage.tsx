import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireRole } from '../features/session/guards.ts';

export const Route = createFileRoute('/CreateEntityPage')({
  beforeLoad: ({ context }) => requireRole(context, 'mentor'),
  component: CreateEntityPage,
});

function CreateEntityPage() {
  return <ComingSoon title="Редактор сессий" />;
}
