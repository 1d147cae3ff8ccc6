// Social sign-in (decision 025): how a provider account joins a Форма account (never silently by e-mail; linking from
// the settings; never another profile's; never unlinking the last way in), and the checks of Telegram's signed data
// and Google's id_token that a fake playing by the rules never trips.
import { eq, sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { devSocialKeys, socialLinkTickets, socialSignInAttempts, userIdentities } from '../../drizzle/schema/social.ts';
import { loginCodes } from '../../drizzle/schema/auth.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import { verifyGoogleIdToken } from '../../worker/auth/social/google.ts';
import { telegramHash } from '../../worker/auth/social/telegram-hash.ts';
import { cleanupExpired } from '../../worker/maintenance/cleanup.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { providerCtx } from './escrow-fixtures.ts';
import { CookieJar, get, post, signIn, waitForCode } from './auth-helpers.ts';
import { bindings, call, ORIGIN, tamperSignature, useTestDb } from './helpers.ts';
import { callback, hasSession, roundTrip, start } from './social-helpers.ts';

const t = useTestDb();
const person = (email: string) => ({ first_name: 'Пётр', last_name: 'Привязкин', email });
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const identitiesOf = (userId: number) => t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

describe('an e-mail equal to an existing account’s', () => {
  it('signs nobody in: a ticket, the code to that e-mail; a wrong code links nothing, the right one links and signs in', async () => {
    const owner = await createUser(t.db);
    const jar = new CookieJar();
    const landed = await roundTrip('google', { intent: 'sign_in', return_to: '/AllEvents' }, person(owner.email!), jar);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('provider')).toBe('google');
    expect(landed.searchParams.get('redirect')).toBe('/AllEvents');
    expect(landed.searchParams.get('email')).toBe(`${owner.email![0]}***@test.forma`);
    expect(hasSession(jar)).toBe(false);
    expect(await identitiesOf(owner.id)).toEqual([]);
    const ticket = landed.searchParams.get('social_link')!;
    const { code } = await waitForCode(t.db, owner.email!);

    const wrong = await post('/api/auth/social/confirm-link/', { ticket, passcode: wrongCode(code) }, { jar });
    expect(wrong.status).toBe(400);
    expect(hasSession(jar)).toBe(false);
    expect(await identitiesOf(owner.id)).toEqual([]);

    const right = await post('/api/auth/social/confirm-link/', { ticket, passcode: code }, { jar });
    expect(right.status).toBe(200);
    expect(((await right.json()) as { id: number }).id).toBe(owner.id);
    expect(hasSession(jar)).toBe(true);
    expect(await identitiesOf(owner.id)).toHaveLength(1);
    // the ticket is spent
    expect((await post('/api/auth/social/confirm-link/', { ticket, passcode: code })).status).toBe(400);

    // from now on the provider signs the owner in directly
    const later = new CookieJar();
    expect((await roundTrip('google', { intent: 'sign_in' }, person(owner.email!), later)).pathname).toBe('/');
    expect(((await (await get('/api/users/me/', later)).json()) as { id: number }).id).toBe(owner.id);
  });

  it('does not link a second account of the same provider to one profile', async () => {
    const owner = await createUser(t.db);
    await roundTrip('google', { intent: 'link' }, person(uniqueEmail('first-google')), await signIn(t.db, owner.email!));
    // the sign-in above mailed a code too: the link's code is the one after it
    const { messageId } = await waitForCode(t.db, owner.email!);
    const jar = new CookieJar();
    const landed = await roundTrip('google', { intent: 'sign_in' }, person(owner.email!), jar);
    const { code } = await waitForCode(t.db, owner.email!, { after: messageId });
    const res = await post('/api/auth/social/confirm-link/', { ticket: landed.searchParams.get('social_link'), passcode: code }, { jar });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'provider_taken' });
    expect(hasSession(jar)).toBe(false);
    expect(await identitiesOf(owner.id)).toHaveLength(1);
  });

  it('takes VK’s unverified e-mail to the same proof, never onto a new account', async () => {
    const owner = await createUser(t.db);
    const jar = new CookieJar();
    const landed = await roundTrip('vk', { intent: 'register', consent_version: LEGAL_DOCUMENTS_VERSION }, person(owner.email!), jar);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('social_link')).toBeTruthy();
    expect(hasSession(jar)).toBe(false);
  });
});

