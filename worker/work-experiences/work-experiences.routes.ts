import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { assertOwnUserId, found, parseId } from '../lib/owned.ts';
import { parseOrThrow, validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toWorkExperience, toWorkExperienceValues } from './work-experiences.mapper.ts';
import {
  deleteWorkExperience,
  findWorkExperience,
  insertWorkExperience,
  listWorkExperiences,
  updateWorkExperience,
} from './work-experiences.queries.ts';
import { WORK_EXPERIENCES_MAX, workExperienceCreateBody, workExperienceInputSchema, workExperiencePatchBody } from './work-experiences.schemas.ts';

export const workExperiencesRoutes = new Hono<AppEnv>()
  .get('/work-experiences', requireUser, async (c) => {
    const rows = await listWorkExperiences(c.var.db, c.var.user.id);
    return c.json(rows.map(toWorkExperience));
  })
  .post('/work-experiences', requireUser, validate('json', workExperienceCreateBody), async (c) => {
    const userId = c.var.user.id;
    const { user_id, ...input } = c.req.valid('json');
    assertOwnUserId(user_id, userId);
    const row = await insertWorkExperience(c.var.db, userId, toWorkExperienceValues(input));
    if (!row) throw errors.conflict('limit_reached', `Можно добавить не больше ${WORK_EXPERIENCES_MAX} мест работы`);
    return c.json(toWorkExperience(row), 201);
  })
  .patch('/work-experiences/:id', requireUser, validate('json', workExperiencePatchBody), async (c) => {
    const userId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const { user_id, ...patch } = c.req.valid('json');
    assertOwnUserId(user_id, userId);
    const { id: _id, user_id: _owner, ...stored } = toWorkExperience(found(await findWorkExperience(c.var.db, userId, id)));
    // the whole merged row is checked, so "end not before start" holds whichever half was changed
    const merged = parseOrThrow(workExperienceInputSchema, { ...stored, ...patch });
    const row = found(await updateWorkExperience(c.var.db, userId, id, toWorkExperienceValues(merged)));
    return c.json(toWorkExperience(row));
  })
  .delete('/work-experiences/:id', requireUser, async (c) => {
    found(await deleteWorkExperience(c.var.db, c.var.user.id, parseId(c.req.param('id'))));
    return c.body(null, 204);
  });
