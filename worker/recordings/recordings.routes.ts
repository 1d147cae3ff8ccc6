// Recorded sessions (decision 019): the host's browser starts a recording, uploads it part by part while the meeting
// runs, and finishes it; the meeting's mentor and participants (nobody else, not even to learn it exists) list it,
// read it and stream its bytes with range requests; the mentor deletes it.
import { Hono } from 'hono';
import type { Db } from '../../drizzle/db.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { lookupId } from '../lib/id-param.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { findMeeting, type Meeting } from '../conferences/conferences.queries.ts';
import { announceRecording } from '../conferences/room-control.ts';
import { roomNow } from '../conferences/room-rules.ts';
import { toRecording } from './recordings.mapper.ts';
import {
  appendPart,
  findRecording,
  finishRecording,
  listRecordings,
  markDeleted,
  partsInRange,
  startRecording,
  type RecordingRow,
} from './recordings.queries.ts';
import {
  RECORDING_MAX_BYTES,
  RECORDING_MAX_DURATION_MS,
  RECORDING_MAX_PART_BYTES,
  RECORDING_PUTS_PER_MINUTE,
  recordingCreateBody,
  recordingFinishBody,
  recordingListQuery,
  recordingMessages as m,
  recordingPartQuery,
  type RecordingProgress,
} from './recordings.schemas.ts';
import { parseRange, partKey, partKeys, partsStream, slicesOf } from './recording-file.ts';
import { sealRecording } from './recording-seal.ts';
import { looksLikeRecording } from './webm-duration.ts';

type Viewer = 'mentor' | 'participant';
const notFound = () => errors.notFound(m.notFound);
const storageRefused = () => new ApiError(503, 'recording_storage', m.storage);

/** The caller's place in a meeting, or null for a visitor (no user), a stranger or no such meeting. */
async function standingIn(db: Db, userId: number | null, contentType: RecordingRow['contentType'], objectId: number): Promise<{ viewer: Viewer; meeting: Meeting } | null> {
  if (userId === null) return null;
  const meeting = await findMeeting(db, contentType, objectId, userId);
  if (!meeting || (meeting.standing !== 'mentor' && meeting.standing !== 'participant')) return null;
  return { viewer: meeting.standing, meeting };
}

/**
 * A recording the caller may see: its mentor always (one in progress too), a participant once it is ready. Anything
 * else, a visitor included, is answered exactly like a missing one.
 */
async function visibleRecording(db: Db, userId: number | null, rawId: string | undefined): Promise<{ row: RecordingRow; viewer: Viewer }> {
  const id = lookupId(rawId);
  const row = id === null ? null : await findRecording(db, id);
  if (!row || row.status === 'deleted') throw notFound();
  const place = await standingIn(db, userId, row.contentType, row.objectId);
  if (!place || (place.viewer === 'participant' && row.status !== 'ready')) throw notFound();
  return { row, viewer: place.viewer };
}

/** The host's own recording (PUT, finish); anyone else's is a 404. */
async function hostsRecording(db: Db, userId: number, rawId: string | undefined) {
  const id = lookupId(rawId);
  const row = id === null ? null : await findRecording(db, id);
  if (!row || row.hostId !== userId) throw notFound();
  return row;
}

const progress = (row: { parts: number; sizeBytes: number }): RecordingProgress => ({ parts: row.parts, size_bytes: row.sizeBytes });

