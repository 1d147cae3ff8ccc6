import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/mentor_info/$mentorId')({
  component: MentorInfoPage,
});

function MentorInfoPage() {
  const { mentorId } = Route.useParams();
  return <ComingSoon title="Профиль наставника" description={`Здесь будет профиль наставника №${mentorId}: опыт, отзывы и запись на консультацию.`} />;
}
