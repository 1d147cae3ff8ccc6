// Social sign-in (decision 025): start a round trip to a provider, take its callback, and the steps that follow it
// (prove the matching account with the e-mail code, register with consent), plus the settings' «Способы входа».
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AnyContext, AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-address.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { enforceLimits, type Limit } from '../lib/rate-limit.queries.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import { requireUser } from '../middleware/session.ts';
import { toMe } from '../users/users.mapper.ts';
import { findUserById } from '../users/users.queries.ts';
import { findAccount } from './accounts.queries.ts';
import { codeMessages } from './auth.messages.ts';
import { issueCode, redeemCode } from './login-codes.queries.ts';
import { startSession } from './session-cookies.ts';
import { allowCodeRequest, allowTry, signedIn, signInChannel } from './sign-in-channel.ts';
import { newCodeVerifier, newNonce, newState, s256 } from './social/pkce.ts';
import { SocialError, type SocialIdentity } from './social/provider.ts';
import { offeredProviders, providerContext, providers } from './social/providers.ts';
import { confirmLinkBody, socialProviderParam, socialRegisterBody, socialStartBody, type SocialProviderId } from './social.schemas.ts';
import {
  alreadyLinked,
  ATTEMPT_TTL_MINUTES,
  createSocialAccount,
  createTicket,
  findIdentity,
  findTicket,
  insertAttempt,
  linkIdentity,
  listIdentities,
  takeAttempt,
  touchIdentity,
  unlinkIdentity,
  useTicket,
  type Attempt,
} from './social.queries.ts';

/** The browser's key to its attempts: a callback carried to another browser (login CSRF) finds none. */
export const SOCIAL_COOKIE = 'forma_social';
const SOCIAL_COOKIE_PATH = '/api/auth/social/';
const SETTINGS_PATH = '/ProfileSettings';

type StartOptions = { remember?: boolean; return_to?: string; consent_version?: string; role?: 'mentee' | 'mentor' };

const invalidTicket = () => new ApiError(400, 'ticket_invalid', 'Ссылка устарела: начните вход через соцсеть ещё раз');
const invalidCode = () => new ApiError(400, 'invalid_code', 'Неверный или устаревший код');
const notOffered = () => new ApiError(404, 'not_offered', 'Этот способ входа сейчас недоступен');

// start and callbacks count against the same per-IP allowances as code requests and code tries (decision 013)
const ipLimit = (kind: 'send' | 'verify', ip: string, max: number): Limit[] => (ip === 'local' ? [] : [{ key: `${kind}:ip:${ip}`, max, windowSeconds: 3600 }]);

