// GET /api/stats/platform/: the landings' numbers (issue 36) counted from the database instead of written into the
// pages. Public and the same for everyone; counted at most once per STATS_CACHE_SECONDS per isolate and colo (a
// landing's figure may lag by minutes, not be made up). Decision 018.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { cachedForEveryone } from '../middleware/public-cache.ts';
import { platformStats } from './platform-stats.queries.ts';

export const STATS_CACHE_SECONDS = 300;

export const platformStatsRoutes = new Hono<AppEnv>().get('/stats/platform', cachedForEveryone(STATS_CACHE_SECONDS), async (c) => c.json(await platformStats(c.var.db)));
