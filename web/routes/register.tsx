import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  return <ComingSoon title="Регистрация" />;
}
