// A phone entered in the profile signs nobody in until a code sent to it is entered (decision 013, «A phone is
// yours once you prove it»). PATCH /users/me/ keeps a new number as `pending_phone` and texts it a code; POST
// /users/me/phone/confirm/ with that code makes it the account's `phone`, the one sign-in and registration by SMS
// look up. Until then the number belongs to nobody: its real owner registering by SMS gets an account of their own.
import { issueCode, redeemCode } from '../auth/login-codes.queries.ts';
import { codeMessages } from '../auth/auth.messages.ts';
import type { SignedInContext } from '../env.ts';
import { pgError } from '../lib/db-errors.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { clientIp } from '../lib/client-address.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import { phoneMessages } from './phone-confirmation.messages.ts';
import { confirmPendingPhone, findUserById } from './users.queries.ts';


/** Codes to one number and to one person's new numbers: the same pace as sign-in codes. */
export const phoneCodeLimits = (userId: number, phone: string, ip: string) => [
  { key: `phone:to:${phone}`, max: 5, windowSeconds: 900 },
  { key: `phone:user:${userId}`, max: 10, windowSeconds: 3600 },
  ...(ip === 'local' ? [] : [{ key: `send:ip:${ip}`, max: 30, windowSeconds: 3600 }]),
];

/** Checked before the profile is written, so a refused code leaves the whole change unwritten. */
export async function allowPhoneCode(c: SignedInContext, userId: number, phone: string) {
  await enforceLimits(c.var.db, phoneCodeLimits(userId, phone, clientIp(c.req.raw.headers)));
}

/** A fresh code for the person's pending number, texted after the answer. */
export async function sendPhoneCode(c: SignedInContext, userId: number, phone: string) {
  const code = await issueCode(c.var.db, c.env.JWT_SECRET, {
    purpose: 'phone_change',
    destination: phone,
    ip: clientIp(c.req.raw.headers),
    registration: { userId },
  });
  deliverInBackground(c, ({ sms }) => sms.sendSms({ to: phone, text: codeMessages.sms(code) }));
}

/** Codes for one person's new number, for the profile's lifecycle: allowed before the write, sent after it. */
export type PhoneCodes = { allow: (phone: string) => Promise<void>; send: (phone: string) => Promise<void> };

export const phoneCodesFor = (c: SignedInContext, userId: number): PhoneCodes => ({
  allow: (phone) => allowPhoneCode(c, userId, phone),
  send: (phone) => sendPhoneCode(c, userId, phone),
});

/** The code makes the pending number the account's phone; a number someone confirmed meanwhile stays theirs. */
export async function confirmPhone(c: SignedInContext, userId: number, passcode: string) {
  const pending = (await findUserById(c.var.db, userId))?.pendingPhone;
  if (!pending) throw errors.conflict('no_pending_phone', phoneMessages.nothingPending);
  const redeemed = await redeemCode(c.var.db, c.env.JWT_SECRET, { purpose: 'phone_change', destination: pending, code: passcode });
  if (!redeemed || redeemed.registration?.userId !== userId) throw new ApiError(400, 'invalid_code', phoneMessages.invalidCode, { passcode: phoneMessages.invalidCode });
  try {
    // the number the code was sent to, still the pending one (not replaced by another change meanwhile)
    const updated = await confirmPendingPhone(c.var.db, userId, pending);
    if (!updated) throw errors.conflict('no_pending_phone', phoneMessages.nothingPending);
    return updated;
  } catch (e) {
    if (pgError(e)?.code === '23505') throw errors.conflict('phone_taken', phoneMessages.taken);
    throw e;
  }
}
