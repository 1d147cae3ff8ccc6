import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { requireUser } from '../middleware/session.ts';
import { setAccessCookie } from '../auth/sessions.ts';
import { toMe } from './users.mapper.ts';
import { updateProfile } from './profile-update.ts';
import { findUserById } from './users.queries.ts';

// an avatar of at most 5 MB plus the text fields
const profileBodyLimit = bodyLimit({
  maxSize: 6 * 1024 * 1024,
  onError: () => {
    throw new ApiError(413, 'file_too_large', 'Размер файла не должен превышать 5MB', { mentor_avatar: 'Размер файла не должен превышать 5MB' });
  },
});

export const usersRoutes = new Hono<AppEnv>()
  .get('/users/me', requireUser, async (c) => {
    const row = await findUserById(c.var.db, c.var.user!.id);
    // A valid token for a deleted account: the session is over.
    if (!row) throw errors.unauthorized();
    // the role changed since the token was issued (an approved application): the app loads /users/me
    // first, so role-guarded calls work at once instead of after the next refresh
    if (row.role !== c.var.user!.role) await setAccessCookie(c, { id: row.id, role: row.role });
    return c.json(toMe(row));
  })
  .patch('/users/me', requireUser, profileBodyLimit, async (c) => {
    const current = await findUserById(c.var.db, c.var.user!.id);
    if (!current) throw errors.unauthorized();
    return c.json(toMe(await updateProfile(c, current.id, current.avatarFileId)));
  });
