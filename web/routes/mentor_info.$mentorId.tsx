import { createFileRoute } from '@tanstack/react-router';
import { BookConsultationButton } from '../features/booking/book-consultation-button.tsx';
import type { BookButton } from '../features/mentors/consultation-type-list.tsx';
import { MentorProfileScreen } from '../features/mentors/mentor-profile-screen.tsx';
import { mentorQueries } from '../features/mentors/mentors.queries.ts';
import { eventQueries } from '../lib/events/events.queries.ts';
import { useSession } from '../lib/session/use-session.ts';

function parseMentorId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export const Route = createFileRoute('/mentor_info/$mentorId')({
  // Warm the cache without blocking: the page shows its own spinner (spec 000 §9: at least 1 s).
  loader: ({ context, params }) => {
    const id = parseMentorId(params.mentorId);
    if (id == null) return;
    // everything the page shows, so that a visitor's page rendered on the server shows it whole (decision 014)
    void context.queryClient.prefetchQuery(mentorQueries.detail(id));
    void context.queryClient.prefetchQuery(mentorQueries.reviews(id));
    void context.queryClient.prefetchQuery(eventQueries.byUser(id));
  },
  component: MentorInfoPage,
});

const bookButton: BookButton = (type, { mentorId, isSignedIn, className }) => (
  <BookConsultationButton mentorId={mentorId} consultationType={type} isSignedIn={isSignedIn} className={className} />
);

function MentorInfoPage() {
  const { mentorId } = Route.useParams();
  const { user, isPending } = useSession();
  return <MentorProfileScreen key={mentorId} mentorId={parseMentorId(mentorId)} viewer={user} viewerPending={isPending} bookButton={bookButton} />;
}
