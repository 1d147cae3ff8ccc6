import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { missingOperatorDetails } from '../legal/operator.ts';
import { pingDatabase } from './health.queries.ts';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const started = Date.now();
  try {
    await pingDatabase(c.var.db);
    // the legal pages name the operator from the deployment's vars: a launch without them shows here, not in court
    return c.json({ status: 'ok' as const, database: 'ok' as const, database_ms: Date.now() - started, operator_details_missing: missingOperatorDetails(c.env) });
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', requestId: c.var.requestId, msg: 'health: database unreachable', error: String(e) }));
    return c.json({ status: 'degraded' as const, database: 'unreachable' as const, database_ms: Date.now() - started }, 503);
  }
});
