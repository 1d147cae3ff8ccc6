// Social sign-in (decision 025) against the local fakes of VK ID, Google, Yandex ID and Telegram: the real adapters
// run, and every protocol check is shown refusing what it must.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { socialSignInAttempts, userIdentities } from '../../drizzle/schema/social.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import type { SocialProviderId } from '../../worker/auth/social.schemas.ts';
import { createApp } from '../../worker/app.ts';
import { uniqueEmail } from '../factories.ts';
import { CookieJar, get, post } from './auth-helpers.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';
import { callback, consent, hasSession, roundTrip, start } from './social-helpers.ts';
import { EXECUTION_CTX } from './yookassa-production.ts';

const t = useTestDb();
const REGISTER = { intent: 'register', consent_version: LEGAL_DOCUMENTS_VERSION } as const;
const stranger = (email = uniqueEmail('social')) => ({ first_name: 'Вера', last_name: 'Соцсетева', email });

async function me(jar: CookieJar) {
  const res = await get('/api/users/me/', jar);
  return res.status === 200 ? ((await res.json()) as { id: number; email: string | null }) : null;
}

async function identitiesOf(userId: number) {
  return t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

describe('providers', () => {
  it('lists the four configured providers, and hides one without its credentials', async () => {
    const res = await call('/api/auth/providers/');
    expect(((await res.json()) as { providers: { id: string }[] }).providers.map((p) => p.id)).toEqual(['vk', 'google', 'yandex', 'telegram']);
    const without = await createApp().request(`${ORIGIN}/api/auth/providers/`, {}, { ...bindings, VK_ID_CLIENT_SECRET: undefined, TELEGRAM_BOT_NAME: '' }, EXECUTION_CTX);
    expect(((await without.json()) as { providers: { id: string }[] }).providers.map((p) => p.id)).toEqual(['google', 'yandex']);
    const refused = await createApp().request(
      `${ORIGIN}/api/auth/social/vk/start/`,
      { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ intent: 'sign_in' }) },
      { ...bindings, VK_ID_CLIENT_SECRET: undefined },
      EXECUTION_CTX,
    );
    expect(refused.status).toBe(404);
  });
});

describe.each(['vk', 'google', 'yandex', 'telegram'] as SocialProviderId[])('the whole flow through %s', (provider) => {
  it('registers with consent, then the linked identity signs in again', async () => {
    const email = uniqueEmail(`reg-${provider}`);
    const jar = new CookieJar();
    const landed = await roundTrip(provider, { ...REGISTER, return_to: '/AllMentors' }, stranger(email), jar);
    expect(landed.pathname).toBe('/AllMentors');
    expect(hasSession(jar)).toBe(true);
    const account = (await me(jar))!;
    expect(account).not.toBeNull();
    // only Google's and Yandex's vouched-for e-mails go onto the account; VK's is unverified, Telegram gives none
    expect(account.email).toBe(provider === 'google' || provider === 'yandex' ? email : null);
    expect(await identitiesOf(account.id)).toHaveLength(1);

    const again = new CookieJar();
    const back = await roundTrip(provider, { intent: 'sign_in' }, stranger(email), again);
    expect(back.pathname).toBe('/');
    expect((await me(again))?.id).toBe(account.id);
  });

  it('a sign-in with no account and no consent yet gets a register ticket, and registering with it signs in', async () => {
    const jar = new CookieJar();
    const landed = await roundTrip(provider, { intent: 'sign_in' }, stranger(), jar);
    expect(landed.pathname).toBe('/register');
    expect(landed.searchParams.get('provider')).toBe(provider);
    expect(hasSession(jar)).toBe(false);
    const ticket = landed.searchParams.get('social_ticket')!;
    const res = await post('/api/auth/social/register/', { ticket, consent_version: LEGAL_DOCUMENTS_VERSION, role: 'mentor' }, { jar });
    expect(res.status).toBe(201);
    expect(hasSession(jar)).toBe(true);
    // a ticket works once
    expect((await post('/api/auth/social/register/', { ticket, consent_version: LEGAL_DOCUMENTS_VERSION }, { jar: new CookieJar() })).status).toBe(400);
  });
});

