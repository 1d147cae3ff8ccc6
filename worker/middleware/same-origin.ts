import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site. Browsers always send Origin on cross-origin
 * POST/PUT/PATCH/DELETE and Sec-Fetch-Site on every request, so a forged form or fetch from elsewhere is
 * caught even though our cookies are SameSite; non-browser clients that send neither are let through.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const own = new URL(c.req.url).origin;
    if ((fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') || (origin && origin !== own)) {
      throw errors.forbidden('Запрос с другого сайта отклонён');
    }
  }
  await next();
});
