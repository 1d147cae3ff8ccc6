import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, SignedInContext, SignedInEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { readJsonOrForm } from '../lib/form-body.ts';
import { requireUser } from '../middleware/session.ts';
import { setAccessCookie } from '../auth/session-cookies.ts';
import { toMe } from './users.mapper.ts';
import { updateProfile, type ProfileUpdateOutcome } from './profile.lifecycle.ts';
import { findUserById } from './users.queries.ts';
import { allowPhoneCode, confirmPhone, phoneCodesFor, sendPhoneCode } from './phone-confirmation.ts';
import { phoneMessages } from './phone-confirmation.messages.ts';
import { profileAccessMessages } from './profile-access.messages.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { parseOrThrow, validate } from '../lib/validate.ts';
import { phoneConfirmBody, profilePatchSchema } from '../profile/profile.schemas.ts';

// an avatar of at most 5 MB plus the text fields
const profileBodyLimit = bodyLimit({
  maxSize: 6 * 1024 * 1024,
  onError: () => {
    throw new ApiError(413, 'file_too_large', 'Размер файла не должен превышать 5MB', { mentor_avatar: 'Размер файла не должен превышать 5MB' });
  },
});

// the session is over either way: 401, so the client's refresh and sign-in path run as for any other call
const noAccount = () => errors.unauthorized(profileAccessMessages.noAccount);

/** requireUser (middleware/session.ts) in the profile's words */
const requireProfileUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user) throw errors.unauthorized(profileAccessMessages.noSession);
  await next();
});

const profileRefusals: Record<Exclude<ProfileUpdateOutcome['kind'], 'updated'>, () => ApiError> = { no_user: noAccount };

/** The profile's fields (multipart, as the spec's client sends, or JSON) validated, and the avatar file. */
async function readProfileBody(c: SignedInContext) {
  const { fields, files } = await readJsonOrForm(c);
  // in a form, skills travel as one JSON array field
  if (typeof fields.mentor_skills === 'string') fields.mentor_skills = safeJson(fields.mentor_skills);
  delete fields.mentor_avatar;
  return { changes: parseOrThrow(profilePatchSchema, fields), avatar: files('mentor_avatar')[0] ?? null };
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const usersRoutes = new Hono<AppEnv>()
  // a visitor's 401 here is the app's session probe, never shown: it keeps the general words
  .get('/users/me', requireUser, async (c) => {
    const row = await findUserById(c.var.db, c.var.user.id);
    // A valid token for a deleted account: the session is over.
    if (!row) throw noAccount();
    // the role changed since the token was issued (an approved application): the app loads /users/me
    // first, so role-guarded calls work at once instead of after the next refresh
    if (row.role !== c.var.user.role) await setAccessCookie(c, { id: row.id, role: row.role });
    return c.json(toMe(row));
  })
  .patch('/users/me', requireProfileUser, profileBodyLimit, async (c) => {
    const current = await findUserById(c.var.db, c.var.user.id);
    if (!current) throw profileRefusals.no_user();
    const body = await readProfileBody(c);
    const outcome = await updateProfile({ env: c.env, db: c.var.db }, current, body, phoneCodesFor(c, current.id));
    if (outcome.kind !== 'updated') throw profileRefusals[outcome.kind]();
    return c.json(toMe(outcome.user));
  })
  /** Ours (decision 013): the code texted to the profile's new number makes it the account's phone. */
  .post('/users/me/phone/confirm', requireProfileUser, validate('json', phoneConfirmBody), async (c) => {
    const userId = c.var.user.id;
    await enforceLimits(c.var.db, [{ key: `verify:phone:user:${userId}`, max: 15, windowSeconds: 3600 }]);
    return c.json(toMe(await confirmPhone(c, userId, c.req.valid('json').passcode)));
  })
  /** Ours: another code for the number waiting to be confirmed. */
  .post('/users/me/phone/resend', requireProfileUser, async (c) => {
    const row = await findUserById(c.var.db, c.var.user.id);
    if (!row) throw noAccount();
    if (!row.pendingPhone) throw errors.conflict('no_pending_phone', phoneMessages.nothingPending);
    await allowPhoneCode(c, row.id, row.pendingPhone);
    await sendPhoneCode(c, row.id, row.pendingPhone);
    return c.json({ detail: phoneMessages.sent });
  });
