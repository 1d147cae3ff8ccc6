import { createFileRoute } from '@tanstack/react-router';
import { searchParams } from '../lib/search-params.ts';
import { MeetingScreen } from '../features/conference/meeting-screen.tsx';
import { parseMeetingId } from '../features/conference/join-steps.ts';
import { requireAuth } from '../features/account/guards.ts';

/** `?event_id=12` arrives as the number 12: the page takes the id as text either way. */
const meetingId = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
const conferenceSearch = searchParams((raw) => ({ event_id: meetingId(raw.event_id), booking_id: meetingId(raw.booking_id) }));

export const Route = createFileRoute('/conference')({
  validateSearch: conferenceSearch,
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: ConferencePage,
});

/** /conference?event_id= or ?booking_id= (spec 002 §2.6): the same meeting page as the two path forms. */
function ConferencePage() {
  const { event_id, booking_id } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const target = booking_id !== undefined
    ? { contentType: 'consultationbooking' as const, id: parseMeetingId(booking_id) }
    : { contentType: 'events' as const, id: parseMeetingId(event_id) };
  return <MeetingScreen target={target} viewer={user} />;
}