/** A same-origin path to return to, as web/lib/safe-return-path.ts accepts it; anything else is dropped. */
function safeReturnPath(raw: unknown) {
  if (typeof raw !== 'string' || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  const base = 'https://forma.invalid';
  const url = new URL(raw, base);
  if (url.origin !== base || /^\/(login|register)(\/|$)/i.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

const callbackUrl = (c: AnyContext, provider: SocialProviderId) => `${new URL(c.req.url).origin}/api/auth/social/${provider}/callback/`;

function withQuery(path: string, params: Record<string, string | undefined>) {
  const url = new URL(path, 'https://forma.invalid');
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.pathname + url.search + url.hash;
}

/** a***@mail.ru: enough for the owner to recognise the address, not enough to learn it. */
export function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The login code for the account a provider's e-mail matched, through the same limits and channels as sign-in. */
async function sendLinkCode(c: AnyContext, email: string) {
  const d = { email };
  const channel = await signInChannel(c, d);
  await allowCodeRequest(c, d, channel);
  const code = await issueCode(c.var.db, c.env.JWT_SECRET, { purpose: 'login', destination: email, ip: clientIp(c.req.raw.headers), channel: channel.id });
  deliverInBackground(c, ({ email: sender }) => sender.sendEmail({ to: email, ...codeMessages.login(code) }));
}

/** Where the identity the provider vouched for leads (decision 025 «The flow», step 3): a path to redirect to. */
async function arrive(c: AnyContext, attempt: Attempt, identity: SocialIdentity): Promise<string> {
  const provider = attempt.provider;
  const options = attempt.options as StartOptions;
  const returnTo = safeReturnPath(options.return_to);
  const persistent = options.remember !== false;
  const newIdentity = { provider, subject: identity.subject, email: identity.profile.email, displayName: identity.displayName };
  if (attempt.intent === 'link') {
    const linked = await linkIdentity(c.var.db, attempt.userId!, newIdentity);
    if (linked === 'other_account') throw new SocialError('already_linked', 'Аккаунт уже привязан к другому профилю');
    if (linked === 'provider_taken') throw new SocialError('provider_taken', 'К профилю уже привязан другой аккаунт этого сервиса');
    return withQuery(returnTo ?? SETTINGS_PATH, { social_linked: provider });
  }
  const known = await findIdentity(c.var.db, provider, identity.subject);
  if (known) {
    await touchIdentity(c.var.db, known.identity.id);
    await startSession(c, { id: known.user.id, role: known.user.role }, { persistent });
    return returnTo ?? '/';
  }
  // never a silent take-over: an account with this e-mail is proved by the code sent to it before anything is linked
  const email = identity.profile.email;
  const account = email ? await findAccount(c.var.db, { email }) : null;
  if (account && account.email) {
    await sendLinkCode(c, account.email);
    const ticket = await createTicket(c.var.db, { purpose: 'link', provider, subject: identity.subject, profile: identity.profile, userId: account.id, options });
    return withQuery('/login', { social_link: ticket, provider, email: maskEmail(account.email), redirect: returnTo });
  }
  if (attempt.intent === 'register' && options.consent_version) {
    const user = await createSocialAccount(c.var.db, {
      identity: newIdentity,
      profile: identity.profile,
      wantsToTeach: options.role === 'mentor',
      consentVersion: options.consent_version,
    });
    await startSession(c, { id: user.id, role: user.role }, { persistent });
    return returnTo ?? '/';
  }
  const ticket = await createTicket(c.var.db, { purpose: 'register', provider, subject: identity.subject, profile: identity.profile, userId: null, options });
  return withQuery('/register', { social_ticket: ticket, provider, redirect: returnTo });
}

/** A refused round trip: back to the sign-in screen (or the settings, for a link) with the reason's code. */
function refusal(attempt: Attempt | null, provider: SocialProviderId, code: string) {
  const options = (attempt?.options ?? {}) as StartOptions;
  if (attempt?.intent === 'link') return withQuery(safeReturnPath(options.return_to) ?? SETTINGS_PATH, { social_error: code, provider });
  return withQuery('/login', { social_error: code, provider, redirect: safeReturnPath(options.return_to) });
}

export const socialRoutes = new Hono<AppEnv>()
  .get('/auth/providers', (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ providers: offeredProviders(c.env).map((id) => ({ id, name: providers[id].title })) });
  })
  .post('/auth/social/:provider/start', validate('param', socialProviderParam), validate('json', socialStartBody), async (c) => {
    const { provider: id } = c.req.valid('param');
    const body = c.req.valid('json');
    const provider = providers[id];
    if (!provider.configured(c.env)) throw notOffered();
    if (body.intent === 'link' && !c.var.user) throw errors.unauthorized();
    await enforceLimits(c.var.db, ipLimit('send', clientIp(c.req.raw.headers), 30));
    // one key per browser, kept across attempts, so two tabs signing in at once do not spoil each other's
    const browserKey = getCookie(c, SOCIAL_COOKIE) || randomToken();
    const state = newState();
    const nonce = newNonce();
    const codeVerifier = newCodeVerifier();
    const options: StartOptions = { remember: body.remember, return_to: safeReturnPath(body.return_to), consent_version: body.consent_version, role: body.role };
    await insertAttempt(c.var.db, {
      state,
      browserKeyHash: await sha256Hex(browserKey),
      provider: id,
      intent: body.intent,
      userId: body.intent === 'link' ? c.var.user!.id : null,
      codeVerifier,
      nonce,
      options,
    });
    setCookie(c, SOCIAL_COOKIE, browserKey, {
      httpOnly: true,
      secure: new URL(c.req.url).protocol === 'https:',
      sameSite: 'Lax',
      path: SOCIAL_COOKIE_PATH,
      maxAge: ATTEMPT_TTL_MINUTES * 60,
    });
    const authorizeUrl = provider.authorizeUrl(providerContext(c), { state, nonce, codeChallenge: await s256(codeVerifier), redirectUri: callbackUrl(c, id) });
    return c.json({ authorize_url: authorizeUrl });
  })
  .get('/auth/social/:provider/callback', validate('param', socialProviderParam), async (c) => {
    const { provider: id } = c.req.valid('param');
    const query = c.req.query();
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    let attempt: Attempt | null = null;
    try {
      await enforceLimits(c.var.db, ipLimit('verify', clientIp(c.req.raw.headers), 60));
      const provider = providers[id];
      if (!provider.configured(c.env)) throw new SocialError('not_offered', 'Способ входа не настроен');
      const browserKey = getCookie(c, SOCIAL_COOKIE);
      if (!query.state || !browserKey) throw new SocialError('state_invalid', 'Нет state или cookie браузера');
      attempt = await takeAttempt(c.var.db, { state: query.state, browserKeyHash: await sha256Hex(browserKey), provider: id });
      if (!attempt) throw new SocialError('state_invalid', 'Попытка входа не найдена, использована, устарела или начата в другом браузере');
      if (query.error) throw new SocialError('denied', `Провайдер ответил ошибкой: ${query.error}`);
      const identity = await provider.identify(providerContext(c), {
        query,
        state: attempt.state,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
        redirectUri: callbackUrl(c, id),
      });
      return c.redirect(await arrive(c, attempt, identity), 302);
    } catch (e) {
      const code = e instanceof SocialError ? e.code : e instanceof ApiError && e.status === 429 ? 'rate_limited' : 'provider_error';
      console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, msg: 'social sign-in refused', provider: id, code, error: String(e) }));
      return c.redirect(refusal(attempt, id, code), 302);
    }
  })
  .post('/auth/social/confirm-link', validate('json', confirmLinkBody), async (c) => {
    const body = c.req.valid('json');
    const ticket = await findTicket(c.var.db, body.ticket, 'link');
    const account = ticket?.userId ? await findUserById(c.var.db, ticket.userId) : null;
    if (!ticket || !account?.email) throw invalidTicket();
    const d = { email: account.email.toLowerCase() };
    const channel = await signInChannel(c, d);
    await allowTry(c, d, channel);
    const redeemed = await redeemCode(c.var.db, c.env.JWT_SECRET, { purpose: 'login', destination: d.email, code: body.passcode, channel: channel.id });
    if (!redeemed) throw invalidCode();
    if (!(await useTicket(c.var.db, body.ticket, 'link'))) throw invalidTicket();
    const linked = await linkIdentity(c.var.db, account.id, {
      provider: ticket.provider,
      subject: ticket.subject,
      email: ticket.email,
      displayName: [ticket.profile.firstName, ticket.profile.lastName].filter(Boolean).join(' '),
    });
    if (linked === 'other_account') throw alreadyLinked();
    if (linked === 'provider_taken') throw errors.conflict('provider_taken', `К профилю уже привязан другой аккаунт ${providers[ticket.provider].title}: сначала отвяжите его в настройках`);
    const options = ticket.options as StartOptions;
    await startSession(c, { id: account.id, role: account.role }, { persistent: options.remember !== false });
    await signedIn(c, d, channel);
    return c.json(toMe(account));
  })
  .post('/auth/social/register', validate('json', socialRegisterBody), async (c) => {
    const body = c.req.valid('json');
    const ticket = await useTicket(c.var.db, body.ticket, 'register');
    if (!ticket) throw invalidTicket();
    const user = await createSocialAccount(c.var.db, {
      identity: {
        provider: ticket.provider,
        subject: ticket.subject,
        email: ticket.email,
        displayName: [ticket.profile.firstName, ticket.profile.lastName].filter(Boolean).join(' '),
      },
      profile: ticket.profile,
      wantsToTeach: body.role === 'mentor',
      consentVersion: body.consent_version,
    });
    await startSession(c, { id: user.id, role: user.role }, { persistent: body.remember !== false });
    return c.json(toMe(user), 201);
  })
  .get('/auth/identities', requireUser, async (c) => {
    const [rows, user] = await Promise.all([listIdentities(c.var.db, c.var.user.id), findUserById(c.var.db, c.var.user.id)]);
    return c.json({
      identities: rows.map((r) => ({ provider: r.provider, shown: r.email ?? r.displayName, linked_at: r.createdAt.toISOString() })),
      has_email: Boolean(user?.email),
      has_phone: Boolean(user?.phone),
    });
  })
  .delete('/auth/identities/:provider', requireUser, validate('param', socialProviderParam), async (c) => {
    const { provider } = c.req.valid('param');
    let removed: boolean;
    try {
      removed = await unlinkIdentity(c.var.db, c.var.user.id, provider);
    } catch (e) {
      // the database keeps every account a way in (migration 0065): the last one is not unlinked
      const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
      if ((err.cause?.constraint ?? err.constraint) !== 'users_reachable') throw e;
      throw errors.conflict('last_sign_in_method', 'Это единственный способ входа: сначала добавьте почту или другой способ');
    }
    if (!removed) throw errors.notFound('Этот способ входа не привязан');
    return c.body(null, 204);
  });
