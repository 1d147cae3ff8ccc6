// The meeting behind a conference call, as one person sees it (decision 012): the event or booking, the
// caller's standing in it and the room's state, in one statement. The access rule itself is decided from these
// facts in room-rules.ts, so GET, POST, the SFU proxy and the socket cannot drift apart.
import { and, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { conferences } from '../../drizzle/schema/conferences.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { meetingRecordings } from '../../drizzle/schema/recordings.ts';
import { mentorApplications } from '../../drizzle/schema/users.ts';
import type { ConferenceContentType } from '../../party/protocol/conference.ts';
import { INTERVIEW_TITLE } from '../mentor-applications/interviews.schemas.ts';

export type Room = { login: string; password: string; status: 'started' | 'ended'; topology: 'mesh' | 'sfu'; startedAt: Date };

export type Meeting = {
  contentType: ConferenceContentType;
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  mentorId: number;
  canceled: boolean;
  /** how many people may be in the room: an event's seats and its mentor, a consultation's two (the topology at the start reads it) */
  capacity: number;
  /** bookings: paid (or paid and finished); events: always (a seat's payment shows in `standing`) */
  paid: boolean;
  /**
   * The caller: the mentor; a participant (a confirmed registration, or the booker); an event registration
   * still waiting for payment; or nobody.
   */
  standing: 'mentor' | 'participant' | 'pending_payment' | null;
  room: Room | null;
  /** the mentor's choice for this meeting's recording (decision 019); interviews are never recorded */
  isRecorded: boolean;
  /** the recording in progress now, if any */
  recording: { id: number; startedAt: string } | null;
  /** the database's clock, which every window decision uses */
  now: Date;
};

const iso = (column: unknown) => sql<string>`to_json(${column})#>>'{}'`;
const roomOf = (contentType: ConferenceContentType, objectId: AnyColumn | number) =>
  and(eq(conferences.contentType, contentType), eq(conferences.objectId, objectId));
/** The meeting's recording in progress (at most one: meeting_recordings_one_live_uq), as json, or null. */
const liveRecording = (contentType: ConferenceContentType, objectId: AnyColumn) =>
  sql<{ id: number; started_at: string } | null>`(select json_build_object('id', ${meetingRecordings.id}, 'started_at', ${meetingRecordings.startedAt})
    from ${meetingRecordings} where ${meetingRecordings.contentType} = ${contentType} and ${meetingRecordings.objectId} = ${objectId}
    and ${meetingRecordings.status} = 'recording')`;
const toLive = (r: { id: number; started_at: string } | null) => (r ? { id: r.id, startedAt: new Date(r.started_at).toISOString() } : null);

const roomColumns = {
  login: conferences.login,
  password: conferences.password,
  status: conferences.status,
  topology: conferences.topology,
  startedAt: iso(conferences.startedAt),
  now: iso(sql`now()`),
};

type RoomColumns = {
  login: string | null;
  password: string | null;
  status: 'started' | 'ended' | null;
  topology: 'mesh' | 'sfu' | null;
  startedAt: string | null;
  now: string;
};
const toRoom = (r: RoomColumns): Room | null =>
  r.login == null || r.password == null || r.status == null || r.topology == null || r.startedAt == null
    ? null
    : { login: r.login, password: r.password, status: r.status, topology: r.topology, startedAt: new Date(r.startedAt) };

async function eventMeeting(db: Executor, eventId: number, userId: number): Promise<Meeting | null> {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: iso(events.startsAt),
      endsAt: iso(sql`${events.startsAt} + make_interval(mins => ${events.durationMinutes})`),
      mentorId: events.mentorId,
      canceled: events.isCanceled,
      totalSpots: events.totalSpots,
      registration: eventRegistrations.status,
      isRecorded: events.isRecorded,
      recording: liveRecording('events', events.id),
      ...roomColumns,
    })
    .from(events)
    // at most one live registration per person and event (event_registrations_live_uq)
    .leftJoin(
      eventRegistrations,
      and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.userId, userId), ne(eventRegistrations.status, 'canceled')),
    )
    .leftJoin(conferences, roomOf('events', events.id))
    .where(eq(events.id, eventId));
  if (!row) return null;
  const standing =
    row.mentorId === userId ? 'mentor' : row.registration === 'confirmed' ? 'participant' : row.registration === 'pending_payment' ? 'pending_payment' : null;
  return {
    contentType: 'events',
    id: row.id,
    title: row.title,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    mentorId: row.mentorId,
    canceled: row.canceled,
    // total_spots 0 is an event without a limit: it outgrows any mesh
    capacity: row.totalSpots === 0 ? Number.POSITIVE_INFINITY : row.totalSpots + 1,
    paid: true,
    standing,
    room: toRoom(row),
    isRecorded: row.isRecorded,
    recording: toLive(row.recording),
    now: new Date(row.now),
  };
}

