import { createFileRoute } from '@tanstack/react-router';
import { LoginFlow } from '../features/auth/login-flow.tsx';
import { redirectIfAuthenticated } from '../features/account/guards.ts';
import { useSignIn } from '../features/account/use-sign-in.ts';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfAuthenticated(context),
  component: LoginPage,
});

function LoginPage() {
  const { finish } = useSignIn();
  return <LoginFlow onSignedIn={finish} />;
}
