// Social sign-in calls that both the sign-in screens and the settings make (decision 025): which providers are
// offered, and the start of a round trip to one of them. The rest lives with the screen that uses it.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { socialStartBody } from '../../worker/auth/social.schemas.ts';
import { SOCIAL_PROVIDERS, isSocialProvider, type SocialProvider } from '../components/social-provider-mark.tsx';
import { api, unwrap } from './api-client.ts';

/** What the start is asked: the intent, remember, the return path, and for a registration the consent (and role). */
export type SocialStart = z.input<typeof socialStartBody>;

/** GET /api/auth/providers/: the providers whose credentials are configured; the others are not shown. */
async function fetchProviders(): Promise<SocialProvider[]> {
  const { providers } = await unwrap(await api.auth.providers.$get());
  // a provider this build has no mark for is left out rather than shown blank; every screen shows them in one order
  const offered = new Set(providers.map((provider) => provider.id).filter(isSocialProvider));
  return SOCIAL_PROVIDERS.filter((provider) => offered.has(provider));
}

export const socialQueries = {
  providers: () =>
    queryOptions({
      queryKey: ['auth', 'providers'] as const,
      queryFn: fetchProviders,
      // configuration, not data: it changes with a deploy
      staleTime: 10 * 60_000,
    }),
};

/** POST /api/auth/social/{provider}/start/: stores the attempt and answers the provider's page to go to. */
export async function startSocialSignIn(provider: SocialProvider, body: SocialStart): Promise<string> {
  const { authorize_url } = await unwrap(await api.auth.social[':provider'].start.$post({ param: { provider }, json: body }));
  return authorize_url;
}