async function bookingMeeting(db: Executor, bookingId: number, userId: number): Promise<Meeting | null> {
  const [row] = await db
    .select({
      id: consultationBookings.id,
      // the type's name as booked (migration 0030)
      title: sql<string>`${consultationBookings.typeName}`,
      startsAt: iso(consultationSlots.startsAt),
      endsAt: iso(consultationSlots.endsAt),
      mentorId: consultationBookings.mentorId,
      menteeId: consultationBookings.menteeId,
      bookingStatus: consultationBookings.status,
      isRecorded: consultationTypes.isRecorded,
      recording: liveRecording('consultationbooking', consultationBookings.id),
      ...roomColumns,
    })
    .from(consultationBookings)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, consultationBookings.consultationTypeId))
    .leftJoin(conferences, roomOf('consultationbooking', consultationBookings.id))
    .where(eq(consultationBookings.id, bookingId));
  if (!row) return null;
  return {
    contentType: 'consultationbooking',
    id: row.id,
    title: row.title,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    mentorId: row.mentorId,
    canceled: row.bookingStatus === 'canceled',
    capacity: 2,
    // 'finished' is a paid consultation the buyer has closed: its meeting may still be running
    paid: row.bookingStatus === 'paid' || row.bookingStatus === 'finished',
    standing: row.mentorId === userId ? 'mentor' : row.menteeId === userId ? 'participant' : null,
    room: toRoom(row),
    isRecorded: row.isRecorded,
    recording: toLive(row.recording),
    now: new Date(row.now),
  };
}

/**
 * A vetting interview (decision 004) as a meeting of two, like a consultation: the admin who offered the time
 * hosts, the applicant takes part; only a booked interview (or one whose outcome is recorded) has a room, a
 * withdrawn offer counts as cancelled and one not yet booked as unpaid.
 */
async function interviewMeeting(db: Executor, interviewId: number, userId: number): Promise<Meeting | null> {
  const [row] = await db
    .select({
      id: mentorInterviews.id,
      startsAt: iso(mentorInterviews.startsAt),
      endsAt: iso(mentorInterviews.endsAt),
      adminId: mentorInterviews.adminId,
      applicantId: mentorApplications.userId,
      interviewStatus: mentorInterviews.status,
      ...roomColumns,
    })
    .from(mentorInterviews)
    .innerJoin(mentorApplications, eq(mentorApplications.id, mentorInterviews.applicationId))
    .leftJoin(conferences, roomOf('mentorinterview', mentorInterviews.id))
    .where(eq(mentorInterviews.id, interviewId));
  if (!row) return null;
  return {
    contentType: 'mentorinterview',
    id: row.id,
    title: INTERVIEW_TITLE,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    // an interview whose admin account is gone has no host (-1 is nobody)
    mentorId: row.adminId ?? -1,
    canceled: row.interviewStatus === 'withdrawn',
    capacity: 2,
    paid: row.interviewStatus !== 'offered',
    standing: row.adminId === userId ? 'mentor' : row.applicantId === userId ? 'participant' : null,
    room: toRoom(row),
    isRecorded: false,
    recording: null,
    now: new Date(row.now),
  };
}

/** The event, booking or interview with the caller's standing and its room; null when there is no such object. */
export function findMeeting(db: Executor, contentType: ConferenceContentType, objectId: number, userId: number) {
  if (contentType === 'mentorinterview') return interviewMeeting(db, objectId, userId);
  return contentType === 'events' ? eventMeeting(db, objectId, userId) : bookingMeeting(db, objectId, userId);
}

/**
 * Opens the room, or reopens an ended one, in one statement: the unique (content_type, object_id) makes a
 * second start (a double click, two tabs) the same room with the same credentials. A reopened room starts
 * its clock again and takes the topology of now; a running one keeps both, so everyone in it meets the same way.
 */
export async function startRoom(db: Executor, meeting: Pick<Meeting, 'contentType' | 'id'>, userId: number, password: string, topology: Room['topology']) {
  const reopened = sql`${conferences.status} = 'ended'`;
  const [row] = await db
    .insert(conferences)
    .values({ contentType: meeting.contentType, objectId: meeting.id, login: `${meeting.contentType}-${meeting.id}`, password, status: 'started', topology, createdBy: userId })
    .onConflictDoUpdate({
      target: [conferences.contentType, conferences.objectId],
      set: {
        status: 'started',
        endedAt: null,
        startedAt: sql`case when ${reopened} then now() else ${conferences.startedAt} end`,
        topology: sql`case when ${reopened} then excluded.topology else ${conferences.topology} end`,
      },
    })
    .returning({ login: conferences.login, status: conferences.status, startedAt: conferences.startedAt });
  return row;
}

/** Ends the room; ending an ended room keeps its first end. Null when it was never started. */
export async function endRoom(db: Executor, meeting: Pick<Meeting, 'contentType' | 'id'>) {
  const [row] = await db
    .update(conferences)
    .set({ status: 'ended', endedAt: sql`coalesce(${conferences.endedAt}, now())` })
    .where(roomOf(meeting.contentType, meeting.id))
    .returning({ login: conferences.login, status: conferences.status, startedAt: conferences.startedAt });
  return row ?? null;
}
