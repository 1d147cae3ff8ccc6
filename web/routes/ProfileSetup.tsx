import { createFileRoute } from '@tanstack/react-router';
import { ProfileSetupWizard } from '../features/profile-setup/profile-setup-wizard.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { useSignIn } from '../features/account/use-sign-in.ts';

export const Route = createFileRoute('/ProfileSetup')({
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: ProfileSetupPage,
});

function ProfileSetupPage() {
  const { user } = Route.useRouteContext();
  const { finish } = useSignIn();
  return <ProfileSetupWizard accountEmail={user.email} onSaved={finish} />;
}
