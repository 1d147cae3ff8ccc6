// Google (decision 025): OpenID Connect authorization code with PKCE S256 and a nonce. The id_token from the token
// endpoint is verified with jose against Google's JWKS: RS256 signature, iss, aud = our client id, exp, and our nonce;
// the e-mail is taken only when email_verified.
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { baseUrl, exchangeCode, profile, providerJson, SocialError, type ProviderContext, type SocialProvider } from './provider.ts';

const AUTH_URL = 'https://accounts.google.com';
const API_URL = 'https://oauth2.googleapis.com';
const JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const JWKS_TTL_MS = 10 * 60_000;

type GoogleToken = { access_token: string; id_token: string };

// the keys per isolate for a few minutes (Google rotates them over days); a key id not among them fetches afresh
const jwksCache = new Map<string, { keys: JSONWebKeySet; at: number }>();

async function keySet(ctx: ProviderContext, url: string, fresh: boolean) {
  const known = jwksCache.get(url);
  if (known && !fresh && Date.now() - known.at < JWKS_TTL_MS) return known.keys;
  const keys = await providerJson<JSONWebKeySet>(await ctx.fetch(url, { headers: { accept: 'application/json' } }), 'provider_error', 'Google не отдал ключи');
  jwksCache.set(url, { keys, at: Date.now() });
  return keys;
}

function issuers(ctx: ProviderContext) {
  // Google writes its issuer both ways; a configured address (the local fake) is its own issuer
  return ctx.env.GOOGLE_AUTH_URL ? [baseUrl(ctx, ctx.env.GOOGLE_AUTH_URL, AUTH_URL)] : [AUTH_URL, 'accounts.google.com'];
}

export async function verifyGoogleIdToken(ctx: ProviderContext, idToken: string, nonce: string) {
  const url = baseUrl(ctx, ctx.env.GOOGLE_JWKS_URL, JWKS_URL);
  const options = { issuer: issuers(ctx), audience: ctx.env.GOOGLE_CLIENT_ID!, algorithms: ['RS256'] };
  let claims;
  try {
    try {
      claims = (await jwtVerify(idToken, createLocalJWKSet(await keySet(ctx, url, false)), options)).payload;
    } catch (e) {
      if (!(e instanceof joseErrors.JWKSNoMatchingKey)) throw e;
      claims = (await jwtVerify(idToken, createLocalJWKSet(await keySet(ctx, url, true)), options)).payload;
    }
  } catch (e) {
    if (e instanceof SocialError) throw e;
    throw new SocialError('id_token_invalid', `id_token Google не прошёл проверку: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof claims.nonce !== 'string' || claims.nonce !== nonce) throw new SocialError('id_token_invalid', 'id_token Google выдан не для этого входа (nonce)');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new SocialError('id_token_invalid', 'В id_token Google нет sub');
  return claims as typeof claims & { sub: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string; name?: string; picture?: string };
}

export const google: SocialProvider = {
  id: 'google',
  title: 'Google',
  configured: (env) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  authorizeUrl(ctx, { state, nonce, codeChallenge, redirectUri }) {
    const url = new URL(`${baseUrl(ctx, ctx.env.GOOGLE_AUTH_URL, AUTH_URL)}/o/oauth2/v2/auth`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: ctx.env.GOOGLE_CLIENT_ID!,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.href;
  },
  async identify(ctx, { query, nonce, codeVerifier, redirectUri }) {
    if (!query.code) throw new SocialError('denied', 'Google не передал код входа');
    const token = await exchangeCode<GoogleToken>(
      ctx,
      `${baseUrl(ctx, ctx.env.GOOGLE_API_URL, API_URL)}/token`,
      { code: query.code, client_id: ctx.env.GOOGLE_CLIENT_ID!, client_secret: ctx.env.GOOGLE_CLIENT_SECRET!, redirect_uri: redirectUri, code_verifier: codeVerifier },
      'Google',
    );
    if (!token.id_token) throw new SocialError('id_token_invalid', 'Google не выдал id_token');
    const claims = await verifyGoogleIdToken(ctx, token.id_token, nonce);
    const person = profile({
      firstName: claims.given_name ?? claims.name,
      lastName: claims.family_name,
      avatarUrl: claims.picture,
      email: claims.email_verified === true ? claims.email : undefined,
      emailVerified: claims.email_verified === true,
    });
    return { subject: claims.sub, displayName: claims.name ?? `${person.firstName} ${person.lastName}`.trim(), profile: person };
  },
};
