import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { DisputesScreen } from '../features/disputes/disputes-screen.tsx';
import { requireRole } from '../features/session/guards.ts';

const searchSchema = z.object({
  // The tab: an unknown value falls back to the open disputes.
  status: z.catch(z._default(z.enum(['open', 'resolved']), 'open'), 'open'),
});

export const Route = createFileRoute('/admin/disputes')({
  validateSearch: searchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  component: DisputesPage,
});

function DisputesPage() {
  const { status } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return <DisputesScreen status={status} timeZone={user.time_zone ?? undefined} onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })} />;
}
