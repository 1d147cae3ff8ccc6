// Meetings' REST calls (spec 002 §4.1, §5.1, §6, §7; decision 012). The mentor opens the room with the spec's
// POST /conferences/update-from-salute-jazz/ (the name of the service the spec's client used); everyone allowed
// in reads the room and a short-lived join credential with GET /conferences/get/, which participants poll
// every 2 s until the mentor has started it.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { randomToken } from '../lib/tokens.ts';
import { validateWithDetail } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { EVENT_SFU_MAX_PEERS, maxPeersOf } from '../../party/conference-limits.ts';
import { MESH_MAX_PEERS, conferenceWindow, windowState } from './conference-window.ts';
import { endRoom, findMeeting, startRoom, type Meeting } from './conferences.queries.ts';
import { sfuFromEnv, topologyFor } from './sfu/cloudflare-sfu.ts';
import {
  CONFERENCE_GETS_PER_MINUTE,
  conferenceMessages as m,
  conferenceQuery,
  conferenceUpdateBody,
  type ConferenceJoin,
  type ConferenceLimits,
  type ConferenceState,
  type ConferenceWindowAnswer,
  type RecordingState,
} from './conferences.schemas.ts';
import { iceServers } from './ice-servers.ts';
import { JOIN_TOKEN_TTL_SECONDS, signJoinToken } from './join-token.ts';
import { endConferenceRoom } from './room-control.ts';
import { refuse, roleIn, roomNow } from './room-rules.ts';
import { recordWait } from './attendance.queries.ts';
import { announceRoomOpen } from './room-open.ts';

const iso = (d: Date) => d.toISOString();
const recordingState = (meeting: Meeting): RecordingState => ({
  is_recorded: meeting.isRecorded,
  recording: meeting.recording && { id: meeting.recording.id, started_at: meeting.recording.startedAt },
});

export const conferencesRoutes = new Hono<AppEnv>()
  // the event editor's warning: an event whose seats and mentor outgrow the mesh, with no SFU to carry it
  .get('/conferences/limits', requireUser, (c) =>
    c.json<ConferenceLimits>({ mesh_limit: MESH_MAX_PEERS, sfu: sfuFromEnv(c.env) !== null, sfu_max_peers: EVENT_SFU_MAX_PEERS }),
  )
  .post('/conferences/update-from-salute-jazz', requireUser, validateWithDetail('json', conferenceUpdateBody), async (c) => {
    const { content_type, object_id, status } = c.req.valid('json');
    const userId = c.var.user.id;
    const meeting = await findMeeting(c.var.db, content_type, object_id, userId);
    if (!meeting) throw refuse.notFound(content_type);
    if (meeting.standing !== 'mentor') throw errors.forbidden(m.hostOnly);

    let room: { login: string; status: 'started' | 'ended'; startedAt: Date } | null;
    if (status === 'ended') {
      // ending is always allowed, whatever happened to the event or booking since
      room = await endRoom(c.var.db, meeting);
      if (!room) throw refuse.notStarted();
      // everyone still connected hears `ended` and is let go. The row already refuses new sockets, so if the room
      // cannot be told, nobody new joins; those connected stay until they hang up
      await endConferenceRoom(c.env, content_type, object_id).catch((e) =>
        console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, msg: 'conference room not told it ended', error: String(e) })),
      );
    } else {
      if (meeting.canceled) throw refuse.canceled(content_type);
      if (!meeting.paid) throw refuse.notPaid();
      const state = windowState(conferenceWindow(meeting.startsAt, meeting.endsAt), meeting.now);
      if (state === 'before') throw errors.conflict('conference_too_early', m.tooEarly);
      if (state === 'after') throw errors.conflict('conference_too_late', m.tooLate);
      // the room's password is ours, never the client's (a second start keeps the first one)
      // the topology is fixed now, for everyone who joins this opening of the room
      room = await startRoom(c.var.db, meeting, userId, randomToken(), topologyFor(c.env, meeting));
      // «Комната открыта» to whoever may join, once per meeting and start (decision 026)
      await announceRoomOpen(c.env, c.var.db, meeting);
    }
    return c.json<ConferenceState>({ content_type, object_id, login: room.login, status: room.status, started_at: iso(room.startedAt) });
  })
  // the join page's countdown: asked once per visit, so it shares the poll's limit rather than having its own
  .get('/conferences/window', requireUser, validateWithDetail('query', conferenceQuery), async (c) => {
    const { content_type, object_id } = c.req.valid('query');
    const userId = c.var.user.id;
    await enforceLimits(c.var.db, [{ key: `conferences:get:user:${userId}`, max: CONFERENCE_GETS_PER_MINUTE, windowSeconds: 60 }]);
    const meeting = await findMeeting(c.var.db, content_type, object_id, userId);
    if (!meeting) throw refuse.notFound(content_type);
    // the same people, refused with the same messages, as GET /conferences/get/
    const role = roleIn(meeting);
    const window = conferenceWindow(meeting.startsAt, meeting.endsAt);
    return c.json<ConferenceWindowAnswer>({
      content_type,
      object_id,
      role,
      starts_at: iso(meeting.startsAt),
      opens_at: iso(window.opensAt),
      closes_at: iso(window.closesAt),
      state: windowState(window, meeting.now),
      now: iso(meeting.now),
      ...recordingState(meeting),
    });
  })
  .get('/conferences/get', requireUser, validateWithDetail('query', conferenceQuery), async (c) => {
    const { content_type, object_id } = c.req.valid('query');
    const userId = c.var.user.id;
    // participants poll every 2 s (30 tries); this leaves room for two tabs and a retry
    await enforceLimits(c.var.db, [{ key: `conferences:get:user:${userId}`, max: CONFERENCE_GETS_PER_MINUTE, windowSeconds: 60 }]);
    const meeting = await findMeeting(c.var.db, content_type, object_id, userId);
    if (!meeting) throw refuse.notFound(content_type);
    const role = roleIn(meeting);

    const now = roomNow(meeting);
    if (now.state === 'ended') throw refuse.ended();
    if (now.state === 'not_started') {
      // a mentee waiting for a mentor who never opens the room is present for the no-show rule (decision 012)
      if (role === 'participant') await recordWait(c.var.db, content_type, object_id, userId);
      throw refuse.notStarted();
    }
    const { room, window } = now;
    const { topology } = room;

    const [join_token, ice_servers] = await Promise.all([
      signJoinToken(c.env.JWT_SECRET, { userId, contentType: content_type, objectId: object_id, role }),
      // a TURN credential lives as long as the room may (ICE restarts reuse it), never less than the join token
      iceServers(c.env, { ttlSeconds: Math.max(JOIN_TOKEN_TTL_SECONDS, (window.closesAt.getTime() - meeting.now.getTime()) / 1000) }),
    ]);
    return c.json<ConferenceJoin>({
      content_type,
      object_id,
      login: room.login,
      password: room.password,
      status: 'started',
      role,
      join_token,
      ws_path: `/ws/conferences/${content_type}/${object_id}/`,
      ice_servers,
      topology,
      mesh_limit: MESH_MAX_PEERS,
      max_peers: maxPeersOf(topology),
      title: meeting.title,
      starts_at: iso(meeting.startsAt),
      ends_at: iso(meeting.endsAt),
      ...recordingState(meeting),
    });
  });
