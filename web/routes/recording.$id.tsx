import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../features/account/guards.ts';
import { RecordingPageScreen } from '../features/recordings/recording-page-screen.tsx';
import { recordingQueries } from '../lib/recordings/recordings.api.ts';

export const Route = createFileRoute('/recording/$id')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  loader: ({ context, params }) => {
    const id = Number(params.id);
    if (Number.isInteger(id) && id > 0) void context.queryClient.prefetchQuery(recordingQueries.detail(id));
  },
  component: RecordingPage,
});

/** A meeting's recording (issue 36): its participants and mentor only; anyone else reads «Запись не найдена». */
function RecordingPage() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <RecordingPageScreen key={id} id={Number(id)} timeZone={user.time_zone ?? undefined} />;
}
