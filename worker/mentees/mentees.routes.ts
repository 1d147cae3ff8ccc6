// A mentor's mentees for /MyMentee (ours); shape in docs/decisions/009-analytics-and-mentees.md.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { toMenteeReliability } from '../reliability/reliability.mapper.ts';
import { menteeFiguresFor } from '../reliability/reliability.queries.ts';
import { requireRole } from '../middleware/session.ts';
import { listMentees, menteeHistory } from './mentees.queries.ts';
import { menteeParam, menteesQuery } from './mentees.schemas.ts';

export const menteesRoutes = new Hono<AppEnv>()
  .get('/mentees', requireRole('mentor'), validate('query', menteesQuery), async (c) => {
    const { search } = c.req.valid('query');
    return c.json(await listMentees(c.var.db, c.var.user.id, search));
  })
  // what this mentee did with the signed-in mentor only: another mentor's customer answers an empty list
  .get('/mentees/:id/history', requireRole('mentor'), validate('param', menteeParam), async (c) =>
    c.json(await menteeHistory(c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  // the mentee's attendance and late cancellations (decision 021): only to a mentor the mentee has booked; to any other
  // mentor the mentee does not exist, so nobody can look people up
  .get('/mentees/:id/reliability', requireRole('mentor'), validate('param', menteeParam), async (c) => {
    const found = await menteeFiguresFor(c.var.db, c.var.user.id, c.req.valid('param').id);
    if (!found) throw errors.notFound('Ученик не найден');
    return c.json(toMenteeReliability(found.figures));
  });
