import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/Support')({
  component: SupportPage,
});

function SupportPage() {
  return <ComingSoon title="Поддержка" />;
}
