import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { requireAuth } from '../features/session/guards.ts';

export const Route = createFileRoute('/booking-conference/$booking_id')({
  beforeLoad: ({ context }) => requireAuth(context),
  component: BookingConferencePage,
});

function BookingConferencePage() {
  const { booking_id } = Route.useParams();
  return <ComingSoon title="Видеовстреча консультации" description={`Скоро здесь откроется видеовстреча по записи №${booking_id}.`} />;
}
