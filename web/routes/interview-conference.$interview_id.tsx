import { createFileRoute } from '@tanstack/react-router';
import { MeetingScreen } from '../features/conference/meeting-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { parseMeetingId } from '../features/conference/join-steps.ts';

export const Route = createFileRoute('/interview-conference/$interview_id')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: InterviewConferencePage,
});

/** The vetting interview of a mentor application (decision 004): the meetings' join flow, the admin hosting. */
function InterviewConferencePage() {
  const { interview_id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <MeetingScreen target={{ contentType: 'mentorinterview', id: parseMeetingId(interview_id) }} viewer={user} />;
}
