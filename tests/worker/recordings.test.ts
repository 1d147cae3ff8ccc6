// Recorded sessions (decision 019): the host uploads a recording part by part while the room runs; parts come in order
// (a resend is harmless, a gap is refused), part 0 must look like a recording, finishing writes the duration into the
// WebM header, the file streams with range requests across parts; only the meeting's mentor and participants see it
// (a stranger and a visitor get 404), the mentor deletes it, the scheduler finishes a recording whose uploads stopped
// and deletes one past its 30 days.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { conferenceServerMessage, type ConferenceServerMessage } from '../../party/protocol/conference.ts';
import type { ConferenceJoin, ConferenceWindowAnswer } from '../../worker/conferences/conferences.schemas.ts';
import { consultationTypes } from '../../drizzle/schema/consultations.ts';
import { meetingRecordingParts, meetingRecordings } from '../../drizzle/schema/recordings.ts';
import { partKey } from '../../worker/recordings/recording-file.ts';
import { deleteExpiredRecordings, finishStaleRecordings } from '../../worker/recordings/recording-sweeps.ts';
import type { Recording, RecordingProgress } from '../../worker/recordings/recordings.schemas.ts';
import { readWebmDuration } from '../../worker/recordings/webm-duration.ts';
import { createUser } from '../factories.ts';
import demoRecording from '../../scripts/seed-data/demo-recording.webm?inline';
import { paidBooking, shiftSlot, DAY } from './escrow-fixtures.ts';
import { bindings, call, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const MINUTE = 60_000;

/** The recorded fixture (scripts/make-demo-recording.mjs: ~10 s of VP8/Opus from chromium's MediaRecorder). */
const WEBM = Uint8Array.from(atob(demoRecording.slice(demoRecording.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };

/** A paid consultation starting in 10 minutes with its room opened by the mentor. */
async function meeting() {
  const fixture = await paidBooking(t.db, { startsIn: 10 * DAY });
  await shiftSlot(t.db, fixture.slot.id, 10 * MINUTE, 60);
  await expectJson(send('POST', '/api/conferences/update-from-salute-jazz/', { user: asUser(fixture.mentor), body: { content_type: 'consultationbooking', object_id: fixture.booking.id } }), 200);
  return fixture;
}

const startRecording = (user: Person, bookingId: number) =>
  send('POST', '/api/recordings/', { user: asUser(user), body: { content_type: 'consultationbooking', object_id: bookingId, mime_type: 'video/webm;codecs=vp8,opus' } });

const putPart = (user: Person, id: number, n: number, bytes: Uint8Array, elapsedMs: number) =>
  call(`/api/recordings/${id}/parts/${n}/?elapsed_ms=${elapsedMs}`, {
    method: 'PUT',
    user: asUser(user),
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });

/** The fixture cut into `count` parts at arbitrary byte boundaries (the concatenation is the file). */
function cut(bytes: Uint8Array, count: number) {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size)));
}

/** A recording of the fixture in 3 parts, finished with a 10-s duration. */
async function readyRecording() {
  const fixture = await meeting();
  const rec = await expectJson<Recording>(startRecording(fixture.mentor, fixture.booking.id), 201);
  const parts = cut(WEBM, 3);
  for (const [n, part] of parts.entries()) await expectJson(putPart(fixture.mentor, rec.id, n, part, (n + 1) * 3400), 200);
  const ready = await expectJson<Recording>(send('POST', `/api/recordings/${rec.id}/finish/`, { user: asUser(fixture.mentor), body: { duration_ms: 10_000 } }), 200);
  return { ...fixture, rec: ready };
}

async function fileBytes(res: Response) {
  return new Uint8Array(await res.arrayBuffer());
}

