// The bell and /notifications (spec 000 §2, §4, §7): GET /notifications/?page=, mark one or all read.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toNotification } from './notifications.mapper.ts';
import { listNotifications, markAllRead, markRead } from './notifications.queries.ts';
import { pushToUser } from './notify.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const pageQuery = z.object({ page: z.coerce.number({ error: 'Некорректная страница' }).int('Некорректная страница').min(1, 'Некорректная страница').max(10_000, 'Некорректная страница').default(1) });

export const notificationsRoutes = new Hono<AppEnv>()
  .get('/notifications', requireUser, validate('query', pageQuery), async (c) => {
    const { page } = c.req.valid('query');
    const { rows, hasMore, total, unread } = await listNotifications(c.var.db, c.var.user.id, page, NOTIFICATIONS_PAGE_SIZE);
    return c.json({ results: rows.map(toNotification), next: hasMore ? page + 1 : null, count: total, unread_count: unread });
  })
  .post('/notifications/mark_all_read', requireUser, async (c) => {
    const userId = c.var.user.id;
    const updated = await markAllRead(c.var.db, userId);
    await pushToUser(c.env, userId, { type: 'read_all' });
    return c.json({ updated });
  })
  .post('/notifications/:id/mark_read', requireUser, async (c) => {
    const userId = c.var.user.id;
    const { id } = found(await markRead(c.var.db, userId, parseId(c.req.param('id'))), 'Уведомление не найдено');
    await pushToUser(c.env, userId, { type: 'read', ids: [id] });
    return c.json({ id, is_read: true });
  });
