// Every request to the API and the sockets passes here first (decision 013): a NUL character (U+0000) in the path,
// the query or a JSON body is a 400 naming the field, before any handler or the database sees it. A JSON body is
// read once as text (Hono keeps it: the handlers' validators parse the same text); one without a Content-Length
// or over 1 MB is left to the handler (the database's refusal becomes a 400 too, in app.ts).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { refuseNul } from '../lib/text-input.ts';

const MAX_CHECKED_BODY = 1024 * 1024;

export const refuseNulInput = createMiddleware<AppEnv>(async (c, next) => {
  // the path as it came (still percent-encoded) and as the router's params will decode it
  if (/%00/.test(c.req.path)) refuseNul('\u0000');
  refuseNul(c.req.path);
  refuseNul(c.req.queries());
  const length = Number(c.req.header('content-length') ?? NaN);
  if (c.req.header('content-type')?.includes('application/json') && length > 0 && length <= MAX_CHECKED_BODY) {
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // malformed JSON is the validators' to refuse, with their message
    }
    refuseNul(parsed);
  }
  await next();
});
