import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { isDevEnvironment } from '../lib/environment.ts';

/**
 * For local stand-ins of outside services (the dev mailbox, the sandbox payment provider): in production,
 * or with ENVIRONMENT unset, the route does not exist (404), so it can't be found or abused there.
 */
export const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isDevEnvironment(c.env)) throw errors.notFound();
  await next();
});
