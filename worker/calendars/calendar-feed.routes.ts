// The private .ics feed and single-item .ics files (decision 010). The feed address is a bearer secret: only its
// SHA-256 is stored, so it is shown once when made, and «Сбросить ссылку» replaces it (the old one then 404s).
import { Hono } from 'hono';
import type { AnyContext, AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { clientIp } from '../lib/client-address.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import {
  bookingItemFor,
  deleteFeed,
  eventItem,
  feedCreatedAt,
  feedItemsByTokenHash,
  replaceFeedToken,
  type CalendarItem,
} from './calendar-feed.queries.ts';
import {
  FEED_MISSES_PER_HOUR,
  FEED_RESETS_PER_HOUR,
  feedFileParam,
  fileToken,
  itemFileParam,
  type FeedAddress,
  type FeedState,
} from './calendar-feed.schemas.ts';
import { ICS_CONTENT_TYPE, toIcs } from './calendar-ics.ts';

const origin = (c: AnyContext) => new URL(c.req.url).origin;

function icsResponse(c: AnyContext, body: string, disposition: string) {
  return c.body(body, 200, {
    'Content-Type': ICS_CONTENT_TYPE,
    'Content-Disposition': disposition,
    // personal: never in a shared cache; calendar apps poll on their own schedule anyway
    'Cache-Control': 'private, no-store',
  });
}

function singleIcs(c: AnyContext, item: CalendarItem) {
  const body = toIcs([item], { origin: origin(c), name: item.title, feed: false });
  return icsResponse(c, body, `attachment; filename="forma-${item.kind}-${item.id}.ics"`);
}

export const calendarFeedRoutes = new Hono<AppEnv>()
  .get('/calendars/feed', requireUser, async (c) => {
    const createdAt = await feedCreatedAt(c.var.db, c.var.user.id);
    return c.json<FeedState>({ active: createdAt !== null, created_at: createdAt?.toISOString() ?? null });
  })
  .post('/calendars/feed', requireUser, async (c) => {
    const userId = c.var.user.id;
    await enforceLimits(c.var.db, [{ key: `calendar-feed:user:${userId}`, max: FEED_RESETS_PER_HOUR, windowSeconds: 3600 }]);
    const token = randomToken();
    const createdAt = await replaceFeedToken(c.var.db, userId, await sha256Hex(token));
    const url = `${origin(c)}/api/calendars/feed/${token}.ics`;
    return c.json<FeedAddress>({ url, webcal_url: url.replace(/^https?:/, 'webcal:'), created_at: createdAt.toISOString() }, 201);
  })
  .delete('/calendars/feed', requireUser, async (c) => {
    await deleteFeed(c.var.db, c.var.user.id);
    return c.body(null, 204);
  })
  .get('/calendars/feed/:file', validate('param', feedFileParam), async (c) => {
    const items = await feedItemsByTokenHash(c.var.db, await sha256Hex(fileToken(c.req.valid('param').file)));
    if (!items) {
      await enforceLimits(c.var.db, [{ key: `calendar-feed:miss:${clientIp(c.req.raw.headers)}`, max: FEED_MISSES_PER_HOUR, windowSeconds: 3600 }]);
      throw errors.notFound('Календарь не найден: ссылка сброшена или неверна');
    }
    return icsResponse(c, toIcs(items, { origin: origin(c), name: 'Форма', feed: true }), 'inline; filename="forma.ics"');
  })
  .get('/calendars/bookings/:file', requireUser, validate('param', itemFileParam), async (c) => {
    const item = await bookingItemFor(c.var.db, Number(fileToken(c.req.valid('param').file)), c.var.user.id);
    if (!item) throw errors.notFound('Бронирование не найдено');
    return singleIcs(c, item);
  })
  .get('/calendars/events/:file', validate('param', itemFileParam), async (c) => {
    const item = await eventItem(c.var.db, Number(fileToken(c.req.valid('param').file)));
    if (!item) throw errors.notFound('Мероприятие не найдено');
    return singleIcs(c, item);
  });
