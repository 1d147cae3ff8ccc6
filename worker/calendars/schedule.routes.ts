// GET /calendars/schedule/ (spec 002 §2.2, §7; decision 010): the caller's events and consultations in a window.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { loadSchedule } from './schedule.queries.ts';
import { scheduleQuery } from './schedule.schemas.ts';

export const scheduleRoutes = new Hono<AppEnv>().get('/calendars/schedule', requireUser, validate('query', scheduleQuery), async (c) => {
  const { start_date, end_date } = c.req.valid('query');
  return c.json(await loadSchedule(c.var.db, c.var.user.id, start_date, end_date));
});
