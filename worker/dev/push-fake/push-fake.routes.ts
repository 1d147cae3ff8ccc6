// The local fake push service (decision 027; development and test only), under /dev/push: the push endpoint itself
// (push-fake-service.ts), and what a browser's push client does with its vendor's service, for the browser tests:
// registering a subscription (the endpoint it gets), reading what was pushed to it, expiring it, throttling it once,
// taking its service down.
import { Hono } from 'hono';
import { base64url } from 'jose';
import type { AppEnv } from '../../env.ts';
import { devOnly } from '../../middleware/dev-only.ts';
import { database } from '../../middleware/database.ts';
import { fakePushService } from './push-fake-service.ts';
import { fakeEndpoint, fakePushes, insertFakeEndpoint, setFakeEndpointState } from './push-fake.queries.ts';

export const pushFakeRoutes = new Hono<AppEnv>()
  .use(devOnly)
  .post('/send/:token', (c) => fakePushService(c.env, c.req.raw))
  .use(database)
  .post('/subscriptions', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { application_server_key?: unknown } | null;
    const key = typeof body?.application_server_key === 'string' ? body.application_server_key : '';
    if (!/^[A-Za-z0-9_-]{87}$/.test(key)) return c.json({ error: 'application_server_key: the base64url of a P-256 public key' }, 400);
    const token = base64url.encode(crypto.getRandomValues(new Uint8Array(24)));
    await insertFakeEndpoint(c.var.db, token, key);
    return c.json({ token, endpoint: `${new URL(c.req.url).origin}/dev/push/send/${token}` }, 201);
  })
  .get('/subscriptions/:token/messages', async (c) => {
    const rows = await fakePushes(c.var.db, c.req.param('token'));
    return c.json(rows.map((r) => ({ id: r.id, body: r.body, headers: r.headers, received_at: r.receivedAt })));
  })
  .post('/subscriptions/:token/state', async (c) => {
    const token = c.req.param('token');
    if (!(await fakeEndpoint(c.var.db, token))) return c.json({ error: 'no such subscription' }, 404);
    const body = (await c.req.json().catch(() => ({}))) as { gone?: unknown; unavailable?: unknown; retry_after_once?: unknown };
    await setFakeEndpointState(c.var.db, token, {
      ...(typeof body.gone === 'boolean' ? { gone: body.gone } : {}),
      ...(typeof body.unavailable === 'boolean' ? { unavailable: body.unavailable } : {}),
      ...(typeof body.retry_after_once === 'number' ? { retryAfterOnce: body.retry_after_once } : {}),
    });
    return c.body(null, 204);
  });
