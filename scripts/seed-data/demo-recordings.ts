// The demo's recorded sessions (decision 019, «Demo data»): the demo mentor's two latest consultations that ended in the
// last 20 days (the demo mentee's first) and her latest past event get a ready recording, each one part: the committed
// ~10-s clip (demo-recording.webm, made by scripts/make-demo-recording.mjs) with its length written into the header, as
// finishing a recording writes it. The rows come from the seed; the bytes reach the Worker's R2 through
// POST /api/dev/demo-recordings/ once `npm start` serves (scripts/start.mjs).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { patchWebmDuration } from '../../worker/recordings/webm-duration.ts';
import { DEMO_MENTEE_EMAIL, DEMO_MENTOR_EMAIL } from './demo-accounts.ts';

/** the clip's length, as the host's browser would have reported it at finish */
export const DEMO_RECORDING_MS = 10_000;

/** The clip as the Worker stores a finished one-part recording. */
export function demoRecordingBytes(): Uint8Array {
  const raw = new Uint8Array(readFileSync(new URL('./demo-recording.webm', import.meta.url)));
  const patched = patchWebmDuration(raw, DEMO_RECORDING_MS);
  if (!patched) throw new Error('seed: demo-recording.webm has no WebM header to patch');
  return patched;
}

type Executor = Pick<NodePgDatabase, 'execute'>;

export async function recordDemoMeetings(tx: Executor) {
  const size = demoRecordingBytes().length;
  const meetings = sql`
    (select 'consultationbooking'::conference_content_type as content_type, b.id as object_id, b.mentor_id as host_id, s.starts_at
     from consultation_bookings b
     join consultation_slots s on s.id = b.slot_id
     join users m on m.id = b.mentor_id and lower(m.email) = ${DEMO_MENTOR_EMAIL}
     left join users e on e.id = b.mentee_id and lower(e.email) = ${DEMO_MENTEE_EMAIL}
     where b.status in ('paid', 'finished') and s.ends_at < now() and s.starts_at > now() - interval '20 days'
     order by (e.id is not null) desc, s.starts_at desc limit 2)
    union all
    (select 'events', ev.id, ev.mentor_id, ev.starts_at
     from events ev join users m on m.id = ev.mentor_id and lower(m.email) = ${DEMO_MENTOR_EMAIL}
     where not ev.is_canceled and ev.starts_at < now() - interval '2 hours' and ev.starts_at > now() - interval '20 days'
     order by ev.starts_at desc limit 1)`;
  await tx.execute(sql`
    with made as (
      insert into meeting_recordings (content_type, object_id, host_id, mime_type, status, parts, size_bytes, duration_ms,
                                      started_at, last_part_at, finished_at, expires_at)
      select content_type, object_id, host_id, 'video/webm;codecs=vp8,opus', 'ready', 1, ${size}, ${DEMO_RECORDING_MS},
             starts_at, starts_at + interval '10 seconds', starts_at + interval '10 seconds', starts_at + interval '30 days'
      from (${meetings}) m
      returning id)
    insert into meeting_recording_parts (recording_id, part_no, byte_offset, size)
    select id, 0, 0, ${size} from made`);
}
