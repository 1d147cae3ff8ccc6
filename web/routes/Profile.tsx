import { createFileRoute } from '@tanstack/react-router';
import { MentorProfileScreen } from '../features/mentors/mentor-profile-screen.tsx';
import { mentorQueries } from '../features/mentors/mentors.queries.ts';
import { MenteeProfile } from '../features/profile/mentee-profile.tsx';
import { ProfileOwnerBar } from '../features/profile/profile-owner-bar.tsx';
import { profileQueries } from '../features/profile/profile.api.ts';
import { requireAuth } from '../features/account/guards.ts';
import { useSession } from '../lib/session/use-session.ts';

/** «Мой профиль»: how others see me. A mentor gets their public mentor page, anyone else their profile card. */
export const Route = createFileRoute('/Profile')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  // Warm without blocking: both screens show their own loaders.
  loader: ({ context: { queryClient, user } }) => {
    if (user.user_role === 'mentor') void queryClient.prefetchQuery(mentorQueries.detail(user.id));
    else void queryClient.prefetchQuery(profileQueries.counts(user.id));
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { user: guarded } = Route.useRouteContext();
  // The cached session follows profile edits at once; the guard's copy covers the moment of a logout.
  const user = useSession().user ?? guarded;

  if (user.user_role !== 'mentor') return <MenteeProfile user={user} />;
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:pt-8 lg:px-6">
        <ProfileOwnerBar description="Это ваша публичная страница наставника: её видят ученики в каталоге и по ссылке." />
      </div>
      <MentorProfileScreen key={user.id} mentorId={user.id} viewer={user} />
    </>
  );
}
