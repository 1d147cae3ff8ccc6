import { createMiddleware } from 'hono/factory';
import { createDb } from '../../drizzle/db.ts';
import type { AppEnv } from '../env.ts';

/** A per-request database handle; the connection opens on first use and closes after the response. */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const { db, close } = createDb(c.env);
  c.set('db', db);
  try {
    await next();
  } finally {
    c.executionCtx.waitUntil(close().catch(() => {}));
  }
});
