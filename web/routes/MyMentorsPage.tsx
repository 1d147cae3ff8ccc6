import { createFileRoute } from '@tanstack/react-router';
import { searchOneOf, searchParams } from '../lib/search-params.ts';
import { MyMentorsScreen } from '../features/my-mentors/my-mentors-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { useSession } from '../lib/session/use-session.ts';

const searchSchema = searchParams((raw) => ({
  // The open tab; a missing or unknown value shows the history.
  tab: searchOneOf(raw.tab, ['history', 'favorites'] as const) ?? 'history',
}));

export const Route = createFileRoute('/MyMentorsPage')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: MyMentorsPage,
});

function MyMentorsPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = useSession();
  return <MyMentorsScreen tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} timeZone={user?.time_zone ?? undefined} />;
}
