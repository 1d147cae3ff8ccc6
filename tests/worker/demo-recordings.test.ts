// The demo's recordings (decision 019, «Demo data»): the seed writes ready one-part rows, and POST
// /api/dev/demo-recordings/ (development and tests only) stores the clip as part 0 of each such row of that exact size
// whose object is missing, so the seeded meetings play after `npm start`; nothing else is touched.
import { describe, expect, it } from 'vitest';
import { meetingRecordingParts, meetingRecordings } from '../../drizzle/schema/recordings.ts';
import { partKey } from '../../worker/recordings/recording-file.ts';
import { patchWebmDuration } from '../../worker/recordings/webm-duration.ts';
import demoRecording from '../../scripts/seed-data/demo-recording.webm?inline';
import { paidBooking, DAY } from './escrow-fixtures.ts';
import { bindings, call, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';

const t = useTestDb();
const RAW = Uint8Array.from(atob(demoRecording.slice(demoRecording.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
const CLIP = patchWebmDuration(RAW, 10_000)!;

/** a ready one-part recording of a consultation, as the seed writes it (no object in R2 yet) */
async function seededRecording(size: number) {
  const fixture = await paidBooking(t.db, { startsIn: 10 * DAY });
  const [rec] = await t.db
    .insert(meetingRecordings)
    .values({ contentType: 'consultationbooking', objectId: fixture.booking.id, hostId: fixture.mentor.id, mimeType: 'video/webm;codecs=vp8,opus', status: 'ready', parts: 1, sizeBytes: size, durationMs: 10_000, finishedAt: new Date() })
    .returning();
  await t.db.insert(meetingRecordingParts).values({ recordingId: rec.id, partNo: 0, byteOffset: 0, size });
  return { ...fixture, rec };
}

const restore = (body: Uint8Array) =>
  call('/api/dev/demo-recordings/', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(body) });

describe('the demo recordings', () => {
  it('stores the clip for the seeded rows of its size that have no object, once, and the participant then plays it', async () => {
    const { rec, mentee } = await seededRecording(CLIP.length);
    const other = await seededRecording(CLIP.length + 1);
    const first = await restore(CLIP);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { restored: number }).restored).toBeGreaterThanOrEqual(1);
    expect(await bindings.FILES.head(partKey(rec.id, 0))).not.toBeNull();
    // a row of another size is not the demo's: left alone
    expect(await bindings.FILES.head(partKey(other.rec.id, 0))).toBeNull();
    // asked again (every start asks), nothing is written twice
    expect(((await (await restore(CLIP)).json()) as { restored: number }).restored).toBe(0);
    const file = await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee) });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(CLIP);
  });

  it('refuses what is not a recording', async () => {
    const res = await restore(new TextEncoder().encode('not a video at all'));
    expect(res.status).toBe(400);
  });
});
