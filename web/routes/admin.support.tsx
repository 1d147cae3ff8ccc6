import { createFileRoute } from '@tanstack/react-router';
import { SupportInboxScreen } from '../features/support/support-inbox-screen.tsx';
import { supportQueries } from '../features/support/support.api.ts';
import { requireRole } from '../features/account/guards.ts';

export const Route = createFileRoute('/admin/support')({
  beforeLoad: ({ context, location }) => requireRole(context, location, 'admin'),
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(supportQueries.inbox()),
  component: SupportInboxPage,
});

function SupportInboxPage() {
  const { user } = Route.useRouteContext();
  return <SupportInboxScreen timeZone={user.time_zone ?? undefined} />;
}
