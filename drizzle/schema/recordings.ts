import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { conferenceContentType } from './conferences.ts';
import { users } from './users.ts';

/** recording: the host's browser is uploading parts; ready: finished, playable; deleted: its objects are gone from R2. */
export const meetingRecordingStatus = pgEnum('meeting_recording_status', ['recording', 'ready', 'deleted']);

/**
 * A recording of a meeting (decision 019): the host's browser records the room and uploads it in numbered parts,
 * one R2 object each (`recordings/<id>/<part, 6 digits>`); concatenated in order they are one playable file.
 * `parts` counts the parts received, always contiguous from 0 (the upload statement only accepts the next one).
 */
export const meetingRecordings = pgTable(
  'meeting_recordings',
  {
    id: id(),
    contentType: conferenceContentType().notNull(),
    objectId: integer().notNull(),
    hostId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mimeType: varchar({ length: 100 }).notNull(),
    status: meetingRecordingStatus().notNull().default('recording'),
    parts: integer().notNull().default(0),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** the elapsed ms at the end of the last part received; the final value at finish */
    durationMs: integer().notNull().default(0),
    startedAt: createdAt(),
    lastPartAt: ts(),
    finishedAt: ts(),
    /** kept 30 days from the start, then the scheduler deletes it */
    expiresAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    deletedAt: ts(),
  },
  (t) => [
    // one recording in progress per meeting: a host who reloads finishes the earlier one first (same transaction)
    uniqueIndex('meeting_recordings_one_live_uq').on(t.contentType, t.objectId).where(sql`${t.status} = 'recording'`),
    index().on(t.contentType, t.objectId),
    index('meeting_recordings_live_idx').on(t.lastPartAt).where(sql`${t.status} = 'recording'`),
    index('meeting_recordings_expiry_idx').on(t.expiresAt).where(sql`${t.status} <> 'deleted'`),
    // interviews are never recorded
    check('meeting_recordings_content_type', sql`${t.contentType} in ('events', 'consultationbooking')`),
    // the limits (4 GiB, 4 h) hold in the table, whatever the route checks first
    check('meeting_recordings_limits', sql`${t.parts} >= 0 and ${t.sizeBytes} between 0 and 4294967296 and ${t.durationMs} between 0 and 14400000`),
    check('meeting_recordings_finished', sql`(${t.status} = 'recording') = (${t.finishedAt} is null)`),
    check('meeting_recordings_deleted', sql`(${t.status} = 'deleted') = (${t.deletedAt} is not null)`),
  ],
);

/** Where each part lies in the whole file, so a byte range maps onto the parts' objects. */
export const meetingRecordingParts = pgTable(
  'meeting_recording_parts',
  {
    recordingId: integer()
      .notNull()
      .references(() => meetingRecordings.id, { onDelete: 'cascade' }),
    partNo: integer().notNull(),
    byteOffset: bigint({ mode: 'number' }).notNull(),
    size: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordingId, t.partNo] }),
    // at most 8 MiB a part (plus the few bytes the duration patch adds to part 0)
    check('meeting_recording_parts_size', sql`${t.partNo} >= 0 and ${t.byteOffset} >= 0 and ${t.size} between 1 and 8388736`),
  ],
);
