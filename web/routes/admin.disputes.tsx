import { createFileRoute } from '@tanstack/react-router';
import { searchOneOf, searchParams } from '../lib/search-params.ts';
import { DisputesScreen } from '../features/disputes/disputes-screen.tsx';
import { requireRole } from '../features/account/guards.ts';

const searchSchema = searchParams((raw) => ({
  // The tab: an unknown value falls back to the open disputes.
  status: searchOneOf(raw.status, ['open', 'resolved'] as const) ?? 'open',
}));

export const Route = createFileRoute('/admin/disputes')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, location }) => requireRole(context, location, 'admin'),
  component: DisputesPage,
});

function DisputesPage() {
  const { status } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return <DisputesScreen status={status} timeZone={user.time_zone ?? undefined} onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })} />;
}
