import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const started = Date.now();
  try {
    await c.var.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: 'ok' as const, database_ms: Date.now() - started });
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', requestId: c.var.requestId, msg: 'health: database unreachable', error: String(e) }));
    return c.json({ status: 'degraded' as const, database: 'unreachable' as const, database_ms: Date.now() - started }, 503);
  }
});