export const recordingsRoutes = new Hono<AppEnv>()
  .post('/recordings', requireUser, validate('json', recordingCreateBody), async (c) => {
    const { content_type, object_id, mime_type } = c.req.valid('json');
    const meeting = await findMeeting(c.var.db, content_type, object_id, c.var.user.id);
    if (!meeting || (meeting.standing !== 'mentor' && meeting.standing !== 'participant')) throw errors.notFound(m.meetingNotFound);
    if (meeting.standing !== 'mentor') throw errors.forbidden(m.hostOnly);
    if (roomNow(meeting).state !== 'open') throw errors.conflict('conference_not_started', m.notStarted);
    if (!meeting.isRecorded) throw errors.conflict('recording_off', m.off);
    const { id, finished } = await startRecording(c.var.db, { contentType: content_type, objectId: object_id, hostId: c.var.user.id, mimeType: mime_type });
    // the one left by a reload keeps what it has, with its length in the header; the room hears of the new one only
    await Promise.all(finished.map((f) => sealRecording(c.env, c.var.db, f.id, { announce: false })));
    const row = (await findRecording(c.var.db, id))!;
    await announceRecording(c.env, content_type, object_id, { id, started_at: row.startedAt.toISOString() });
    return c.json(toRecording(row, true), 201);
  })
  .put('/recordings/:id/parts/:n', requireUser, validate('query', recordingPartQuery), async (c) => {
    const userId = c.var.user.id;
    // a part every 2 s, and a burst when a reconnect resends what was queued
    await enforceLimits(c.var.db, [{ key: `recordings:put:user:${userId}`, max: RECORDING_PUTS_PER_MINUTE, windowSeconds: 60 }]);
    const row = await hostsRecording(c.var.db, userId, c.req.param('id'));
    const n = /^\d{1,6}$/.test(c.req.param('n')) ? Number(c.req.param('n')) : null;
    if (n === null) throw errors.validation({ n: m.outOfOrder }, m.outOfOrder);
    if (row.status !== 'recording') throw errors.conflict('recording_finished', m.finished);
    // a resend of a part already stored: the same answer, nothing written again
    if (n < row.parts) return c.json(progress(row));
    if (n > row.parts) throw errors.conflict('part_out_of_order', m.outOfOrder);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > RECORDING_MAX_PART_BYTES) throw new ApiError(413, 'recording_part_too_large', m.partTooLarge);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > RECORDING_MAX_PART_BYTES) throw new ApiError(413, 'recording_part_too_large', m.partTooLarge);
    if (bytes.length === 0) throw new ApiError(400, 'recording_empty_part', m.emptyPart);
    if (n === 0 && !looksLikeRecording(bytes)) throw new ApiError(400, 'recording_format', m.format);
    const { elapsed_ms } = c.req.valid('query');
    if (row.sizeBytes + bytes.length > RECORDING_MAX_BYTES || elapsed_ms > RECORDING_MAX_DURATION_MS) {
      // what was recorded until now is kept, finished, with its length
      if (await finishRecording(c.var.db, row.id)) await sealRecording(c.env, c.var.db, row.id);
      throw new ApiError(413, 'recording_too_large', m.tooLarge);
    }
    try {
      await c.env.FILES.put(partKey(row.id, n), bytes, { httpMetadata: { contentType: row.mimeType } });
    } catch (e) {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, msg: 'recording part not stored', recording: row.id, part: n, error: String(e) }));
      throw storageRefused();
    }
    const taken = await appendPart(c.var.db, { id: row.id, hostId: userId, partNo: n, size: bytes.length, elapsedMs: elapsed_ms });
    if (taken) return c.json<RecordingProgress>({ parts: taken.parts, size_bytes: taken.sizeBytes });
    // another request changed the row meanwhile (the same part from a second tab, or a finish): say what it is now
    const now = (await findRecording(c.var.db, row.id))!;
    if (now.status !== 'recording') throw errors.conflict('recording_finished', m.finished);
    if (n < now.parts) return c.json(progress(now));
    throw errors.conflict('part_out_of_order', m.outOfOrder);
  })
  .post('/recordings/:id/finish', requireUser, validate('json', recordingFinishBody), async (c) => {
    const row = await hostsRecording(c.var.db, c.var.user.id, c.req.param('id'));
    if (await finishRecording(c.var.db, row.id, c.req.valid('json').duration_ms)) await sealRecording(c.env, c.var.db, row.id);
    return c.json(toRecording((await findRecording(c.var.db, row.id))!, true));
  })
  .get('/recordings', validate('query', recordingListQuery), async (c) => {
    const { content_type, object_id } = c.req.valid('query');
    const place = await standingIn(c.var.db, c.var.user?.id ?? null, content_type, object_id);
    if (!place) throw errors.notFound(m.meetingNotFound);
    const rows = await listRecordings(c.var.db, content_type, object_id, place.viewer === 'mentor');
    return c.json({ results: rows.map((r) => toRecording(r, place.viewer === 'mentor')) });
  })
  .get('/recordings/:id', async (c) => {
    const { row, viewer } = await visibleRecording(c.var.db, c.var.user?.id ?? null, c.req.param('id'));
    return c.json(toRecording(row, viewer === 'mentor'));
  })
  .get('/recordings/:id/file', async (c) => {
    const { row } = await visibleRecording(c.var.db, c.var.user?.id ?? null, c.req.param('id'));
    const size = row.sizeBytes;
    const headers: Record<string, string> = {
      'accept-ranges': 'bytes',
      'content-type': row.mimeType,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    };
    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      return c.json({ detail: m.range, code: 'range_not_satisfiable' }, 416, { 'content-range': `bytes */${size}`, 'cache-control': 'private, no-store' });
    }
    const wanted = range ?? { start: 0, end: size - 1 };
    const length = size === 0 ? 0 : wanted.end - wanted.start + 1;
    const parts = length === 0 ? [] : await partsInRange(c.var.db, row.id, wanted.start, wanted.end);
    const body = partsStream(c.env.FILES, row.id, slicesOf(parts, wanted)).pipeThrough(new FixedLengthStream(length));
    if (!range) return new Response(body, { status: 200, headers: { ...headers, 'content-length': String(length) } });
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'content-length': String(length), 'content-range': `bytes ${wanted.start}-${wanted.end}/${size}` },
    });
  })
  .delete('/recordings/:id', requireUser, async (c) => {
    const { row, viewer } = await visibleRecording(c.var.db, c.var.user?.id ?? null, c.req.param('id'));
    if (viewer !== 'mentor') throw errors.forbidden(m.deleteMentorOnly);
    if (row.status === 'recording' && (await finishRecording(c.var.db, row.id))) await announceRecording(c.env, row.contentType, row.objectId, null);
    try {
      // R2 takes up to 1000 keys a call
      // one key past the parts too: an upload stored in R2 whose row update then lost the race
      const keys = partKeys(row.id, row.parts + 1);
      for (let i = 0; i < keys.length; i += 1000) await c.env.FILES.delete(keys.slice(i, i + 1000));
    } catch (e) {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, msg: 'recording objects not deleted', recording: row.id, error: String(e) }));
      throw new ApiError(503, 'recording_storage', m.storageDelete);
    }
    await markDeleted(c.var.db, row.id);
    return c.body(null, 204);
  });
