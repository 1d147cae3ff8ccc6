import { index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

export const conferenceContentType = pgEnum('conference_content_type', ['events', 'consultationbooking', 'mentorinterview']);
export const conferenceStatus = pgEnum('conference_status', ['started', 'ended']);
/** How a room's media travels (decision 012, «Topology»): fixed when the mentor opens it, so everyone in it agrees. */
export const conferenceTopology = pgEnum('conference_topology', ['mesh', 'sfu']);

/** A meeting room for one event or booking, created by its mentor; participants join with its credentials. */
export const conferences = pgTable(
  'conferences',
  {
    id: id(),
    contentType: conferenceContentType().notNull(),
    objectId: integer().notNull(),
    login: varchar({ length: 64 }).notNull(),
    password: text().notNull(),
    status: conferenceStatus().notNull().default('started'),
    topology: conferenceTopology().notNull().default('mesh'),
    createdBy: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    startedAt: createdAt(),
    endedAt: ts(),
  },
  (t) => [uniqueIndex('conferences_object_uq').on(t.contentType, t.objectId)],
);

export const conferenceAttendance = pgTable(
  'conference_attendance',
  {
    id: id(),
    conferenceId: integer().notNull().references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
    leftAt: ts(),
  },
  (t) => [index().on(t.conferenceId, t.userId)],
);

/**
 * A participant waiting for a meeting whose room is not open yet (they poll GET /conferences/get/): the first and
 * the latest poll. The no-show rule (decision 012) counts a mentee who waited from the start as present, even when
 * the mentor never opened the room, so there is no attendance row to read.
 */
export const conferenceWaits = pgTable(
  'conference_waits',
  {
    contentType: conferenceContentType().notNull(),
    objectId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: createdAt(),
    lastSeenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contentType, t.objectId, t.userId] })],
);

/**
 * Who made each Cloudflare Realtime SFU session of an event's meeting (decision 012, «Events above the cap»). The
 * Worker's proxy pushes, pulls, renegotiates and closes only in a session its caller owns, and pulls only tracks of
 * sessions in the same meeting; the SFU itself knows nothing of our people. Rows go with their meeting.
 */
export const conferenceSfuSessions = pgTable(
  'conference_sfu_sessions',
  {
    sessionId: varchar({ length: 128 }).primaryKey(),
    conferenceId: integer()
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.conferenceId)],
);
