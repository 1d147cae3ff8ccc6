import { createFileRoute } from '@tanstack/react-router';
import { CallbackInboxScreen } from '../features/callbacks/callback-inbox-screen.tsx';
import { callbackQueries } from '../features/callbacks/callbacks.api.ts';
import { requireRole } from '../features/account/guards.ts';

export const Route = createFileRoute('/admin/callbacks')({
  beforeLoad: ({ context, location }) => requireRole(context, location, 'admin'),
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(callbackQueries.inbox('waiting')),
  component: CallbackInboxPage,
});

function CallbackInboxPage() {
  const { user } = Route.useRouteContext();
  return <CallbackInboxScreen timeZone={user.time_zone ?? undefined} />;
}
