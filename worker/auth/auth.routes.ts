import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { enforceLimits, type Limit } from '../lib/rate-limit.queries.ts';
import { clientIp, networkOf } from '../lib/client-address.ts';
import { validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import type { EmailSender, SmsSender } from '../mail/outgoing.ts';
import { toMe } from '../users/users.mapper.ts';
import { findUserById } from '../users/users.queries.ts';
import { createAccount, destinationKey, findAccount, type Destination } from './accounts.queries.ts';
import { codeMessages } from './auth.messages.ts';
import { confirmRegistrationBody, registerBody, requestLoginCodeBody, verifyLoginBody } from './auth.schemas.ts';
import { issueCode, redeemCode } from './login-codes.queries.ts';
import { endSession, rotateSession, startSession } from './session-cookies.ts';

const CODE_SENT = { detail: 'Если аккаунт существует, мы отправили на него код' } as const;
const invalidCode = () => new ApiError(400, 'invalid_code', 'Неверный или устаревший код');

/**
 * How often codes may be asked for and tried (decision 013, «Code limits that cannot lock a victim out»). With
 * 4-digit codes these keep guessing hopeless: 5 tries per code, 15 per address an hour from one network, 60 per IP
 * an hour. They count per address *and network* (an IPv4 /24, an IPv6 /48), so a stranger exhausting an address's
 * limits from their network does not stop its owner asking from theirs; a ceiling per address across all networks
 * (20 codes, 60 tries an hour) still bounds a distributed flood. Local requests carry no client IP ('local').
 */
function limits(kind: 'send' | 'verify', destination: string, ip: string): Limit[] {
  const perPair = kind === 'send' ? { max: 5, windowSeconds: 900 } : { max: 15, windowSeconds: 3600 };
  const perDestination = kind === 'send' ? { max: 20, windowSeconds: 3600 } : { max: 60, windowSeconds: 3600 };
  const perIp = kind === 'send' ? { max: 30, windowSeconds: 3600 } : { max: 60, windowSeconds: 3600 };
  const list: Limit[] = [
    { key: `${kind}:to:${destination}:from:${networkOf(ip)}`, ...perPair },
    { key: `${kind}:to:${destination}`, ...perDestination },
  ];
  if (ip !== 'local') list.push({ key: `${kind}:ip:${ip}`, ...perIp });
  return list;
}

type Senders = { email: EmailSender; sms: SmsSender };
const deliverCode = ({ email, sms }: Senders, d: Destination, code: string, kind: keyof Omit<typeof codeMessages, 'sms'>) =>
  'email' in d ? email.sendEmail({ to: d.email, ...codeMessages[kind](code) }) : sms.sendSms({ to: d.phone, text: codeMessages.sms(code) });

function sendCode(c: Context<AppEnv>, d: Destination, code: string, kind: keyof Omit<typeof codeMessages, 'sms'>) {
  deliverInBackground(c, (senders) => deliverCode(senders, d, code, kind));
}

function destinationOf(body: { email: string } | { phone: string }): Destination {
  return 'email' in body ? { email: body.email } : { phone: body.phone };
}

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/request_login_passcode', validate('json', requestLoginCodeBody), async (c) => {
    const d = destinationOf(c.req.valid('json'));
    const ip = clientIp(c.req.raw.headers);
    await enforceLimits(c.var.db, limits('send', destinationKey(d), ip));
    // the same answer at the same moment either way: the lookup, the code and the message all come after it, on a
    // connection of their own, so neither the answer nor its timing tells whether the address has an account
    deliverInBackground(c, async (senders) => {
      if (!(await findAccount(senders.db, d))) return;
      const code = await issueCode(senders.db, c.env.JWT_SECRET, { purpose: 'login', destination: destinationKey(d), ip });
      await deliverCode(senders, d, code, 'login');
    });
    return c.json(CODE_SENT);
  })
  .post('/verify-passcode/verify_login', validate('json', verifyLoginBody), async (c) => {
    const body = c.req.valid('json');
    const d = destinationOf(body);
    await enforceLimits(c.var.db, limits('verify', destinationKey(d), clientIp(c.req.raw.headers)));
    const redeemed = await redeemCode(c.var.db, c.env.JWT_SECRET, { purpose: 'login', destination: destinationKey(d), code: body.passcode });
    const account = redeemed && (await findAccount(c.var.db, d));
    if (!account) throw invalidCode();
    await startSession(c, { id: account.id, role: account.role });
    return c.json(toMe(account));
  })
  .post('/registration/register', validate('json', registerBody), async (c) => {
    const body = c.req.valid('json');
    const d = destinationOf(body);
    const ip = clientIp(c.req.raw.headers);
    await enforceLimits(c.var.db, limits('send', destinationKey(d), ip));
    const existing = await findAccount(c.var.db, d);
    const code = await issueCode(c.var.db, c.env.JWT_SECRET, {
      purpose: 'registration',
      destination: destinationKey(d),
      ip,
      registration: { wantsToTeach: body.role === 'mentor' },
    });
    // an existing account gets a code too (confirming it simply signs in), so the answer is the same
    sendCode(c, d, code, existing ? 'alreadyRegistered' : 'registration');
    return c.json(CODE_SENT);
  })
  .post('/registration/confirm_registration', validate('json', confirmRegistrationBody), async (c) => {
    const body = c.req.valid('json');
    const d = destinationOf(body);
    await enforceLimits(c.var.db, limits('verify', destinationKey(d), clientIp(c.req.raw.headers)));
    const redeemed = await redeemCode(c.var.db, c.env.JWT_SECRET, { purpose: 'registration', destination: destinationKey(d), code: body.passcode });
    if (!redeemed) throw invalidCode();
    const { user, created } = await createAccount(c.var.db, d, redeemed.registration?.wantsToTeach === true);
    await startSession(c, { id: user.id, role: user.role });
    return c.json(toMe(user), created ? 201 : 200);
  })
  .post('/token/refresh', async (c) => {
    const rotated = await rotateSession(c, async (userId) => (await findUserById(c.var.db, userId))?.role ?? null);
    if (!rotated) throw errors.unauthorized('Сессия истекла, войдите снова');
    return c.json({ detail: 'Сессия продлена' });
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return c.json({ detail: 'Вы вышли из аккаунта' });
  });
