import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/AllMentors')({
  staticData: { layout: 'Search' },
  component: AllMentorsPage,
});

function AllMentorsPage() {
  return <ComingSoon title="Наставники" />;
}
