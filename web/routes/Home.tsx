import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/Home')({
  component: HomePage,
});

function HomePage() {
  return <ComingSoon title="Главная" home={{ to: '/AllMentors', label: 'Найти наставника' }} />;
}
