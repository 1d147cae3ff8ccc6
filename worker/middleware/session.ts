import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ACCESS_COOKIE, verifyAccessToken, type UserRole } from '../auth/access-token.ts';
import type { AppEnv, SignedInEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';

/** Reads the access-token cookie; visitors get user = null. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await verifyAccessToken(getCookie(c, ACCESS_COOKIE), c.env.JWT_SECRET));
  await next();
});

/** For handlers that need a signed-in user: answers 401 in the envelope otherwise. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  // typed by what it guarantees to the handlers after it: here the user may still be missing
  if (!c.var.user) throw errors.unauthorized();
  await next();
});

/** For handlers of one role (e.g. admin moderation): 401 for visitors, 403 for other roles. */
export const requireRole = (role: UserRole) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    if (!c.var.user) throw errors.unauthorized();
    if (c.var.user.role !== role) throw errors.forbidden();
    await next();
  });
