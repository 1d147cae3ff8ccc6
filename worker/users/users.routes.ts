import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { requireUser } from '../middleware/session.ts';
import { toMe } from './users.mapper.ts';
import { findUserById } from './users.queries.ts';

export const usersRoutes = new Hono<AppEnv>().get('/users/me', requireUser, async (c) => {
  const row = await findUserById(c.var.db, c.var.user!.id);
  // A valid token for a deleted account: the session is over.
  if (!row) throw errors.unauthorized();
  return c.json(toMe(row));
});
