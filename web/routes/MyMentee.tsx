import { createFileRoute } from '@tanstack/react-router';
import { MyMenteesScreen } from '../features/my-mentees/my-mentees-screen.tsx';
import { requireRole } from '../features/account/guards.ts';
import { useSession } from '../lib/session/use-session.ts';

export const Route = createFileRoute('/MyMentee')({
  beforeLoad: ({ context, location }) => requireRole(context, location, 'mentor'),
  component: MyMenteePage,
});

function MyMenteePage() {
  const { user } = useSession();
  return <MyMenteesScreen timeZone={user?.time_zone ?? undefined} />;
}
