import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/event-conference/$event_id')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: EventConferencePage,
});

function EventConferencePage() {
  const { event_id } = Route.useParams();
  return <ComingSoon title="Видеовстреча мероприятия" description={`Скоро здесь откроется видеовстреча мероприятия №${event_id}.`} />;
}
