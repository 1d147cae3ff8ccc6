import { createFileRoute } from '@tanstack/react-router';
import { RegisterFlow } from '../features/auth/register-flow.tsx';
import { resumeRegistration } from '../features/account/guards.ts';
import { useSignIn } from '../features/account/use-sign-in.ts';
import { safeReturnPath } from '../lib/safe-return-path.ts';
import { searchParams } from '../lib/search-params.ts';

// `redirect`: the same-origin page to return to once registration is over (issue 35)
const returnSearch = searchParams((raw) => ({ redirect: safeReturnPath(raw.redirect) }));

export const Route = createFileRoute('/register')({
  validateSearch: returnSearch,
  // a reload after the code resumes at step 3, the step the account is at (issue 35)
  beforeLoad: ({ context, search }) => resumeRegistration(context, search.redirect),
  component: RegisterPage,
});

function RegisterPage() {
  const { redirect: returnTo } = Route.useSearch();
  const { resumeAs } = Route.useRouteContext();
  const { remember, finish } = useSignIn(returnTo);
  return <RegisterFlow resumeAs={resumeAs ?? undefined} returnTo={returnTo} onRegistered={remember} onFinished={finish} />;
}
