import { createFileRoute } from '@tanstack/react-router';
import { ProblemReceiptsScreen } from '../features/fiscal-receipts/problem-receipts-screen.tsx';
import { fiscalReceiptQueries } from '../features/fiscal-receipts/fiscal-receipts.api.ts';
import { requireRole } from '../features/account/guards.ts';

export const Route = createFileRoute('/admin/receipts')({
  beforeLoad: ({ context, location }) => requireRole(context, location, 'admin'),
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(fiscalReceiptQueries.problems()),
  component: ProblemReceiptsPage,
});

function ProblemReceiptsPage() {
  const { user } = Route.useRouteContext();
  return <ProblemReceiptsScreen timeZone={user.time_zone ?? undefined} />;
}
