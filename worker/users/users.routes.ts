import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { requireUser } from '../middleware/session.ts';
import { setAccessCookie } from '../auth/session-cookies.ts';
import { toMe } from './users.mapper.ts';
import { updateProfile } from './profile-update.ts';
import { findUserById } from './users.queries.ts';
import { allowPhoneCode, confirmPhone, sendPhoneCode } from './phone-confirmation.ts';
import { phoneMessages } from './phone-confirmation.messages.ts';
import { enforceLimits } from '../lib/rate-limit.ts';
import { validate } from '../lib/validate.ts';
import { phoneConfirmBody } from '../profile/profile.schemas.ts';

// an avatar of at most 5 MB plus the text fields
const profileBodyLimit = bodyLimit({
  maxSize: 6 * 1024 * 1024,
  onError: () => {
    throw new ApiError(413, 'file_too_large', 'Размер файла не должен превышать 5MB', { mentor_avatar: 'Размер файла не должен превышать 5MB' });
  },
});

export const usersRoutes = new Hono<AppEnv>()
  .get('/users/me', requireUser, async (c) => {
    const row = await findUserById(c.var.db, c.var.user.id);
    // A valid token for a deleted account: the session is over.
    if (!row) throw errors.unauthorized();
    // the role changed since the token was issued (an approved application): the app loads /users/me
    // first, so role-guarded calls work at once instead of after the next refresh
    if (row.role !== c.var.user.role) await setAccessCookie(c, { id: row.id, role: row.role });
    return c.json(toMe(row));
  })
  .patch('/users/me', requireUser, profileBodyLimit, async (c) => {
    const current = await findUserById(c.var.db, c.var.user.id);
    if (!current) throw errors.unauthorized();
    return c.json(toMe(await updateProfile(c, current)));
  })
  /** Ours (decision 013): the code texted to the profile's new number makes it the account's phone. */
  .post('/users/me/phone/confirm', requireUser, validate('json', phoneConfirmBody), async (c) => {
    const userId = c.var.user.id;
    await enforceLimits(c.var.db, [{ key: `verify:phone:user:${userId}`, max: 15, windowSeconds: 3600 }]);
    return c.json(toMe(await confirmPhone(c, userId, c.req.valid('json').passcode)));
  })
  /** Ours: another code for the number waiting to be confirmed. */
  .post('/users/me/phone/resend', requireUser, async (c) => {
    const row = await findUserById(c.var.db, c.var.user.id);
    if (!row) throw errors.unauthorized();
    if (!row.pendingPhone) throw errors.conflict('no_pending_phone', phoneMessages.nothingPending);
    await allowPhoneCode(c, row.id, row.pendingPhone);
    await sendPhoneCode(c, row.id, row.pendingPhone);
    return c.json({ detail: phoneMessages.sent });
  });
