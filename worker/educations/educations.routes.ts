import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { assertOwnUserId, found, parseId } from '../lib/owned.ts';
import { parseOrThrow, validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toEducation, toEducationValues } from './educations.mapper.ts';
import { deleteEducation, findEducation, insertEducation, listEducations, updateEducation } from './educations.queries.ts';
import { EDUCATIONS_MAX, educationCreateBody, educationInputSchema, educationPatchBody } from './educations.schemas.ts';

export const educationsRoutes = new Hono<AppEnv>()
  .get('/educations', requireUser, async (c) => {
    const rows = await listEducations(c.var.db, c.var.user.id);
    return c.json(rows.map(toEducation));
  })
  .post('/educations', requireUser, validate('json', educationCreateBody), async (c) => {
    const userId = c.var.user.id;
    const { user_id, ...input } = c.req.valid('json');
    assertOwnUserId(user_id, userId);
    const row = await insertEducation(c.var.db, userId, toEducationValues(input));
    if (!row) throw errors.conflict('limit_reached', `Можно добавить не больше ${EDUCATIONS_MAX} мест учёбы`);
    return c.json(toEducation(row), 201);
  })
  .patch('/educations/:id', requireUser, validate('json', educationPatchBody), async (c) => {
    const userId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const { user_id, ...patch } = c.req.valid('json');
    assertOwnUserId(user_id, userId);
    const { id: _id, user_id: _owner, ...stored } = toEducation(found(await findEducation(c.var.db, userId, id)));
    // the whole merged row is checked, so "end not before start" holds whichever half was changed
    const merged = parseOrThrow(educationInputSchema, { ...stored, ...patch });
    const row = found(await updateEducation(c.var.db, userId, id, toEducationValues(merged)));
    return c.json(toEducation(row));
  })
  .delete('/educations/:id', requireUser, async (c) => {
    found(await deleteEducation(c.var.db, c.var.user.id, parseId(c.req.param('id'))));
    return c.body(null, 204);
  });
