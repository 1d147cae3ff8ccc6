// GET /api/legal/operator/: the operator's details the legal pages show (operator.ts). Public and the same for
// everyone; they change only with a deployment, so browsers and the edge may keep them for an hour.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { operatorDetails } from './operator.ts';

export const legalRoutes = new Hono<AppEnv>().get('/legal/operator', (c) => {
  c.header('cache-control', 'public, max-age=3600');
  return c.json(operatorDetails(c.env));
});
