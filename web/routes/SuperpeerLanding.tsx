import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/SuperpeerLanding')({
  staticData: { layout: 'Landing' },
  component: SuperpeerLandingPage,
});

function SuperpeerLandingPage() {
  return <ComingSoon title="Трансляции и курсы" home={{ to: '/', label: 'На главную' }} />;
}
