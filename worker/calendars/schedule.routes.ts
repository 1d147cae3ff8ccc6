// GET /calendars/schedule/ (decision 010)
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export const scheduleRoutes = new Hono<AppEnv>();
