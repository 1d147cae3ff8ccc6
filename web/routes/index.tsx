import { createFileRoute } from '@tanstack/react-router';
import { platformStatsQueries } from '../features/landings/platform-stats.api.ts';
import { MentorLanding } from '../features/landings/mentor-landing.tsx';

export const Route = createFileRoute('/')({
  staticData: { layout: 'Landing' },
  // the counts come with the page a visitor gets from the server (decision 014), and start with the code otherwise
  loader: ({ context }) => void context.queryClient.prefetchQuery(platformStatsQueries.counts()),
  component: MentorLanding,
});
