// The providers by id, which of them this deployment offers (credentials configured), and the context their
// adapters run in. A provider address on our own origin under /dev/social/ is one of the local fakes: it is reached
// in-process through the app (development and test only), so a local run needs no network.
import type { AnyContext } from '../../env.ts';
import { isDevEnvironment } from '../../lib/environment.ts';
import { google } from './google.ts';
import type { ProviderContext, ProviderId, SocialProvider } from './provider.ts';
import { SOCIAL_PROVIDERS } from '../social.schemas.ts';
import { telegram } from './telegram.ts';
import { vk } from './vk.ts';
import { yandex } from './yandex.ts';

export const providers: Record<ProviderId, SocialProvider> = { vk, google, yandex, telegram };

export function offeredProviders(env: ProviderContext['env']) {
  return SOCIAL_PROVIDERS.filter((id) => providers[id].configured(env));
}

export function providerContext(c: AnyContext): ProviderContext {
  const origin = new URL(c.req.url).origin;
  const toSelf = isDevEnvironment(c.env) ? c.var.deliverToSelf : undefined;
  const send: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (toSelf && url.origin === origin && url.pathname.startsWith('/dev/social/')) return toSelf(request);
    return fetch(request);
  };
  return { env: c.env, origin, fetch: send };
}
