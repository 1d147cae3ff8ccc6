import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { redirectIfAuthenticated } from '../features/session/guards.ts';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfAuthenticated(context),
  component: LoginPage,
});

function LoginPage() {
  return <ComingSoon title="Вход" description="Вход по e-mail и одноразовому коду скоро появится здесь." home={{ to: '/AllMentors', label: 'Смотреть наставников' }} />;
}
