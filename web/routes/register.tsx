import { createFileRoute } from '@tanstack/react-router';
import { RegisterFlow } from '../features/auth/register-flow.tsx';
import { useSignIn } from '../features/account/use-sign-in.ts';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  const { remember, finish } = useSignIn();
  return <RegisterFlow onRegistered={remember} onFinished={finish} />;
}
