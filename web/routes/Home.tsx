import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { EarningsGlance } from '../features/earnings/earnings-section.tsx';
import { homeQueries } from '../features/home/home.api.ts';
import { useSession } from '../lib/session/use-session.ts';

export const Route = createFileRoute('/Home')({
  // Public. Warm the recommendations without blocking: every block of the page has its own skeleton.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(homeQueries.topMentors());
    void context.queryClient.prefetchQuery(homeQueries.upcomingEvents());
  },
  component: HomePage,
});

function HomePage() {
  const { user, isPending } = useSession();
  // A mentor's home is their own work and money, not other mentors to book (issue 35).
  const mentorPanel = user?.user_role === 'mentor' ? <EarningsGlance userId={user.id} /> : undefined;
  return <HomeScreen viewer={user} viewerPending={isPending} mentorPanel={mentorPanel} />;
}
