import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireRole } from '../features/session/guards.ts';

export const Route = createFileRoute('/edit_event/$id')({
  beforeLoad: ({ context }) => requireRole(context, 'mentor'),
  component: EditEventPage,
});

function EditEventPage() {
  const { id } = Route.useParams();
  return <ComingSoon title="Редактирование мероприятия" description={`Скоро здесь можно будет изменить мероприятие №${id}.`} />;
}
