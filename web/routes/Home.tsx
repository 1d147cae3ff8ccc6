import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home/home-screen.tsx';
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
  return <HomeScreen viewer={user} viewerPending={isPending} />;
}
