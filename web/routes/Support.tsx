import { createFileRoute } from '@tanstack/react-router';
import { SupportScreen } from '../features/support/support-screen.tsx';
import { useSession } from '../lib/session/use-session.ts';

export const Route = createFileRoute('/Support')({
  // Public: the answers are for visitors too; writing to support asks them to sign in.
  component: SupportPage,
});

function SupportPage() {
  const { user, isPending } = useSession();
  return <SupportScreen signedIn={user != null} sessionPending={isPending} />;
}
