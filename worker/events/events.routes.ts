import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { publicCache, sharedCache } from '../middleware/public-cache.ts';
import { toEventDetail, toEventListItem, toTopEvent } from './events.mapper.ts';
import { findEvent, listEvents, registeredEvents, topEvents, userEvents } from './events.queries.ts';
import { eventListQuery } from './events.schemas.ts';
import { cancelEventBody, cancelEventFor } from './cancel-event.ts';
import { idParam, lookupId, lookupIdQuery } from '../lib/id-param.ts';
import { z } from 'zod';

export const eventNotFound = () => errors.notFound('Мероприятие не найдено');

const userEventsQuery = z.object({ user_id: idParam('Некорректный пользователь') });

/** Public: visitors browse events too. */
export const eventsRoutes = new Hono<AppEnv>()
  .get('/events', sharedCache, validate('query', eventListQuery), async (c) => {
    const { rows, hasMore } = await listEvents(c.var.db, c.req.valid('query'));
    return c.json({ results: rows.map(toEventListItem), has_more: hasMore });
  })
  // the spec's infinite scroll calls this path with the same query
  .get('/events/load_more', sharedCache, validate('query', eventListQuery), async (c) => {
    const { rows, hasMore } = await listEvents(c.var.db, c.req.valid('query'));
    return c.json({ results: rows.map(toEventListItem), has_more: hasMore });
  })
  .get('/events/GetTopEvents', sharedCache, async (c) => {
    const rows = await topEvents(c.var.db);
    return c.json(rows.map(toTopEvent));
  })
  .get('/events/GetEvent', sharedCache, validate('query', lookupIdQuery), async (c) => {
    const id = lookupId(c.req.query('id'));
    const row = id === null ? null : await findEvent(c.var.db, id);
    if (!row) throw eventNotFound();
    return c.json(toEventDetail(row));
  })
  // ours: the events the signed-in user registered for ('Участвую' on /AllEventsDiffShow)
  .get('/events/my-registrations', requireUser, async (c) => {
    const rows = await registeredEvents(c.var.db, c.var.user.id);
    return c.json(rows.map(toEventListItem));
  })
  .get('/events/GetUserEvents', publicCache, validate('query', userEventsQuery), async (c) => {
    const rows = await userEvents(c.var.db, c.req.valid('query').user_id, c.var.user?.id ?? null);
    return c.json(rows.map(toEventListItem));
  })
  // the event's mentor cancels it: registrations end, paid ones are refunded in full (cancel-event.ts)
  .post('/events/cancel_event', requireUser, validate('json', cancelEventBody), async (c) => c.json(await cancelEventFor(c, c.req.valid('json').event_id)));
