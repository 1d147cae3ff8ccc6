// Mentor analytics (ours, /analytics/…) and page-view recording; shapes and definitions in
// docs/decisions/009-analytics-and-mentees.md.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { clientIp } from '../lib/client-address.ts';
import { validate } from '../lib/validate.ts';
import { requireRole } from '../middleware/session.ts';
import { mentorSummary, recordPageView } from './analytics.queries.ts';
import { earningsQuery, pageViewBody, summaryQuery } from './analytics.schemas.ts';
import { toEarnings } from './earnings.mapper.ts';
import { mentorEarnings } from './earnings.queries.ts';

export const analyticsRoutes = new Hono<AppEnv>()
  .get('/analytics/summary', requireRole('mentor'), validate('query', summaryQuery), async (c) => {
    const { period } = c.req.valid('query');
    return c.json(await mentorSummary(c.var.db, c.var.user.id, period));
  })
  // The mentor's money, held / due / paid out, payment by payment (decision 009 «Earnings»).
  .get('/analytics/earnings', requireRole('mentor'), validate('query', earningsQuery), async (c) => {
    const { cursor, limit } = c.req.valid('query');
    return c.json(toEarnings(await mentorEarnings(c.var.db, c.var.user.id, { cursor, limit })));
  })
  .post('/analytics/views', validate('json', pageViewBody), async (c) => {
    const { mentor_id, event_id } = c.req.valid('json');
    const viewer = c.var.user?.id ?? null;
    // A reload or a script can't inflate a mentor's funnel: a few views per visitor and page per hour count.
    const who = viewer ? `u${viewer}` : clientIp(c.req.raw.headers);
    await enforceLimits(c.var.db, [
      { key: `page-view:${who}:${mentor_id}:${event_id ?? 0}`, max: 5, windowSeconds: 3600 },
      { key: `page-view:${who}`, max: 300, windowSeconds: 3600 },
    ]);
    const outcome = await recordPageView(c.var.db, mentor_id, event_id ?? null, viewer);
    if (!outcome.found) throw errors.notFound(event_id ? 'Мероприятие не найдено' : 'Ментор не найден');
    return c.body(null, 204);
  });
