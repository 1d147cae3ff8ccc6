// The shape of a sign-in provider's adapter (decision 025) and what it needs from the request: the Worker's settings,
// our origin (for the callback address and for settings written as paths, like the local fakes' /dev/social/vk),
// and a fetch that reaches our own fakes in-process.
import type { SocialProfile } from '../../../drizzle/schema/social.ts';
import type { Bindings } from '../../env.ts';
import type { SocialProviderId } from '../social.schemas.ts';

export type ProviderId = SocialProviderId;

export type ProviderContext = { env: Bindings; origin: string; fetch: typeof fetch };

/** Who the provider says the person is. `email` is kept even unverified: it only ever leads to a code sent to it. */
export type SocialIdentity = { subject: string; displayName: string; profile: SocialProfile };

export type AuthorizeRequest = { state: string; nonce: string; codeChallenge: string; redirectUri: string };
export type CallbackRequest = { query: Record<string, string>; state: string; nonce: string; codeVerifier: string; redirectUri: string };

export interface SocialProvider {
  id: ProviderId;
  /** the name in messages: «Не удалось войти через VK: …» */
  title: string;
  configured(env: Bindings): boolean;
  authorizeUrl(ctx: ProviderContext, request: AuthorizeRequest): string;
  identify(ctx: ProviderContext, request: CallbackRequest): Promise<SocialIdentity>;
}

/**
 * A refusal on the way back from the provider: the browser is sent to /login?social_error=<code>, and no session is
 * made. The codes are the contract with the screens (decision 025).
 */
export type SocialErrorCode =
  | 'state_invalid'
  | 'denied'
  | 'token_failed'
  | 'id_token_invalid'
  | 'hash_invalid'
  | 'login_expired'
  | 'provider_error'
  | 'not_offered'
  | 'already_linked'
  | 'provider_taken'
  | 'rate_limited';

export class SocialError extends Error {
  readonly code: SocialErrorCode;
  constructor(code: SocialErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A setting's address: absolute as given, or a path on our own origin (the local fakes). Trailing slashes dropped. */
export function baseUrl(ctx: ProviderContext, setting: string | undefined, fallback: string) {
  return new URL(setting || fallback, ctx.origin).href.replace(/\/+$/, '');
}

/** A provider's JSON answer, or a SocialError naming what failed. */
export async function providerJson<T>(res: Response, code: SocialErrorCode, what: string): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
  if (!res.ok || !body || typeof body !== 'object' || ('error' in body && body.error)) {
    throw new SocialError(code, `${what}: ${res.status}`);
  }
  return body;
}

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * The authorization code exchanged at the provider's token endpoint (RFC 6749 §4.1.3, with the PKCE verifier of RFC
 * 7636 and whatever else the provider asks for in `fields`): its JSON answer, or a SocialError in the provider's name.
 */
export async function exchangeCode<T>(ctx: ProviderContext, url: string, fields: Record<string, string>, who: string): Promise<T> {
  return providerJson<T>(await ctx.fetch(url, form({ grant_type: 'authorization_code', ...fields })), 'token_failed', `${who} не обменял код`);
}

export function profile(p: Partial<SocialProfile>): SocialProfile {
  return {
    firstName: (p.firstName ?? '').slice(0, 50),
    lastName: (p.lastName ?? '').slice(0, 50),
    avatarUrl: p.avatarUrl || null,
    email: p.email ? p.email.trim().toLowerCase() : null,
    emailVerified: Boolean(p.email && p.emailVerified),
  };
}
