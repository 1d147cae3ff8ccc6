import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { clientIp } from '../lib/client-address.ts';
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
import { allowCodeRequest, allowTry, signedIn, signInChannel } from './sign-in-channel.ts';

const CODE_SENT = { detail: 'Если аккаунт существует, мы отправили на него код' } as const;
const invalidCode = () => new ApiError(400, 'invalid_code', 'Неверный или устаревший код');

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
    // limits per channel (decision 013, «Sign-in that strangers can neither block nor guess»): the same work for
    // every address, existing or not
    const channel = await signInChannel(c, d);
    await allowCodeRequest(c, d, channel);
    // the same answer at the same moment either way: the lookup, the code and the message all come after it, on a
    // connection of their own, so neither the answer nor its timing tells whether the address has an account
    deliverInBackground(c, async (senders) => {
      if (!(await findAccount(senders.db, d))) return;
      const code = await issueCode(senders.db, c.env.JWT_SECRET, { purpose: 'login', destination: destinationKey(d), ip, channel: channel.id });
      await deliverCode(senders, d, code, 'login');
    });
    return c.json(CODE_SENT);
  })
  .post('/verify-passcode/verify_login', validate('json', verifyLoginBody), async (c) => {
    const body = c.req.valid('json');
    const d = destinationOf(body);
    const channel = await signInChannel(c, d);
    await allowTry(c, d, channel);
    const redeemed = await redeemCode(c.var.db, c.env.JWT_SECRET, { purpose: 'login', destination: destinationKey(d), code: body.passcode, channel: channel.id });
    const account = redeemed && (await findAccount(c.var.db, d));
    if (!account) throw invalidCode();
    await startSession(c, { id: account.id, role: account.role }, { persistent: body.remember !== false });
    await signedIn(c, d, channel);
    return c.json(toMe(account));
  })
  .post('/registration/register', validate('json', registerBody), async (c) => {
    const body = c.req.valid('json');
    const d = destinationOf(body);
    const ip = clientIp(c.req.raw.headers);
    const channel = await signInChannel(c, d);
    await allowCodeRequest(c, d, channel);
    const existing = await findAccount(c.var.db, d);
    const code = await issueCode(c.var.db, c.env.JWT_SECRET, {
      purpose: 'registration',
      destination: destinationKey(d),
      ip,
      channel: channel.id,
      // the consent travels with the code and is kept with the account once the code confirms it
      registration: { wantsToTeach: body.role === 'mentor', consentVersion: body.consent_version },
    });
    // an existing account gets a code too (confirming it simply signs in), so the answer is the same
    sendCode(c, d, code, existing ? 'alreadyRegistered' : 'registration');
    return c.json(CODE_SENT);
  })
  .post('/registration/confirm_registration', validate('json', confirmRegistrationBody), async (c) => {
    const body = c.req.valid('json');
    const d = destinationOf(body);
    // confirming a registration signs in too, so it is tried on the same channels and back-offs as sign-in
    const channel = await signInChannel(c, d);
    await allowTry(c, d, channel);
    const redeemed = await redeemCode(c.var.db, c.env.JWT_SECRET, {
      purpose: 'registration',
      destination: destinationKey(d),
      code: body.passcode,
      channel: channel.id,
    });
    if (!redeemed) throw invalidCode();
    const consentVersion = typeof redeemed.registration?.consentVersion === 'string' ? redeemed.registration.consentVersion : null;
    const { user, created } = await createAccount(c.var.db, d, redeemed.registration?.wantsToTeach === true, consentVersion);
    await startSession(c, { id: user.id, role: user.role }, { persistent: body.remember !== false });
    await signedIn(c, d, channel);
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