describe('uploading a recording', () => {
  it('takes the host’s parts in order: a resend answers the same, a gap is 409, and part 0 must be a recording', async () => {
    const { mentor, mentee, booking } = await meeting();
    const rec = await expectJson<Recording>(startRecording(mentor, booking.id), 201);
    expect(rec).toMatchObject({ status: 'recording', file_url: `/api/recordings/${rec.id}/file/`, can_delete: true, content_type: 'consultationbooking', object_id: booking.id });
    const [p0, p1, p2] = cut(WEBM, 3);

    // part 0 checked by content
    expect((await expectJson(putPart(mentor, rec.id, 0, new TextEncoder().encode('not a video at all'), 2000), 400)).code).toBe('recording_format');
    expect(await expectJson<RecordingProgress>(putPart(mentor, rec.id, 0, p0, 2000), 200)).toEqual({ parts: 1, size_bytes: p0.length });
    // out of order: part 2 before part 1
    expect(await expectJson(putPart(mentor, rec.id, 2, p2, 6000), 409)).toEqual({ detail: 'Часть записи пришла не по порядку: отправьте её с первой недостающей', code: 'part_out_of_order' });
    expect(await expectJson<RecordingProgress>(putPart(mentor, rec.id, 1, p1, 4000), 200)).toEqual({ parts: 2, size_bytes: p0.length + p1.length });
    // a resend of part 1 (the answer was lost) is the same answer, stored once
    expect(await expectJson<RecordingProgress>(putPart(mentor, rec.id, 1, p1, 4000), 200)).toEqual({ parts: 2, size_bytes: p0.length + p1.length });
    // the host reads where to resume
    expect(await expectJson<Recording>(send('GET', `/api/recordings/${rec.id}/`, { user: asUser(mentor) }), 200)).toMatchObject({ status: 'recording', size_bytes: p0.length + p1.length, duration_ms: 4000 });
    // only the host uploads; the participant doesn't see a recording in progress
    expect((await expectJson(putPart(mentee, rec.id, 2, p2, 6000), 404)).code).toBe('not_found');
    expect((await expectJson(send('GET', `/api/recordings/${rec.id}/`, { user: asUser(mentee) }), 404)).code).toBe('not_found');
    expect(await expectJson<RecordingProgress>(putPart(mentor, rec.id, 2, p2, 6000), 200)).toEqual({ parts: 3, size_bytes: WEBM.length });

    const parts = await t.db.select().from(meetingRecordingParts).where(eq(meetingRecordingParts.recordingId, rec.id)).orderBy(meetingRecordingParts.partNo);
    expect(parts.map((p) => [p.partNo, p.byteOffset, p.size])).toEqual([
      [0, 0, p0.length],
      [1, p0.length, p1.length],
      [2, p0.length + p1.length, p2.length],
    ]);
  });

  it('is refused when the meeting’s recording is off, to anyone but the mentor, and before the room is open', async () => {
    const { mentor, booking } = await paidBooking(t.db, { startsIn: 10 * DAY });
    expect((await expectJson(startRecording(mentor, booking.id), 409)).code).toBe('conference_not_started');
    const open = await meeting();
    expect((await expectJson(startRecording(open.mentee, open.booking.id), 403)).code).toBe('forbidden');
    const stranger = await createUser(t.db, { role: 'mentor' });
    expect((await expectJson(startRecording(stranger, open.booking.id), 404)).code).toBe('not_found');
    await t.db
      .update(consultationTypes)
      .set({ isRecorded: false })
      .where(eq(consultationTypes.id, sql`(select consultation_type_id from consultation_bookings where id = ${open.booking.id})`));
    expect(await expectJson(startRecording(open.mentor, open.booking.id), 409)).toEqual({ detail: 'Запись этой встречи выключена в настройках', code: 'recording_off' });
  });

  it('finishes with the duration written into the WebM header, idempotently; a reload’s new recording finishes the old one', async () => {
    const { mentor, booking, rec } = await readyRecording();
    expect(rec).toMatchObject({ status: 'ready', duration_ms: 10_000, finished_at: expect.any(String) });
    // the header now says 10 s (11 bytes more in part 0, the later parts moved by as much)
    expect(rec.size_bytes).toBe(WEBM.length + 11);
    const head = await fileBytes(await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentor), headers: { range: 'bytes=0-4095' } }));
    expect(readWebmDuration(head)).toBe(10_000);
    expect(readWebmDuration(WEBM)).toBeNull();
    // the whole file is the fixture with the Duration element inserted, nothing else changed
    const whole = await fileBytes(await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentor) }));
    expect(whole.length).toBe(WEBM.length + 11);
    expect(whole.subarray(whole.length - 5000)).toEqual(WEBM.subarray(WEBM.length - 5000));
    // finishing again changes nothing
    const again = await expectJson<Recording>(send('POST', `/api/recordings/${rec.id}/finish/`, { user: asUser(mentor), body: { duration_ms: 99_000 } }), 200);
    expect(again).toEqual(rec);
    expect((await expectJson(putPart(mentor, rec.id, 3, WEBM.subarray(0, 10), 12_000), 409)).code).toBe('recording_finished');

    // the host reloads: a new recording finishes the one left running, keeping its parts
    const first = await expectJson<Recording>(startRecording(mentor, booking.id), 201);
    await expectJson(putPart(mentor, first.id, 0, WEBM.subarray(0, 50_000), 2000), 200);
    const second = await expectJson<Recording>(startRecording(mentor, booking.id), 201);
    const [old] = await t.db.select().from(meetingRecordings).where(eq(meetingRecordings.id, first.id));
    expect(old).toMatchObject({ status: 'ready', parts: 1, durationMs: 2000 });
    expect(second.status).toBe('recording');
  });
});

