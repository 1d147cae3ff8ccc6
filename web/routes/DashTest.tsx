import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/DashTest')({
  component: DashTestPage,
});

function DashTestPage() {
  return <ComingSoon title="Демо-витрина" />;
}
