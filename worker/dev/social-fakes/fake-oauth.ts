// What the three OAuth fakes share: the authorize step (the client and the redirect checked, the consent page, a
// one-time code bound to the client, redirect_uri, PKCE challenge and nonce), the token step's checks, and access
// tokens that carry the person, signed with a key of the dev secret (the fakes keep no sessions).
import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import type { SocialProviderId } from '../../auth/social.schemas.ts';
import { base64url, s256, sameText } from '../../auth/social/pkce.ts';
import { hmacKey } from '../../lib/hmac-key.ts';
import { randomToken, toHex } from '../../lib/tokens.ts';
import { chosenPerson, type FakePerson } from './fake-people.ts';
import { fakeConsentPage, fakeRefusal, formFields } from './fake-page.ts';
import { issueFakeCode, takeFakeCode } from './fake-store.queries.ts';

export type Grant = { person: FakePerson; clientId: string; redirectUri: string; codeChallenge: string; nonce?: string; state?: string; deviceId?: string };

/** GET authorize: the provider's checks of the request, then the page to choose a person on. */
export function authorizePage(c: Context<AppEnv>, provider: SocialProviderId, clientId: string | undefined) {
  const q = c.req.query();
  if (!clientId || q.client_id !== clientId) return fakeRefusal(c, 'Неизвестное приложение (client_id)');
  if (q.response_type !== 'code') return fakeRefusal(c, 'Поддерживается только response_type=code');
  if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) return fakeRefusal(c, 'Нет redirect_uri');
  if (q.code_challenge_method !== 'S256' || !q.code_challenge) return fakeRefusal(c, 'Нужен PKCE (code_challenge, S256)');
  if (!q.state) return fakeRefusal(c, 'Нет state');
  return fakeConsentPage(c, provider, q);
}

/** POST authorize: the person chosen; a code for them, and the redirect back with it. */
export async function authorizeChosen(c: Context<AppEnv>, provider: SocialProviderId, clientId: string | undefined, { deviceId = false } = {}) {
  const f = await formFields(c);
  if (!clientId || f.client_id !== clientId || !f.redirect_uri || !f.code_challenge || !f.state) return fakeRefusal(c, 'Неверный запрос входа');
  const person = await chosenPerson(provider, f);
  if (!person) return fakeRefusal(c, 'Укажите имя и почту');
  // VK ID names the device the person signed in on; the token request must bring it back
  const grant: Grant = { person, clientId, redirectUri: f.redirect_uri, codeChallenge: f.code_challenge, nonce: f.nonce, state: f.state, deviceId: deviceId ? randomToken() : undefined };
  const code = await issueFakeCode(c.var.db, provider, grant);
  const back = new URL(f.redirect_uri);
  back.searchParams.set('code', code);
  back.searchParams.set('state', f.state);
  if (grant.deviceId) back.searchParams.set('device_id', grant.deviceId);
  return c.redirect(back.href, 302);
}

/**
 * The token step's checks, as the providers make them: the code is live and unused (taken now either way), issued to
 * this client for this redirect_uri, and the verifier hashes to its challenge. Returns the grant or the OAuth error.
 */
export async function redeemGrant(c: Context<AppEnv>, provider: SocialProviderId, f: Record<string, string>, clientId: string | undefined) {
  const refuse = (error: string, description: string) => ({ error: c.json({ error, error_description: description }, error === 'invalid_client' ? 401 : 400) });
  if (f.grant_type !== 'authorization_code') return refuse('unsupported_grant_type', 'grant_type must be authorization_code');
  if (!clientId || f.client_id !== clientId) return refuse('invalid_client', 'unknown client_id');
  const grant = f.code ? ((await takeFakeCode(c.var.db, provider, f.code)) as Grant | null) : null;
  if (!grant) return refuse('invalid_grant', 'code is invalid, expired or already used');
  if (grant.clientId !== f.client_id) return refuse('invalid_grant', 'code was issued to another client');
  if (f.redirect_uri !== undefined && f.redirect_uri !== grant.redirectUri) return refuse('invalid_grant', 'redirect_uri mismatch');
  if (!f.code_verifier || !sameText(await s256(f.code_verifier), grant.codeChallenge)) return refuse('invalid_grant', 'code_verifier does not match code_challenge');
  return { grant };
}

async function tokenKey(secret: string) {
  return hmacKey(`${secret}:dev-social-fakes`);
}

/** An access token that is the person, signed: userinfo reads it back. */
export async function fakeAccessToken(secret: string, provider: SocialProviderId, person: FakePerson) {
  const body = base64url(new TextEncoder().encode(JSON.stringify({ provider, person, exp: Date.now() + 3600_000 })));
  const mac = toHex(await crypto.subtle.sign('HMAC', await tokenKey(secret), new TextEncoder().encode(body)));
  return `${body}.${mac}`;
}

export async function readFakeAccessToken(secret: string, provider: SocialProviderId, token: string | undefined) {
  if (!token) return null;
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = toHex(await crypto.subtle.sign('HMAC', await tokenKey(secret), new TextEncoder().encode(body)));
  if (!sameText(mac, expected)) return null;
  const bytes = Uint8Array.from(atob(body.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  const data = JSON.parse(new TextDecoder().decode(bytes)) as { provider: string; person: FakePerson; exp: number };
  return data.provider === provider && data.exp > Date.now() ? data.person : null;
}