describe('linking from the settings', () => {
  it('links the provider account to the signed-in caller and lists it', async () => {
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    const landed = await roundTrip('yandex', { intent: 'link', return_to: '/ProfileSettings' }, person(uniqueEmail('other')), jar);
    expect(landed.pathname).toBe('/ProfileSettings');
    expect(landed.searchParams.get('social_linked')).toBe('yandex');
    const list = (await (await get('/api/auth/identities/', jar)).json()) as { identities: { provider: string }[]; has_email: boolean };
    expect(list.identities.map((i) => i.provider)).toEqual(['yandex']);
    expect(list.has_email).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    const res = await post('/api/auth/social/vk/start/', { intent: 'link' });
    expect(res.status).toBe(401);
  });

  it('refuses a provider account linked to another profile', async () => {
    const email = uniqueEmail('taken');
    const first = new CookieJar();
    await roundTrip('vk', { intent: 'register', consent_version: LEGAL_DOCUMENTS_VERSION }, person(email), first);
    const user = await createUser(t.db);
    const jar = await signIn(t.db, user.email!);
    const landed = await roundTrip('vk', { intent: 'link', return_to: '/ProfileSettings' }, person(email), jar);
    expect(landed.pathname).toBe('/ProfileSettings');
    expect(landed.searchParams.get('social_error')).toBe('already_linked');
    expect(await identitiesOf(user.id)).toEqual([]);
  });
});

describe('unlinking', () => {
  it('refuses the last way in, and unlinks one that is not', async () => {
    const jar = new CookieJar();
    await roundTrip('telegram', { intent: 'register', consent_version: LEGAL_DOCUMENTS_VERSION }, { first_name: 'Тимур' }, jar);
    const refused = await call('/api/auth/identities/telegram/', { method: 'DELETE', headers: { cookie: jar.header(), origin: ORIGIN } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'last_sign_in_method', detail: 'Это единственный способ входа: сначала добавьте почту или другой способ' });
    const list = (await (await get('/api/auth/identities/', jar)).json()) as { identities: unknown[]; has_email: boolean; has_phone: boolean };
    expect(list).toMatchObject({ has_email: false, has_phone: false });
    expect(list.identities).toHaveLength(1);

    const user = await createUser(t.db);
    const owner = await signIn(t.db, user.email!);
    await roundTrip('google', { intent: 'link' }, person(uniqueEmail('g')), owner);
    const removed = await call('/api/auth/identities/google/', { method: 'DELETE', headers: { cookie: owner.header(), origin: ORIGIN } });
    expect(removed.status).toBe(204);
    expect(await identitiesOf(user.id)).toEqual([]);
  });
});

describe('Telegram login data', () => {
  async function telegramCallback(data: Record<string, string>) {
    const jar = new CookieJar();
    const state = new URL(new URL(await start('telegram', { intent: 'sign_in' }, jar)).searchParams.get('return_to')!).searchParams.get('state')!;
    const query = new URLSearchParams({ state, ...data });
    return { landed: await callback(`${ORIGIN}/api/auth/social/telegram/callback/?${query}`, jar), jar };
  }
  const now = () => String(Math.floor(Date.now() / 1000));

  it('accepts data signed with the bot token, and refuses a wrong hash and an old auth_date', async () => {
    const data = { id: '777000111', first_name: 'Тест', username: 'tg_test', auth_date: now() };
    const good = await telegramCallback({ ...data, hash: await telegramHash(bindings.TELEGRAM_BOT_TOKEN!, data) });
    expect(good.landed.pathname).toBe('/register');

    const forged = { ...data, first_name: 'Подмена' };
    const bad = await telegramCallback({ ...forged, hash: await telegramHash(bindings.TELEGRAM_BOT_TOKEN!, data) });
    expect(bad.landed.searchParams.get('social_error')).toBe('hash_invalid');
    expect(hasSession(bad.jar)).toBe(false);

    const otherBot = await telegramCallback({ ...data, hash: await telegramHash('1000001:another-bot', data) });
    expect(otherBot.landed.searchParams.get('social_error')).toBe('hash_invalid');

    const old = { ...data, auth_date: String(Number(now()) - 11 * 60) };
    const stale = await telegramCallback({ ...old, hash: await telegramHash(bindings.TELEGRAM_BOT_TOKEN!, old) });
    expect(stale.landed.searchParams.get('social_error')).toBe('login_expired');
    expect(hasSession(stale.jar)).toBe(false);
  });
});

