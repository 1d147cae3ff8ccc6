import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/NewLandingMentor')({
  staticData: { layout: 'Landing' },
  component: NewLandingMentorPage,
});

function NewLandingMentorPage() {
  return <ComingSoon title="Для наставников" home={{ to: '/', label: 'На главную' }} />;
}
