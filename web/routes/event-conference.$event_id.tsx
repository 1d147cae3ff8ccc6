import { createFileRoute } from '@tanstack/react-router';
import { MeetingScreen } from '../features/conference/meeting-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { parseMeetingId } from '../features/conference/join-steps.ts';

export const Route = createFileRoute('/event-conference/$event_id')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: EventConferencePage,
});

/** The meeting of an event (spec 002 §2.6): join flow, equipment check, conference. */
function EventConferencePage() {
  const { event_id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <MeetingScreen target={{ contentType: 'events', id: parseMeetingId(event_id) }} viewer={user} />;
}
