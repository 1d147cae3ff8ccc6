import { createFileRoute } from '@tanstack/react-router';
import { RegisterFlow } from '../features/auth/register-flow.tsx';
import { resumeRegistration } from '../features/account/guards.ts';
import { useSignIn } from '../features/account/use-sign-in.ts';
import { safeReturnPath } from '../lib/safe-return-path.ts';
import { searchMatching, searchOneOf, searchParams } from '../lib/search-params.ts';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS } from '../components/social-provider-mark.tsx';

// `redirect`: the same-origin page to return to once registration is over (issue 35); `social_ticket` (and
// `provider`): a provider's person without an account, sent here from a sign-in (decision 025)
const returnSearch = searchParams((raw) => ({
  redirect: safeReturnPath(raw.redirect),
  social_ticket: searchMatching(raw.social_ticket, /^[\w-]{8,200}$/),
  provider: searchOneOf(raw.provider, SOCIAL_PROVIDERS),
}));

export const Route = createFileRoute('/register')({
  validateSearch: returnSearch,
  // a reload after the code resumes at step 3, the step the account is at (issue 35)
  beforeLoad: ({ context, search }) => resumeRegistration(context, search.redirect),
  component: RegisterPage,
});

function RegisterPage() {
  const { redirect: returnTo, social_ticket: socialTicket, provider } = Route.useSearch();
  const { resumeAs } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const { remember, finish } = useSignIn(returnTo);
  return (
    <RegisterFlow
      resumeAs={resumeAs ?? undefined}
      returnTo={returnTo}
      onRegistered={remember}
      onFinished={finish}
      socialTicket={socialTicket}
      socialProviderName={provider ? SOCIAL_PROVIDER_NAMES[provider] : undefined}
      onLeaveSocial={() => void navigate({ search: { redirect: returnTo }, replace: true })}
    />
  );
}
