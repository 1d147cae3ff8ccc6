import { z } from 'zod';

/*
 * /ws/conferences/{content_type}/{object_id}/?token=… (docs/architecture.md, "Meetings"): presence, media state,
 * raised hands and signalling relayed to one named peer. Media never passes through here; SDP and ICE
 * candidates go only to the peer named in `to`. Both sides parse with these schemas.
 */

/** What a meeting is for: the spec's content types (002 §7). */
// mentorinterview: the vetting interview of a mentor application (decision 004), an admin hosting the applicant
export const conferenceContentType = z.enum(['events', 'consultationbooking', 'mentorinterview']);
export type ConferenceContentType = z.infer<typeof conferenceContentType>;

/** Cloudflare Realtime SFU ids as they travel: a session's id, a track's name (ours: short and plain). */
export const sfuSessionId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);
export const sfuTrackName = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
/** Tracks one connection publishes at most (camera, microphone, screen and its sound, with room to spare). */
export const SFU_MAX_TRACKS_PER_PEER = 8;
/** A published track in an SFU meeting: whoever wants it pulls it by these two (POST /conferences/sfu/tracks/). */
export const sfuTrack = z.object({ session_id: sfuSessionId, track_name: sfuTrackName });

/** A connection in the room (one person may have two tabs: the id is the connection's, not the person's). */
export const conferencePeer = z.object({
  id: z.string().min(1).max(64),
  user_id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  role: z.enum(['host', 'participant']),
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
  hand: z.boolean(),
  /** SFU meetings only: what this connection publishes through the SFU (absent in a mesh, or before it published) */
  tracks: z.array(sfuTrack).max(SFU_MAX_TRACKS_PER_PEER).optional(),
});
export type ConferencePeer = z.infer<typeof conferencePeer>;

/** RTCSessionDescriptionInit as it travels. */
const description = z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(200_000).optional() });
/** RTCIceCandidateInit as it travels; null is the end of candidates. */
const candidate = z
  .object({
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .nullable();

export const signalPayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('description'), description }),
  z.object({ kind: z.literal('candidate'), candidate }),
]);
export type SignalPayload = z.infer<typeof signalPayload>;

const mediaState = { audio: z.boolean(), video: z.boolean(), screen: z.boolean() };

/** What a client may send. */
export const conferenceClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('media'), ...mediaState }),
  z.object({ type: z.literal('hand'), raised: z.boolean() }),
  z.object({ type: z.literal('signal'), to: z.string().min(1).max(64), data: signalPayload }),
  /**
   * SFU meetings: the tracks this connection now publishes in its SFU session (the whole list each time; [] when it
   * stopped). The room keeps them on the peer and tells the others with peer_updated; ignored in a mesh room.
   */
  z.object({ type: z.literal('tracks'), session_id: sfuSessionId, names: z.array(sfuTrackName).max(SFU_MAX_TRACKS_PER_PEER) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('leave') }),
]);
export type ConferenceClientMessage = z.infer<typeof conferenceClientMessage>;

/** The meeting's recording in progress (decision 019), or null: `welcome` carries it, `recording` announces a change. */
export const liveRecording = z.object({ id: z.number().int(), started_at: z.string() }).nullable();
export type LiveRecordingState = z.infer<typeof liveRecording>;

/** What the room sends. */
export const conferenceServerMessage = z.discriminatedUnion('type', [
  /** the first message after the upgrade: who I am and who is already here (I offer to none; they offer or I do by id) */
  z.object({ type: z.literal('welcome'), self: conferencePeer, peers: z.array(conferencePeer), recording: liveRecording.optional() }),
  z.object({ type: z.literal('peer_joined'), peer: conferencePeer }),
  z.object({ type: z.literal('peer_updated'), peer: conferencePeer }),
  z.object({ type: z.literal('peer_left'), peer_id: z.string() }),
  z.object({ type: z.literal('signal'), from: z.string(), data: signalPayload }),
  /** the host ended the meeting, or its time is over */
  z.object({ type: z.literal('ended') }),
  /** a recording started (everyone shows «Идёт запись») or finished (null) (decision 019) */
  z.object({ type: z.literal('recording'), recording: liveRecording }),
  z.object({ type: z.literal('pong') }),
]);
export type ConferenceServerMessage = z.infer<typeof conferenceServerMessage>;

/**
 * Perfect negotiation's roles (W3C WebRTC 1.0 §10.7): of two peers, the one with the greater id is polite (it
 * rolls back its own offer on a collision); both compute the same answer from the two ids.
 */
export const isPolite = (selfId: string, peerId: string) => selfId > peerId;

/** Close codes of the room's sockets (4000–4999 are the application's). */
export const CONFERENCE_CLOSE = {
  ended: 4000,
  full: 4001,
  replaced: 4002,
  idle: 4003,
  /** the person may no longer be here: their booking or registration was cancelled, or the event */
  revoked: 4004,
  /** a demo guest's stay is over (DEMO_GUEST_STAY_MS) */
  expired: 4005,
} as const;
