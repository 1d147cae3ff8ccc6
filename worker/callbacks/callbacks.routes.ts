// «Перезвоните мне» (spec 000 §5's landing footer form; issue 35 item 7): a visitor leaves a name and a phone, the
// request is stored, and admins see it in their call-back inbox (/admin/callbacks), call, and mark it done. Anyone may
// send one, so it is limited per address, per network and per number; the limits' counters are Postgres's, shared
// by every isolate (worker/lib/rate-limit.queries.ts). The livestream landing's e-mail sign-up (issue 36) is the same
// kind of request: stored, limited the same way, listed to admins (decision 018).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { clientIp, networkOf } from '../lib/client-address.ts';
import { errors } from '../lib/errors.ts';
import { lookupId } from '../lib/id-param.ts';
import { enforceLimits, type Limit } from '../lib/rate-limit.queries.ts';
import { validate, validateWithDetail } from '../lib/validate.ts';
import { requireRole } from '../middleware/session.ts';
import {
  countWaitingCallbacks,
  countWaitlistSignups,
  insertCallbackRequest,
  insertWaitlistSignup,
  listCallbackRequests,
  listWaitlistSignups,
  markCallbackRequest,
  type CallbackRow,
} from './callbacks.queries.ts';
import { callbackInboxQuery, callbackRequestBody, waitlistInboxQuery, waitlistSignupBody } from './callbacks.schemas.ts';
import { z } from 'zod';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * One person asks once, maybe twice (a typo in the number); a bot asks thousands of times. The per-number limit keeps
 * one number from being called over and over at someone else's request; the overall one keeps a spread-out flood
 * from burying the inbox.
 */
function callbackLimits(ip: string, phone: string): Limit[] {
  const digits = phone.replace(/\D/g, '').slice(-10);
  return [
    { key: `callback:ip:${ip}`, max: 3, windowSeconds: HOUR, detail: 'Вы уже оставили заявку. Новую можно отправить через час.' },
    { key: `callback:net:${networkOf(ip)}`, max: 10, windowSeconds: HOUR, detail: 'Слишком много заявок из вашей сети. Попробуйте через час.' },
    { key: `callback:phone:${digits}`, max: 2, windowSeconds: DAY, detail: 'На этот номер уже есть заявка: мы перезвоним. Новую можно отправить завтра.' },
    { key: 'callback:all', max: 200, windowSeconds: HOUR, detail: 'Сейчас слишком много заявок. Попробуйте через час.' },
  ];
}

/**
 * The livestream landing's sign-up, limited as the call-backs are: one person signs up once or twice, a bot thousands
 * of times (and each stored address is one an admin may write to). English: the page is (decision 018).
 */
function waitlistLimits(ip: string, email: string): Limit[] {
  return [
    { key: `waitlist:ip:${ip}`, max: 3, windowSeconds: HOUR, detail: 'You have already signed up. Please try again in an hour.' },
    { key: `waitlist:net:${networkOf(ip)}`, max: 10, windowSeconds: HOUR, detail: 'Too many sign-ups from your network. Please try again in an hour.' },
    { key: `waitlist:email:${email.toLowerCase()}`, max: 2, windowSeconds: DAY, detail: 'This address is already on the list. Please try again tomorrow.' },
    { key: 'waitlist:all', max: 200, windowSeconds: HOUR, detail: 'Too many sign-ups right now. Please try again in an hour.' },
  ];
}

function toCallbackRequest(row: CallbackRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    created_at: new Date(row.created_at).toISOString(),
    done_at: row.done_at ? new Date(row.done_at).toISOString() : null,
    done_by: row.done_by_name,
  };
}

const markBody = z.object({ done: z.boolean({ error: 'Укажите, выполнена ли заявка' }) });

export const callbacksRoutes = new Hono<AppEnv>()
  .post('/callback-requests', validate('json', callbackRequestBody), async (c) => {
    const { name, phone } = c.req.valid('json');
    await enforceLimits(c.var.db, callbackLimits(clientIp(c.req.raw.headers), phone));
    await insertCallbackRequest(c.var.db, { name, phone });
    return c.json({ detail: 'Заявка принята. Мы перезвоним с 8:00 до 22:00.' }, 201);
  })
  .get('/callback-requests', requireRole('admin'), validate('query', callbackInboxQuery), async (c) => {
    const query = c.req.valid('query');
    const [{ rows, hasMore }, waiting] = await Promise.all([listCallbackRequests(c.var.db, query), countWaitingCallbacks(c.var.db)]);
    return c.json({ results: rows.map(toCallbackRequest), has_more: hasMore, waiting });
  })
  .post('/callback-requests/:id/done', requireRole('admin'), validate('json', markBody), async (c) => {
    const id = lookupId(c.req.param('id'));
    const row = id === null ? null : await markCallbackRequest(c.var.db, id, c.var.user.id, c.req.valid('json').done);
    if (!row) throw errors.notFound('Заявка не найдена');
    return c.json(toCallbackRequest(row));
  })
  .post('/waitlist-signups', validateWithDetail('json', waitlistSignupBody), async (c) => {
    const { email, source } = c.req.valid('json');
    await enforceLimits(c.var.db, waitlistLimits(clientIp(c.req.raw.headers), email));
    await insertWaitlistSignup(c.var.db, { email, source });
    return c.json({ detail: `You're on the list. We'll email ${email} when your spot opens.` }, 201);
  })
  .get('/waitlist-signups', requireRole('admin'), validate('query', waitlistInboxQuery), async (c) => {
    const [{ rows, hasMore }, total] = await Promise.all([listWaitlistSignups(c.var.db, c.req.valid('query')), countWaitlistSignups(c.var.db)]);
    return c.json({
      results: rows.map((row) => ({ id: row.id, email: row.email, source: row.source, created_at: new Date(row.created_at).toISOString() })),
      has_more: hasMore,
      total,
    });
  });
