import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/loads')({
  component: LoadsPage,
});

function LoadsPage() {
  return <ComingSoon title="Загрузки" />;
}
