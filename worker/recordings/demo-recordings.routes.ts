// The demo's recorded sessions (decision 019, «Demo data»): the seed writes their rows (scripts/seed-data/
// demo-recordings.ts), but the seed reaches only Postgres, not the Worker's R2. `npm start` and `npm run dev` then post
// the demo file here once the Worker answers, and it becomes part 0 of every ready one-part recording of that exact
// size whose object is missing, so the seeded meetings play. Development and tests only (devOnly: 404 elsewhere).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { devOnly } from '../middleware/dev-only.ts';
import { partKey } from './recording-file.ts';
import { onePartRecordingsOfSize } from './recordings.queries.ts';
import { RECORDING_MAX_PART_BYTES } from './recordings.schemas.ts';
import { looksLikeRecording } from './webm-duration.ts';

export const demoRecordingsRoutes = new Hono<AppEnv>().post('/dev/demo-recordings', devOnly, async (c) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!bytes.length || bytes.length > RECORDING_MAX_PART_BYTES || !looksLikeRecording(bytes)) throw errors.validation({}, 'Это не файл записи');
  let restored = 0;
  for (const id of await onePartRecordingsOfSize(c.var.db, bytes.length)) {
    const key = partKey(id, 0);
    if (await c.env.FILES.head(key)) continue;
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: 'video/webm' } });
    restored += 1;
  }
  return c.json({ restored });
});