describe('state bound to the browser', () => {
  it('refuses an unknown state, a state from another browser, and a replayed one, making no session', async () => {
    const jar = new CookieJar();
    const location = await consent(await start('vk', { intent: 'sign_in' }, jar), stranger());

    const forged = new URL(location);
    forged.searchParams.set('state', 'x'.repeat(43));
    const wrong = await callback(forged.href, jar);
    expect(wrong.searchParams.get('social_error')).toBe('state_invalid');

    // the same callback carried to another browser: without the cookie, and with another browser's cookie
    const noCookie = new CookieJar();
    expect((await callback(location, noCookie)).searchParams.get('social_error')).toBe('state_invalid');
    const other = new CookieJar();
    await start('vk', { intent: 'sign_in' }, other);
    expect((await callback(location, other)).searchParams.get('social_error')).toBe('state_invalid');
    expect(hasSession(noCookie) || hasSession(other)).toBe(false);

    // the owner's browser still can, once
    expect((await callback(location, jar)).pathname).toBe('/register');
    const replay = await callback(location, jar);
    expect(replay.searchParams.get('social_error')).toBe('state_invalid');
    expect(hasSession(jar)).toBe(false);
  });

  it('the attempt is stored with a hash of the browser key and a PKCE verifier, and the cookie is HttpOnly SameSite=Lax', async () => {
    const res = await post('/api/auth/social/google/start/', { intent: 'sign_in' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('forma_social='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const state = new URL(((await res.json()) as { authorize_url: string }).authorize_url).searchParams.get('state')!;
    const [attempt] = await t.db.select().from(socialSignInAttempts).where(eq(socialSignInAttempts.state, state));
    expect(attempt.browserKeyHash).not.toContain(cookie.split(';')[0].split('=')[1]);
    expect(attempt.codeVerifier).toMatch(/^[\w-]{43}$/);
  });
});

describe('Google id_token', () => {
  it('refuses an id_token carrying another nonce than the attempt’s', async () => {
    const jar = new CookieJar();
    const location = await consent(await start('google', { intent: 'sign_in' }, jar), stranger(), (form) => form.set('nonce', 'someone-elses-nonce'));
    const landed = await callback(location, jar);
    expect(landed.searchParams.get('social_error')).toBe('id_token_invalid');
    expect(hasSession(jar)).toBe(false);
  });
});

describe('the fake token endpoints check what the providers check', () => {
  async function codeFor(provider: 'google' | 'yandex') {
    const jar = new CookieJar();
    const location = new URL(await consent(await start(provider, { intent: 'sign_in' }, jar), stranger()));
    return { code: location.searchParams.get('code')!, redirectUri: `${ORIGIN}/api/auth/social/${provider}/callback/` };
  }
  const token = (fields: Record<string, string>) =>
    call('/dev/social/google/token', { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('refuses another redirect_uri, a wrong verifier, a wrong secret, and a code used twice', async () => {
    const { code, redirectUri } = await codeFor('google');
    const base = { grant_type: 'authorization_code', code, client_id: bindings.GOOGLE_CLIENT_ID!, client_secret: bindings.GOOGLE_CLIENT_SECRET!, redirect_uri: redirectUri };
    expect((await token({ ...base, client_secret: 'wrong', code_verifier: 'x'.repeat(43) })).status).toBe(401);
    const mismatch = await token({ ...base, redirect_uri: `${ORIGIN}/elsewhere/`, code_verifier: 'x'.repeat(43) });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    // the code was taken by that refused try: it never works again
    const second = await codeFor('google');
    const verifierWrong = await token({ ...base, code: second.code, code_verifier: 'y'.repeat(43) });
    expect(await verifierWrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code_verifier does not match code_challenge' });
    expect(await (await token({ ...base, code: second.code, code_verifier: 'y'.repeat(43) })).json()).toMatchObject({ error: 'invalid_grant' });
  });
});
