import { createFileRoute } from '@tanstack/react-router';
import { MenteeLanding } from '../features/landings/mentee-landing.tsx';
import { useSession } from '../lib/session/use-session.ts';

export const Route = createFileRoute('/LandingMenteePage')({
  staticData: { layout: 'Landing' },
  component: LandingMenteePage,
});

function LandingMenteePage() {
  const { user, isPending } = useSession();
  return <MenteeLanding isSignedIn={isPending ? undefined : user !== null} />;
}
