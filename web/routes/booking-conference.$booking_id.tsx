import { createFileRoute } from '@tanstack/react-router';
import { MeetingScreen } from '../features/conference/meeting-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { parseMeetingId } from '../features/conference/join-steps.ts';

export const Route = createFileRoute('/booking-conference/$booking_id')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: BookingConferencePage,
});

/** The meeting of a consultation (spec 002 §2.6): join flow, equipment check, conference. */
function BookingConferencePage() {
  const { booking_id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <MeetingScreen target={{ contentType: 'consultationbooking', id: parseMeetingId(booking_id) }} viewer={user} />;
}
