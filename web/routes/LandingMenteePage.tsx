import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/LandingMenteePage')({
  staticData: { layout: 'Landing' },
  component: LandingMenteePage,
});

function LandingMenteePage() {
  return <ComingSoon title="Хочу учиться" home={{ to: '/AllMentors', label: 'Выбрать наставника' }} />;
}
