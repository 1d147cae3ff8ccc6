// Yandex ID (decision 025): OAuth 2.0 authorization code with PKCE S256 at oauth.yandex.ru; the token from
// POST /token (client_id and client_secret in the body, code_verifier), the person from login.yandex.ru/info. Yandex
// shows only addresses it has confirmed, so `default_email` counts as verified.
import { baseUrl, exchangeCode, profile, providerJson, SocialError, type SocialProvider } from './provider.ts';

type YandexToken = { access_token: string };
type YandexInfo = { id: string; first_name?: string; last_name?: string; display_name?: string; default_email?: string; default_avatar_id?: string; is_avatar_empty?: boolean };

export const yandex: SocialProvider = {
  id: 'yandex',
  title: 'Яндекс ID',
  configured: (env) => Boolean(env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET),
  authorizeUrl(ctx, { state, codeChallenge, redirectUri }) {
    const url = new URL(`${baseUrl(ctx, ctx.env.YANDEX_AUTH_URL, 'https://oauth.yandex.ru')}/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: ctx.env.YANDEX_CLIENT_ID!,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      scope: 'login:info login:email login:avatar',
    }).toString();
    return url.href;
  },
  async identify(ctx, { query, codeVerifier, redirectUri }) {
    if (!query.code) throw new SocialError('denied', 'Яндекс не передал код входа');
    const token = await exchangeCode<YandexToken>(
      ctx,
      `${baseUrl(ctx, ctx.env.YANDEX_AUTH_URL, 'https://oauth.yandex.ru')}/token`,
      { code: query.code, client_id: ctx.env.YANDEX_CLIENT_ID!, client_secret: ctx.env.YANDEX_CLIENT_SECRET!, code_verifier: codeVerifier, redirect_uri: redirectUri },
      'Яндекс',
    );
    const info = await providerJson<YandexInfo>(
      await ctx.fetch(`${baseUrl(ctx, ctx.env.YANDEX_API_URL, 'https://login.yandex.ru')}/info?format=json`, {
        headers: { authorization: `OAuth ${token.access_token}`, accept: 'application/json' },
      }),
      'provider_error',
      'Яндекс не отдал профиль',
    );
    if (!info.id) throw new SocialError('provider_error', 'Яндекс не отдал профиль');
    const avatarUrl = info.default_avatar_id && !info.is_avatar_empty ? `https://avatars.yandex.net/get-yapic/${info.default_avatar_id}/islands-200` : null;
    const person = profile({ firstName: info.first_name, lastName: info.last_name, avatarUrl, email: info.default_email, emailVerified: true });
    return { subject: String(info.id), displayName: info.display_name || `${person.firstName} ${person.lastName}`.trim(), profile: person };
  },
};
