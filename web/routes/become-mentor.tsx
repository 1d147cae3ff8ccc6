import { useMemo } from 'react';
import { createFileRoute, Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { completePayload } from '../features/mentor-application/mentor-application.api.ts';
import { MentorApplicationScreen } from '../features/mentor-application/mentor-application-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';

export const Route = createFileRoute('/become-mentor')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: BecomeMentorPage,
});

function BecomeMentorPage() {
  const { user } = Route.useRouteContext();
  const router = useRouter();
  const canGoBack = useCanGoBack();

  // A new draft starts from what the profile already says.
  const initialPayload = useMemo(
    () =>
      completePayload({
        mentor_name: user.mentor_name ?? '',
        mentor_surname: user.mentor_surname ?? '',
        mentor_title: user.mentor_title ?? '',
        mentor_tg_title: user.mentor_tg_title ?? '',
        mentor_description: user.mentor_description ?? '',
        mentor_skills: user.mentor_skills ?? [],
        mentor_specialization: user.mentor_specialization ?? '',
        mentor_avatar_url: user.mentor_avatar_url,
      }),
    [user],
  );

  const back = canGoBack ? (
    <Button variant="ghost" size="sm" className="-ml-2" onClick={() => router.history.back()}>
      <ArrowLeft aria-hidden />
      Назад
    </Button>
  ) : (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link to="/Home">
        <ArrowLeft aria-hidden />
        Назад
      </Link>
    </Button>
  );

  return <MentorApplicationScreen initialPayload={initialPayload} backButton={back} />;
}
