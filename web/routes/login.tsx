import { createFileRoute } from '@tanstack/react-router';
import { LoginFlow } from '../features/auth/login-flow.tsx';
import { redirectIfAuthenticated } from '../features/account/guards.ts';
import { useSignIn } from '../features/account/use-sign-in.ts';
import { safeReturnPath } from '../lib/safe-return-path.ts';
import { searchParams } from '../lib/search-params.ts';

// `redirect`: the same-origin page to return to after signing in (issue 35)
const returnSearch = searchParams((raw) => ({ redirect: safeReturnPath(raw.redirect) }));

export const Route = createFileRoute('/login')({
  validateSearch: returnSearch,
  beforeLoad: ({ context, search }) => redirectIfAuthenticated(context, search.redirect),
  component: LoginPage,
});

function LoginPage() {
  const { redirect: returnTo } = Route.useSearch();
  const { finish } = useSignIn(returnTo);
  return <LoginFlow returnTo={returnTo} onSignedIn={finish} />;
}
