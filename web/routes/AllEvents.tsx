import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/AllEvents')({
  staticData: { layout: 'Search' },
  component: AllEventsPage,
});

function AllEventsPage() {
  return <ComingSoon title="Мероприятия" />;
}
