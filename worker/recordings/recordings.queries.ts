// Recorded sessions' rows (decision 019). The parts' rule lives in one statement: a part is accepted only as the next
// one (parts = n) of a recording still in progress and within its limits, so two uploads can never leave a gap.
import { and, asc, eq, gt, lt, lte, or, sql, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { events } from '../../drizzle/schema/events.ts';
import { meetingRecordingParts, meetingRecordings } from '../../drizzle/schema/recordings.ts';
import { transact } from '../lib/transact.ts';
import { RECORDING_MAX_BYTES, RECORDING_MAX_DURATION_MS, RECORDING_STALE_MS, type RecordingContentType } from './recordings.schemas.ts';

export type RecordingRow = typeof meetingRecordings.$inferSelect & { title: string };

/** The event's title or the consultation's name as booked. */
const title = sql<string>`coalesce(
  case when ${meetingRecordings.contentType} = 'events' then (select ${events.title} from ${events} where ${events.id} = ${meetingRecordings.objectId})
  else (select ${consultationBookings.typeName} from ${consultationBookings} where ${consultationBookings.id} = ${meetingRecordings.objectId}) end, '')`;

const withTitle = { row: meetingRecordings, title };
const flatten = ({ row, title }: { row: typeof meetingRecordings.$inferSelect; title: string }): RecordingRow => ({ ...row, title });

export async function findRecording(db: Executor, id: number): Promise<RecordingRow | null> {
  const [found] = await db.select(withTitle).from(meetingRecordings).where(eq(meetingRecordings.id, id));
  return found ? flatten(found) : null;
}

/** A meeting's recordings not deleted, newest first; the one in progress only when asked (its host). */
export async function listRecordings(db: Executor, contentType: RecordingContentType, objectId: number, withLive: boolean) {
  const rows = await db
    .select(withTitle)
    .from(meetingRecordings)
    .where(
      and(
        eq(meetingRecordings.contentType, contentType),
        eq(meetingRecordings.objectId, objectId),
        withLive ? inArray(meetingRecordings.status, ['ready', 'recording']) : eq(meetingRecordings.status, 'ready'),
      ),
    )
    .orderBy(sql`${meetingRecordings.startedAt} desc`, sql`${meetingRecordings.id} desc`);
  return rows.map(flatten);
}

/**
 * Starts a recording. A host who reloaded left one in progress: it is finished in the same transaction with what it
 * has (its ids are returned, so the caller seals their headers), and the partial unique index keeps one live row.
 */
export async function startRecording(db: Db, values: { contentType: RecordingContentType; objectId: number; hostId: number; mimeType: string }) {
  return transact(db, async (tx) => {
    const finished = await tx
      .update(meetingRecordings)
      .set(finishSet())
      .where(and(eq(meetingRecordings.contentType, values.contentType), eq(meetingRecordings.objectId, values.objectId), eq(meetingRecordings.status, 'recording')))
      .returning({ id: meetingRecordings.id, parts: meetingRecordings.parts });
    const [row] = await tx.insert(meetingRecordings).values(values).returning({ id: meetingRecordings.id });
    return { id: row.id, finished };
  });
}

/** A recording with no parts is nothing to keep: it is marked deleted at once. */
const finishSet = (durationMs?: number) => ({
  status: sql`case when ${meetingRecordings.parts} = 0 then 'deleted' else 'ready' end::meeting_recording_status`,
  finishedAt: sql`now()`,
  deletedAt: sql`case when ${meetingRecordings.parts} = 0 then now() end`,
  durationMs:
    durationMs === undefined
      ? sql`${meetingRecordings.durationMs}`
      : // the host's own clock at the stop is the length; the last part's elapsed time only when none is given
        sql`least(${durationMs}::int, ${RECORDING_MAX_DURATION_MS}::int)`,
});

/**
 * Takes part `partNo` of `size` bytes, in one statement: only when it is the next one of the host's recording still in
 * progress and the totals stay within the limits. Null when refused; the caller reads the row to say why.
 */
export async function appendPart(db: Executor, p: { id: number; hostId: number; partNo: number; size: number; elapsedMs: number }) {
  const result = await db.execute<{ parts: number; size_bytes: string }>(sql`
    with r as (
      update ${meetingRecordings}
      set parts = parts + 1, size_bytes = size_bytes + ${p.size}, duration_ms = greatest(duration_ms, ${p.elapsedMs}::int), last_part_at = now()
      where id = ${p.id} and host_id = ${p.hostId} and status = 'recording' and parts = ${p.partNo}
        and size_bytes + ${p.size} <= ${RECORDING_MAX_BYTES} and ${p.elapsedMs}::int <= ${RECORDING_MAX_DURATION_MS}
      returning parts, size_bytes
    ), part as (
      insert into ${meetingRecordingParts} (recording_id, part_no, byte_offset, size)
      select ${p.id}, ${p.partNo}, r.size_bytes - ${p.size}, ${p.size} from r
    )
    select parts, size_bytes from r`);
  const row = result.rows[0];
  return row ? { parts: Number(row.parts), sizeBytes: Number(row.size_bytes) } : null;
}

/** Finishes a recording in progress (idempotent: a finished one is left as it is). Answers whether this call finished it. */
export async function finishRecording(db: Executor, id: number, durationMs?: number) {
  const rows = await db
    .update(meetingRecordings)
    .set(finishSet(durationMs))
    .where(and(eq(meetingRecordings.id, id), eq(meetingRecordings.status, 'recording')))
    .returning({ id: meetingRecordings.id });
  return rows.length > 0;
}

/** Recordings whose host stopped sending parts (a closed tab, a lost network) for RECORDING_STALE_MS. */
export async function staleRecordings(db: Executor, limit = 20) {
  const idle = sql`now() - make_interval(secs => ${RECORDING_STALE_MS / 1000})`;
  return db
    .select({ id: meetingRecordings.id, contentType: meetingRecordings.contentType, objectId: meetingRecordings.objectId })
    .from(meetingRecordings)
    .where(
      and(
        eq(meetingRecordings.status, 'recording'),
        or(lt(meetingRecordings.lastPartAt, idle), and(isNull(meetingRecordings.lastPartAt), lt(meetingRecordings.startedAt, idle))),
      ),
    )
    .orderBy(asc(meetingRecordings.id))
    .limit(limit);
}

/** Recordings past their 30 days. */
export async function expiredRecordings(db: Executor, limit = 20) {
  return db
    .select({ id: meetingRecordings.id, parts: meetingRecordings.parts })
    .from(meetingRecordings)
    .where(and(sql`${meetingRecordings.status} <> 'deleted'`, lte(meetingRecordings.expiresAt, sql`now()`)))
    .orderBy(asc(meetingRecordings.expiresAt))
    .limit(limit);
}

/** Marks a recording deleted (after its objects are gone); its parts' rows go with it. */
export async function markDeleted(db: Db, id: number) {
  await transact(db, async (tx) => {
    await tx
      .update(meetingRecordings)
      .set({ status: 'deleted', deletedAt: sql`now()`, finishedAt: sql`coalesce(${meetingRecordings.finishedAt}, now())` })
      .where(and(eq(meetingRecordings.id, id), sql`${meetingRecordings.status} <> 'deleted'`));
    await tx.delete(meetingRecordingParts).where(eq(meetingRecordingParts.recordingId, id));
  });
}

/** The parts holding bytes [start, end] (inclusive), in order. */
export async function partsInRange(db: Executor, id: number, start: number, end: number) {
  return db
    .select({ partNo: meetingRecordingParts.partNo, byteOffset: meetingRecordingParts.byteOffset, size: meetingRecordingParts.size })
    .from(meetingRecordingParts)
    .where(
      and(
        eq(meetingRecordingParts.recordingId, id),
        lte(meetingRecordingParts.byteOffset, end),
        gt(sql`${meetingRecordingParts.byteOffset} + ${meetingRecordingParts.size}`, start),
      ),
    )
    .orderBy(asc(meetingRecordingParts.partNo));
}

/**
 * Part 0 was `oldSize` bytes and is now `newSize` (the duration written into its header): every later part moves by
 * as much, with the recording's size, in one statement. Only when part 0 still has its old size: a second seal
 * running at once moves nothing twice. Answers whether it moved.
 */
export async function resizeFirstPart(db: Executor, id: number, oldSize: number, newSize: number) {
  const delta = newSize - oldSize;
  if (delta === 0) return true;
  const result = await db.execute<{ moved: number }>(sql`
    with p0 as (
      update ${meetingRecordingParts} set size = ${newSize} where recording_id = ${id} and part_no = 0 and size = ${oldSize} returning 1
    ), rest as (
      update ${meetingRecordingParts} set byte_offset = byte_offset + ${delta} where recording_id = ${id} and part_no > 0 and exists (select 1 from p0)
    ), r as (
      update ${meetingRecordings} set size_bytes = size_bytes + ${delta} where id = ${id} and exists (select 1 from p0)
    )
    select count(*)::int as moved from p0`);
  return Number(result.rows[0]?.moved) > 0;
}

/** Ready recordings of exactly one part of `size` bytes: the demo's (demo-recordings.routes.ts restores their object). */
export async function onePartRecordingsOfSize(db: Executor, size: number) {
  const rows = await db
    .select({ id: meetingRecordings.id })
    .from(meetingRecordings)
    .innerJoin(meetingRecordingParts, and(eq(meetingRecordingParts.recordingId, meetingRecordings.id), eq(meetingRecordingParts.partNo, 0)))
    .where(and(eq(meetingRecordings.status, 'ready'), eq(meetingRecordings.parts, 1), eq(meetingRecordingParts.size, size)));
  return rows.map((r) => r.id);
}
