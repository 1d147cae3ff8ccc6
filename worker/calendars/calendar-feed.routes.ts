// the private .ics feed and single-item .ics files (decision 010)
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const calendarFeedRoutes = new Hono<AppEnv>();