describe('reading a recording', () => {
  it('answers a range across a part boundary with 206 and exactly those bytes, the whole file with 200, and 416 past the end', async () => {
    const { mentee, rec } = await readyRecording();
    const patched = await fileBytes(await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee) }));
    const [partRows] = [await t.db.select().from(meetingRecordingParts).where(eq(meetingRecordingParts.recordingId, rec.id)).orderBy(meetingRecordingParts.partNo)];
    const boundary = partRows[1].byteOffset;
    const start = boundary - 100;
    const end = partRows[2].byteOffset + 50; // through all of part 1 into part 2

    const ranged = await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee), headers: { range: `bytes=${start}-${end}` } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${end}/${rec.size_bytes}`);
    expect(ranged.headers.get('content-length')).toBe(String(end - start + 1));
    expect(ranged.headers.get('content-type')).toBe('video/webm;codecs=vp8,opus');
    expect(ranged.headers.get('cache-control')).toBe('private, no-store');
    expect(await fileBytes(ranged)).toEqual(patched.subarray(start, end + 1));
    // the player's first ask, and a suffix
    const open = await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee), headers: { range: 'bytes=0-' } });
    expect(open.status).toBe(206);
    expect((await fileBytes(open)).length).toBe(rec.size_bytes);
    const tail = await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee), headers: { range: 'bytes=-10' } });
    expect(await fileBytes(tail)).toEqual(patched.subarray(patched.length - 10));

    const whole = await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee) });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(rec.size_bytes));
    expect((await fileBytes(whole)).length).toBe(rec.size_bytes);

    const beyond = await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee), headers: { range: `bytes=${rec.size_bytes}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${rec.size_bytes}`);
  });

  it('is the mentor’s and the participant’s only: a stranger and a signed-out visitor get 404 on the file, the recording and the list', async () => {
    const { mentor, mentee, booking, rec } = await readyRecording();
    const stranger = await createUser(t.db);
    for (const user of [stranger, null]) {
      const as = user ? asUser(user) : undefined;
      expect((await call(`/api/recordings/${rec.id}/file/`, { user: as })).status).toBe(404);
      expect((await call(`/api/recordings/${rec.id}/file/`, { user: as, headers: { range: 'bytes=0-10' } })).status).toBe(404);
      expect((await expectJson(send('GET', `/api/recordings/${rec.id}/`, { user: as }), 404)).code).toBe('not_found');
      expect((await expectJson(send('GET', `/api/recordings/?content_type=consultationbooking&object_id=${booking.id}`, { user: as }), 404)).code).toBe('not_found');
    }
    expect(await expectJson<Recording>(send('GET', `/api/recordings/${rec.id}/`, { user: asUser(mentee) }), 200)).toEqual({ ...rec, can_delete: false });
    expect(await expectJson(send('GET', `/api/recordings/${rec.id}/`, { user: asUser(mentor) }), 200)).toEqual(rec);

    // a participant lists the ready ones only; the mentor also sees one in progress
    const live = await expectJson<Recording>(startRecording(mentor, booking.id), 201);
    const forMentee = await expectJson<{ results: Recording[] }>(send('GET', `/api/recordings/?content_type=consultationbooking&object_id=${booking.id}`, { user: asUser(mentee) }), 200);
    expect(forMentee.results.map((r) => r.id)).toEqual([rec.id]);
    const forMentor = await expectJson<{ results: Recording[] }>(send('GET', `/api/recordings/?content_type=consultationbooking&object_id=${booking.id}`, { user: asUser(mentor) }), 200);
    expect(forMentor.results.map((r) => r.id)).toEqual([live.id, rec.id]);
  });

  it('is deleted by the mentor only: its R2 objects go and it answers 404 after', async () => {
    const { mentor, mentee, rec } = await readyRecording();
    expect((await expectJson(send('DELETE', `/api/recordings/${rec.id}/`, { user: asUser(mentee) }), 403)).code).toBe('forbidden');
    const stranger = await createUser(t.db, { role: 'mentor' });
    expect((await expectJson(send('DELETE', `/api/recordings/${rec.id}/`, { user: asUser(stranger) }), 404)).code).toBe('not_found');
    expect(await bindings.FILES.head(partKey(rec.id, 0))).not.toBeNull();
    const res = await send('DELETE', `/api/recordings/${rec.id}/`, { user: asUser(mentor) });
    expect(res.status).toBe(204);
    for (const n of [0, 1, 2]) expect(await bindings.FILES.head(partKey(rec.id, n))).toBeNull();
    expect((await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee) })).status).toBe(404);
    const [row] = await t.db.select().from(meetingRecordings).where(eq(meetingRecordings.id, rec.id));
    expect(row).toMatchObject({ status: 'deleted', deletedAt: expect.any(Date) });
  });
});

describe('the scheduler', () => {
  it('finishes a recording whose host’s uploads just stopped, keeping what was uploaded, with its length in the header', async () => {
    const { mentor, mentee, booking } = await meeting();
    const rec = await expectJson<Recording>(startRecording(mentor, booking.id), 201);
    const [p0, p1] = cut(WEBM, 3);
    await expectJson(putPart(mentor, rec.id, 0, p0, 2000), 200);
    await expectJson(putPart(mentor, rec.id, 1, p1, 4000), 200);
    // the tab closed: nothing for a minute yet, then more than two
    expect((await finishStaleRecordings(bindings, t.db)).finished).toBe(0);
    await t.db.update(meetingRecordings).set({ lastPartAt: sql`now() - interval '121 seconds'` }).where(eq(meetingRecordings.id, rec.id));
    await finishStaleRecordings(bindings, t.db);
    const kept = await expectJson<Recording>(send('GET', `/api/recordings/${rec.id}/`, { user: asUser(mentee) }), 200);
    expect(kept).toMatchObject({ status: 'ready', duration_ms: 4000, size_bytes: p0.length + p1.length + 11 });
    const bytes = await fileBytes(await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee) }));
    expect(readWebmDuration(bytes)).toBe(4000);
    expect(bytes.subarray(11 + p0.length - 1000)).toEqual(WEBM.subarray(p0.length - 1000, p0.length + p1.length));
  });

  it('deletes recordings past their 30 days from R2', async () => {
    const { rec, mentee } = await readyRecording();
    expect((await deleteExpiredRecordings(bindings, t.db)).deleted).toBe(0);
    await t.db.update(meetingRecordings).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(meetingRecordings.id, rec.id));
    expect((await deleteExpiredRecordings(bindings, t.db)).deleted).toBeGreaterThanOrEqual(1);
    for (const n of [0, 1, 2]) expect(await bindings.FILES.head(partKey(rec.id, n))).toBeNull();
    expect((await call(`/api/recordings/${rec.id}/file/`, { user: asUser(mentee) })).status).toBe(404);
  });
});

/** Joins the meeting's room as this person (GET /conferences/get/, then the socket) and collects what it says. */
async function joinRoom(user: Person, bookingId: number) {
  const join = await expectJson<ConferenceJoin>(send('GET', `/api/conferences/get/?content_type=consultationbooking&object_id=${bookingId}`, { user: asUser(user) }), 200);
  const res = await call(`${join.ws_path}?token=${encodeURIComponent(join.join_token)}`, { headers: { upgrade: 'websocket' }, user: asUser(user) });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const received: ConferenceServerMessage[] = [];
  ws.addEventListener('message', (e: MessageEvent) => received.push(conferenceServerMessage.parse(JSON.parse(e.data as string))));
  ws.accept();
  await vi.waitFor(() => expect(received.map((m) => m.type)).toContain('welcome'), { timeout: 5000 });
  return { join, ws, received };
}

describe('the room', () => {
  it('tells everyone present when the host starts and finishes a recording; a later joiner’s welcome carries it; window and get say so', async () => {
    const { mentor, mentee, booking } = await meeting();
    const before = await expectJson<ConferenceWindowAnswer>(send('GET', `/api/conferences/window/?content_type=consultationbooking&object_id=${booking.id}`, { user: asUser(mentee) }), 200);
    expect(before).toMatchObject({ is_recorded: true, recording: null });
    const early = await joinRoom(mentee, booking.id);
    expect(early.join).toMatchObject({ is_recorded: true, recording: null });
    expect(early.received.find((m) => m.type === 'welcome')).toMatchObject({ recording: null });

    const rec = await expectJson<Recording>(startRecording(mentor, booking.id), 201);
    const live = { id: rec.id, started_at: rec.started_at };
    await vi.waitFor(() => expect(early.received).toContainEqual({ type: 'recording', recording: live }), { timeout: 5000 });
    const late = await joinRoom(mentor, booking.id);
    expect(late.received.find((m) => m.type === 'welcome')).toMatchObject({ recording: live });
    expect(late.join.recording).toEqual(live);
    expect((await expectJson<ConferenceWindowAnswer>(send('GET', `/api/conferences/window/?content_type=consultationbooking&object_id=${booking.id}`, { user: asUser(mentee) }), 200)).recording).toEqual(live);

    await expectJson(putPart(mentor, rec.id, 0, WEBM.subarray(0, 20_000), 2000), 200);
    await expectJson(send('POST', `/api/recordings/${rec.id}/finish/`, { user: asUser(mentor), body: { duration_ms: 2000 } }), 200);
    await vi.waitFor(() => expect(early.received).toContainEqual({ type: 'recording', recording: null }), { timeout: 5000 });
    early.ws.close();
    late.ws.close();
  });
});

describe('the mentor’s choice', () => {
  it('records a consultation type’s meetings by default, and the mentor turns it off and on', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const body = { user_id: mentor.id, name: 'Разбор кода', duration_minutes: 60, costs: 2000 };
    const created = await expectJson<{ id: number; is_recorded: boolean }>(send('POST', '/api/consultation-types/create/', { user: asUser(mentor), body }), 201);
    expect(created.is_recorded).toBe(true);
    const off = await expectJson<{ is_recorded: boolean }>(send('PATCH', `/api/consultation-types/${created.id}/update/`, { user: asUser(mentor), body: { user_id: mentor.id, is_recorded: false } }), 200);
    expect(off.is_recorded).toBe(false);
    const detail = await expectJson<{ is_recorded: boolean }>(send('GET', `/api/consultation-types/${created.id}/detail/`), 200);
    expect(detail.is_recorded).toBe(false);
    const unrecorded = await expectJson<{ is_recorded: boolean }>(send('POST', '/api/consultation-types/create/', { user: asUser(mentor), body: { ...body, is_recorded: false } }), 201);
    expect(unrecorded.is_recorded).toBe(false);
  });
});

describe('/loads', () => {
  it('lists the ready recordings of my meetings, linking to their page, and nobody else’s', async () => {
    const { mentor, mentee, rec } = await readyRecording();
    const stranger = await createUser(t.db);
    const page = (user: Person) => expectJson<{ results: Array<Record<string, unknown>>; has_more: boolean }>(send('GET', '/api/downloads/recordings/', { user: asUser(user) }), 200);
    for (const user of [mentor, mentee]) {
      const mine = await page(user);
      expect(mine.results).toEqual([
        {
          id: rec.id,
          title: rec.title,
          content_type: 'consultationbooking',
          object_id: rec.object_id,
          duration_ms: 10_000,
          size: rec.size_bytes,
          started_at: rec.started_at,
          expires_at: rec.expires_at,
          mentor: { id: mentor.id, name: expect.any(String) },
          url: `/recording/${rec.id}`,
        },
      ]);
    }
    expect((await page(stranger)).results).toEqual([]);
    expect((await call('/api/downloads/recordings/')).status).toBe(401);
  });
});
