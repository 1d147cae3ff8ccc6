// Browser push for the signed-in person (decision 027): whether it is offered (with the VAPID public key the browser
// subscribes with), keeping this browser's subscription, and forgetting it (unsubscribed, or signing out on it).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { deviceName } from './device-name.ts';
import { isAllowedEndpoint, webPushConfig } from './push-config.ts';
import { pushEndpointBody, pushStateQuery, pushSubscriptionBody } from './web-push.schemas.ts';
import { countSubscriptions, deleteSubscription, hasSubscription, saveSubscription } from './web-push.queries.ts';

const unavailable = () => new ApiError(503, 'push_unavailable', 'Уведомления в браузере на этом сервере не настроены');

export const webPushRoutes = new Hono<AppEnv>()
  // `endpoint` (this browser's, when it has one): whether the server still has it for this person
  .get('/web-push', requireUser, validate('query', pushStateQuery), async (c) => {
    const config = webPushConfig(c.env);
    const { endpoint } = c.req.valid('query');
    const [subscriptions, subscribed] = config
      ? await Promise.all([countSubscriptions(c.var.db, c.var.user.id), endpoint ? hasSubscription(c.var.db, c.var.user.id, endpoint) : false])
      : [0, false];
    c.header('cache-control', 'private, no-store');
    return c.json({ available: config != null, public_key: config?.publicKey ?? null, subscriptions, subscribed });
  })
  .post('/web-push/subscriptions', requireUser, validate('json', pushSubscriptionBody), async (c) => {
    if (!webPushConfig(c.env)) throw unavailable();
    const { endpoint, keys } = c.req.valid('json');
    if (!isAllowedEndpoint(c.env, endpoint)) {
      throw new ApiError(422, 'push_endpoint_refused', 'Этот браузер предлагает неизвестную службу уведомлений', { endpoint: 'Адрес не принадлежит известной службе push-уведомлений' });
    }
    await saveSubscription(c.var.db, c.var.user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth, device: deviceName(c.req.header('user-agent')) });
    return c.body(null, 204);
  })
  .post('/web-push/unsubscribe', requireUser, validate('json', pushEndpointBody), async (c) => {
    await deleteSubscription(c.var.db, c.var.user.id, c.req.valid('json').endpoint);
    return c.body(null, 204);
  });
