import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/BaseMeet')({
  component: BaseMeetPage,
});

function BaseMeetPage() {
  return <ComingSoon title="Прототип видеовстречи" />;
}
