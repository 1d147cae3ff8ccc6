// Read-only for now: a mentor's consultation types as the mentor page lists them. Creating and editing
// them belongs to the session editor (spec 002).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { idParam } from '../events/search.ts';
import { listConsultationTypes } from '../mentors/mentors.queries.ts';
import { toConsultationType } from './consultation-types.mapper.ts';

const query = z.object({ user_id: idParam('Некорректный пользователь') });

export const consultationTypesRoutes = new Hono<AppEnv>().get('/consultation-types/all', validate('query', query), async (c) => {
  const rows = await listConsultationTypes(c.var.db, c.req.valid('query').user_id);
  return c.json(rows.map(toConsultationType));
});
