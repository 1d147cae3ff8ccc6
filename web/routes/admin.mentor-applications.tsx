import { createFileRoute } from '@tanstack/react-router';
import { searchOneOf, searchParams } from '../lib/search-params.ts';
import { ModerationScreen } from '../features/moderation/moderation-screen.tsx';
import { requireRole } from '../features/account/guards.ts';

const searchSchema = searchParams((raw) => ({
  // The tab: an unknown value falls back to the applications waiting for review.
  status: searchOneOf(raw.status, ['submitted', 'approved', 'rejected'] as const) ?? 'submitted',
}));

export const Route = createFileRoute('/admin/mentor-applications')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, location }) => requireRole(context, location, 'admin'),
  component: MentorApplicationsModerationPage,
});

function MentorApplicationsModerationPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ModerationScreen status={status} onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })} />;
}
