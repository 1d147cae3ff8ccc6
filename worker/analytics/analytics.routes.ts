// Mentor analytics (ours, /analytics/…) and page-view recording.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const analyticsRoutes = new Hono<AppEnv>();
