import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { UUID } from '../lib/id-param.ts';
import { findUploadedFile } from './files.queries.ts';

/** Files anyone may see; chat attachments are served by the chat routes, to members only. */
const PUBLIC_PURPOSES = new Set(['avatar', 'event_cover', 'case_image']);

export const filesRoutes = new Hono<AppEnv>().get('/files/:id', async (c) => {
  const id = c.req.param('id');
  if (!UUID.test(id)) throw errors.notFound();
  const row = await findUploadedFile(c.var.db, id);
  if (!row || !PUBLIC_PURPOSES.has(row.purpose)) throw errors.notFound();
  const object = await c.env.FILES.get(row.key);
  if (!object) throw errors.notFound();
  return new Response(object.body, {
    headers: {
      'content-type': row.contentType,
      'content-length': String(row.sizeBytes),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      // a file id is never reused: a replaced avatar gets a new one
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
});
