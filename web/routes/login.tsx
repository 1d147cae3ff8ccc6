import { createFileRoute } from '@tanstack/react-router';
import { LoginFlow } from '../features/auth/login-flow.tsx';
import { redirectIfAuthenticated } from '../features/account/guards.ts';
import { useSignIn } from '../features/account/use-sign-in.ts';
import { safeReturnPath } from '../lib/safe-return-path.ts';
import { searchMatching, searchOneOf, searchParams } from '../lib/search-params.ts';
import { SOCIAL_PROVIDERS } from '../components/social-provider-mark.tsx';
import { socialErrorText } from '../lib/social-error.ts';

// `redirect`: the same-origin page to return to after signing in (issue 35). Back from a provider (decision 025):
// `social_error` (and `provider`) when it failed, `social_link` with a ticket (and the masked `email`) when the e-mail's
// account must be proved.
const returnSearch = searchParams((raw) => ({
  redirect: safeReturnPath(raw.redirect),
  social_error: searchMatching(raw.social_error, /^[a-z_]{1,64}$/),
  social_link: searchMatching(raw.social_link, /^[\w-]{8,200}$/),
  // the account's e-mail, masked by the server (a***@mail.ru): shown, never used
  email: searchMatching(raw.email, /^[^\s@]{1,64}\*{3}@[^\s@]{1,253}$/),
  provider: searchOneOf(raw.provider, SOCIAL_PROVIDERS),
}));

export const Route = createFileRoute('/login')({
  validateSearch: returnSearch,
  beforeLoad: ({ context, search }) => redirectIfAuthenticated(context, search.redirect),
  component: LoginPage,
});

function LoginPage() {
  const { redirect: returnTo, social_error: socialError, social_link: socialLink, email: socialLinkEmail, provider } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { finish } = useSignIn(returnTo);
  return (
    <LoginFlow
      returnTo={returnTo}
      onSignedIn={finish}
      socialError={socialError ? socialErrorText(socialError, provider) : undefined}
      socialLink={socialLink}
      socialLinkEmail={socialLinkEmail}
      onLeaveSocial={() => void navigate({ search: { redirect: returnTo }, replace: true })}
    />
  );
}
