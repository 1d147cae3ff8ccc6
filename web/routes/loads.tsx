import { createFileRoute } from '@tanstack/react-router';
import { CalendarFeedCard } from '../features/calendar-feed/calendar-feed-card.tsx';
import { ChatFilesSection } from '../features/downloads/chat-files-section.tsx';
import { downloadsQueries } from '../features/downloads/downloads.api.ts';
import { LoadsScreen } from '../features/downloads/loads-screen.tsx';
import { ReceiptsSection } from '../features/downloads/receipts-section.tsx';
import { RecordingsSection } from '../features/downloads/recordings-section.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { EarningsSection } from '../features/earnings/earnings-section.tsx';
import { earningsQueries } from '../features/earnings/earnings.api.ts';

export const Route = createFileRoute('/loads')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  // Warm the lists without blocking: each section has its own skeleton.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(downloadsQueries.chatFiles(context.user.id));
    void context.queryClient.prefetchInfiniteQuery(downloadsQueries.receipts(context.user.id));
    void context.queryClient.prefetchInfiniteQuery(downloadsQueries.recordings(context.user.id));
    if (context.user.user_role === 'mentor') void context.queryClient.prefetchInfiniteQuery(earningsQueries.pages(context.user.id));
  },
  component: LoadsPage,
});

function LoadsPage() {
  const { user } = Route.useRouteContext();
  const timeZone = user.time_zone ?? undefined;
  return (
    <LoadsScreen asMentor={user.user_role === 'mentor'}>
      {/* a mentor's money comes in, not out: their earnings first, their own receipts below */}
      {user.user_role === 'mentor' ? <EarningsSection userId={user.id} timeZone={timeZone} /> : null}
      <CalendarFeedCard userId={user.id} />
      <RecordingsSection userId={user.id} timeZone={timeZone} />
      <ChatFilesSection userId={user.id} timeZone={timeZone} />
      <ReceiptsSection userId={user.id} timeZone={timeZone} />
    </LoadsScreen>
  );
}
