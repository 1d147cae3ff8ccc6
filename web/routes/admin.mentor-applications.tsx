import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { ModerationScreen } from '../features/moderation/moderation-screen.tsx';
import { requireRole } from '../features/session/guards.ts';

const searchSchema = z.object({
  // The tab: an unknown value falls back to the applications waiting for review.
  status: z.catch(z._default(z.enum(['submitted', 'approved', 'rejected']), 'submitted'), 'submitted'),
});

export const Route = createFileRoute('/admin/mentor-applications')({
  validateSearch: searchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  component: MentorApplicationsModerationPage,
});

function MentorApplicationsModerationPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ModerationScreen status={status} onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })} />;
}
