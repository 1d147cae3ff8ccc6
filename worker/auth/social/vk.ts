// VK ID (decision 025): OAuth 2.1 authorization code with PKCE S256. The callback brings code, state and device_id;
// the code is exchanged at POST /oauth2/auth (code, code_verifier, device_id, client_id, redirect_uri, state) and the
// person read at POST /oauth2/user_info. VK does not say whether an e-mail is confirmed, so it counts as unverified:
// it can lead only to a code sent to it, never onto a new account.
import { baseUrl, exchangeCode, form, profile, providerJson, SocialError, type SocialProvider } from './provider.ts';

const DEFAULT_URL = 'https://id.vk.com';

type VkToken = { access_token: string; user_id?: number | string; state?: string };
type VkUser = { user: { user_id: string | number; first_name?: string; last_name?: string; avatar?: string; email?: string } };

export const vk: SocialProvider = {
  id: 'vk',
  title: 'VK',
  configured: (env) => Boolean(env.VK_ID_CLIENT_ID && env.VK_ID_CLIENT_SECRET),
  authorizeUrl(ctx, { state, codeChallenge, redirectUri }) {
    const url = new URL(`${baseUrl(ctx, ctx.env.VK_ID_AUTH_URL, DEFAULT_URL)}/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: ctx.env.VK_ID_CLIENT_ID!,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      scope: 'email',
    }).toString();
    return url.href;
  },
  async identify(ctx, { query, codeVerifier, redirectUri, state }) {
    if (!query.code || !query.device_id) throw new SocialError('denied', 'VK не передал код входа');
    const api = baseUrl(ctx, ctx.env.VK_ID_API_URL, DEFAULT_URL);
    const token = await exchangeCode<VkToken>(
      ctx,
      `${api}/oauth2/auth`,
      { code: query.code, code_verifier: codeVerifier, device_id: query.device_id, client_id: ctx.env.VK_ID_CLIENT_ID!, redirect_uri: redirectUri, state },
      'VK',
    );
    if (token.state !== undefined && token.state !== state) throw new SocialError('state_invalid', 'VK вернул чужой state');
    const { user } = await providerJson<VkUser>(
      await ctx.fetch(`${api}/oauth2/user_info`, form({ client_id: ctx.env.VK_ID_CLIENT_ID!, access_token: token.access_token })),
      'provider_error',
      'VK не отдал профиль',
    );
    if (!user?.user_id) throw new SocialError('provider_error', 'VK не отдал профиль');
    const person = profile({ firstName: user.first_name, lastName: user.last_name, avatarUrl: user.avatar, email: user.email, emailVerified: false });
    return { subject: String(user.user_id), displayName: `${person.firstName} ${person.lastName}`.trim(), profile: person };
  },
};
