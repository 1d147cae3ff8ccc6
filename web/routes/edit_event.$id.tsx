import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { requireRole } from '../features/account/guards.ts';
import { SessionEditorScreen } from '../features/session-editor/session-editor-screen.tsx';

export const Route = createFileRoute('/edit_event/$id')({
  beforeLoad: ({ context, location }) => requireRole(context, location, 'mentor'),
  component: EditEventPage,
});

/** /edit_event/{id}/ (pushed from the schedule): the session editor with that event's form open. */
function EditEventPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const eventId = Number(id);
  return (
    <SessionEditorScreen
      key={id}
      editEventId={Number.isInteger(eventId) && eventId > 0 ? eventId : undefined}
      onEditClosed={() => void navigate({ to: '/CreateEntityPage' })}
    />
  );
}
