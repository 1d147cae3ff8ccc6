// Who owns which SFU session (conference_sfu_sessions, decision 012): the proxy's authorization facts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../drizzle/db.ts';
import { conferenceSfuSessions, conferences } from '../../../drizzle/schema/conferences.ts';
import type { ConferenceContentType } from '../../../party/protocol/conference.ts';

/**
 * Remember that this person made this session in this meeting's room, only while the room is still running (the
 * same statement checks). False when the meeting ended in the meantime.
 */
export async function recordSfuSession(db: Executor, sessionId: string, contentType: ConferenceContentType, objectId: number, userId: number) {
  const { rows } = await db.execute<{ session_id: string }>(sql`
    insert into conference_sfu_sessions (session_id, conference_id, user_id)
    select ${sessionId}, id, ${userId} from conferences
     where content_type = ${contentType} and object_id = ${objectId} and status = 'started'
    returning session_id`);
  return rows.length > 0;
}

/**
 * The sessions among `sessionIds` that belong to this meeting's room, with their owners: one statement for the
 * caller's own session and every session it wants to pull from.
 */
export async function sfuSessionsIn(db: Executor, contentType: ConferenceContentType, objectId: number, sessionIds: string[]) {
  const rows = await db
    .select({ sessionId: conferenceSfuSessions.sessionId, userId: conferenceSfuSessions.userId })
    .from(conferenceSfuSessions)
    .innerJoin(conferences, eq(conferences.id, conferenceSfuSessions.conferenceId))
    .where(and(inArray(conferenceSfuSessions.sessionId, [...new Set(sessionIds)]), eq(conferences.contentType, contentType), eq(conferences.objectId, objectId)));
  return new Map(rows.map((r) => [r.sessionId, r.userId]));
}
