import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/')({
  staticData: { layout: 'Landing' },
  component: MentorLandingPage,
});

function MentorLandingPage() {
  return <ComingSoon title="Хочу учить" home={{ to: '/AllMentors', label: 'Найти наставника' }} />;
}
