import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';

/** Gives every request an id (echoed as X-Request-Id) and logs one JSON line when it is answered. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', requestId);
  const started = Date.now();
  await next();
  // a WebSocket upgrade (101) comes back from the Durable Object with immutable headers
  if (c.res.status !== 101) c.res.headers.set('X-Request-Id', requestId);
  // tests keep their output readable: only failures are logged there
  if (c.env.ENVIRONMENT === 'test' && c.res.status < 500) return;
  console.log(
    JSON.stringify({ level: 'info', requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Date.now() - started }),
  );
});
