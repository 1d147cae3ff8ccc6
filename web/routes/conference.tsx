import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MeetingScreen } from '../features/conference/meeting-screen.tsx';
import { parseMeetingId } from '../features/conference/join-steps.ts';
import { requireAuth } from '../features/session/guards.ts';

const conferenceSearch = z.object({ event_id: z.coerce.string().optional().catch(undefined), booking_id: z.coerce.string().optional().catch(undefined) });

export const Route = createFileRoute('/conference')({
  validateSearch: conferenceSearch,
  beforeLoad: ({ context }) => requireAuth(context),
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