describe('Google id_token verification', () => {
  const ctx = { env: bindings, origin: ORIGIN, fetch: ((input: RequestInfo | URL, init?: RequestInit) => call(new URL(String(input)).pathname, init)) as typeof fetch };
  const issuer = `${ORIGIN}/dev/social/google`;

  async function signed(claims: Record<string, unknown>, overrides: { aud?: string; iss?: string; exp?: string } = {}) {
    await call('/dev/social/google/certs'); // the fake makes its key on first use
    const [key] = await t.db.select().from(devSocialKeys).where(eq(devSocialKeys.provider, 'google'));
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(overrides.iss ?? issuer)
      .setAudience(overrides.aud ?? bindings.GOOGLE_CLIENT_ID!)
      .setSubject('google-subject-1')
      .setIssuedAt()
      .setExpirationTime(overrides.exp ?? '1h')
      .sign(await importJWK(key.privateJwk as Parameters<typeof importJWK>[0], 'RS256'));
  }

  it('accepts the fake’s token and refuses a bad signature, another audience or issuer, an expired one and another nonce', async () => {
    expect((await verifyGoogleIdToken(ctx, await signed({ nonce: 'n1' }), 'n1')).sub).toBe('google-subject-1');
    await expect(verifyGoogleIdToken(ctx, tamperSignature(await signed({ nonce: 'n1' })), 'n1')).rejects.toMatchObject({ code: 'id_token_invalid' });
    await expect(verifyGoogleIdToken(ctx, await signed({ nonce: 'n1' }, { aud: 'another-client' }), 'n1')).rejects.toMatchObject({ code: 'id_token_invalid' });
    await expect(verifyGoogleIdToken(ctx, await signed({ nonce: 'n1' }, { iss: 'https://evil.example' }), 'n1')).rejects.toMatchObject({ code: 'id_token_invalid' });
    await expect(verifyGoogleIdToken(ctx, await signed({ nonce: 'n1' }, { exp: '-1m' }), 'n1')).rejects.toMatchObject({ code: 'id_token_invalid' });
    await expect(verifyGoogleIdToken(ctx, await signed({ nonce: 'n2' }), 'n1')).rejects.toMatchObject({ code: 'id_token_invalid' });
  });
});

describe('sign-in limits (decision 013)', () => {
  it('start counts against the per-IP allowance of code requests, and the callback refuses over its own', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const headers = { 'cf-connecting-ip': ip };
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) status = (await post('/api/auth/social/vk/start/', { intent: 'sign_in' }, { headers })).status;
    expect(status).toBe(429);
    // the callback's allowance (60 an hour per IP) used up: refused before the state is even looked at
    await t.db.execute(sql`insert into rate_limit_counters (key, window_start, count)
      values (${`verify:ip:${ip}`}, to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 1000)
      on conflict (key, window_start) do update set count = 1000`);
    const res = await call(`/api/auth/social/vk/callback/?state=x&code=y`, { headers, redirect: 'manual' });
    expect(new URL(res.headers.get('location')!, ORIGIN).searchParams.get('social_error')).toBe('rate_limited');
  });
});

describe('the link code', () => {
  it('the link code is an ordinary sign-in code: stored hashed, for the account’s e-mail', async () => {
    const owner = await createUser(t.db);
    await roundTrip('yandex', { intent: 'sign_in' }, person(owner.email!));
    const codes = await t.db.select().from(loginCodes).where(eq(loginCodes.destination, owner.email!));
    expect(codes).toHaveLength(1);
    expect(codes[0].purpose).toBe('login');
  });
});

describe('hourly cleanup', () => {
  it('drops attempts and tickets a day after they expired, and keeps live ones', async () => {
    const stale = `stale-${uniqueEmail()}`;
    const live = `live-${uniqueEmail()}`;
    const attempt = { browserKeyHash: 'h', provider: 'vk' as const, intent: 'sign_in', codeVerifier: 'v', nonce: 'n' };
    await t.db.insert(socialSignInAttempts).values([
      { ...attempt, state: stale, expiresAt: sql`now() - interval '2 days'` },
      { ...attempt, state: live, expiresAt: sql`now() + interval '5 minutes'` },
    ]);
    const ticket = { provider: 'vk' as const, subject: '1', profile: { firstName: '', lastName: '', avatarUrl: null, email: null, emailVerified: false }, purpose: 'register' };
    await t.db.insert(socialLinkTickets).values([
      { ...ticket, tokenHash: stale, expiresAt: sql`now() - interval '2 days'` },
      { ...ticket, tokenHash: live, expiresAt: sql`now() + interval '5 minutes'` },
    ]);
    await cleanupExpired(providerCtx(t.db));
    expect((await t.db.select().from(socialSignInAttempts).where(sql`${socialSignInAttempts.state} in (${stale}, ${live})`)).map((r) => r.state)).toEqual([live]);
    expect((await t.db.select().from(socialLinkTickets).where(sql`${socialLinkTickets.tokenHash} in (${stale}, ${live})`)).map((r) => r.tokenHash)).toEqual([live]);
  });
});
