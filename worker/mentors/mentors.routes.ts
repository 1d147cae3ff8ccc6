// Public mentor pages (spec 000 sections 2 and 7) and the caller's "my mentors" history (spec 001).
// Paths sit under /users/ beside /users/me (worker/users); the numeric-only :id keeps them apart.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { publicCache } from '../middleware/public-cache.ts';
import { lookupId, lookupIdQuery } from '../lib/id-param.ts';
import { toHistoryItem, toMentorCard, toMentorDetail } from './mentors.mapper.ts';
import { findMentorDetail, listMentors, mentorPriceRange, myMentorsHistory, randomMentors } from './mentors.queries.ts';
import { mentorListQuery } from './mentors.schemas.ts';
import type { Db } from '../../drizzle/db.ts';

const mentorNotFound = () => errors.notFound('Ментор не найден');

async function mentorDetail(db: Db, id: number | null, callerId: number | null) {
  const row = id === null ? null : await findMentorDetail(db, id, callerId);
  if (!row) throw mentorNotFound();
  return toMentorDetail(row);
}

export const mentorsRoutes = new Hono<AppEnv>()
  .get('/users', publicCache, validate('query', mentorListQuery), async (c) => {
    const [{ rows, count, hasMore }, priceRange] = await Promise.all([
      listMentors(c.var.db, c.req.valid('query'), c.var.user?.id ?? null),
      mentorPriceRange(c.var.db),
    ]);
    // price_range: the filter's steps are fitted to the prices mentors really ask (priceSteps in mentors.schemas.ts)
    return c.json({ results: rows.map(toMentorCard), has_more: hasMore, count, price_range: priceRange });
  })
  .get('/users/GetRandomUsers', publicCache, async (c) => {
    const rows = await randomMentors(c.var.db, c.var.user?.id ?? null);
    return c.json(rows.map(toMentorCard));
  })
  .get('/users/GetUser', publicCache, validate('query', lookupIdQuery), async (c) => c.json(await mentorDetail(c.var.db, lookupId(c.req.query('id')), c.var.user?.id ?? null)))
  .get('/users/my-mentors/history', requireUser, async (c) => {
    const rows = await myMentorsHistory(c.var.db, c.var.user.id);
    return c.json(rows.map(toHistoryItem));
  })
  // digits only, so /users/me and the named paths above never reach it
  .get('/users/:id{[0-9]+}', publicCache, async (c) => c.json(await mentorDetail(c.var.db, lookupId(c.req.param('id')), c.var.user?.id ?? null)));

