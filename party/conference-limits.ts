// The ConferenceRoom's numbers (decision 012, «The room object»). Pure constants: the Worker, the room and the
// web client may all import them.

/**
 * Most people in one browser-to-browser (mesh) room. In a mesh each of N peers encodes and uploads N-1 video
 * streams and decodes N-1; at 4 that is 3 uplinks of ~1–1.5 Mbit/s each and 6 codec instances per laptop,
 * where a typical home uplink and a 2-core laptop saturate. Larger events go through an SFU or are refused.
 * (worker/conferences/conference-window.ts may re-export this; there is one number.)
 */
export const MESH_MAX_PEERS = 4;

/**
 * Most people in an event's room when its media goes through Cloudflare's Realtime SFU (decision 012, «Events above
 * the cap»): each browser uploads its own streams once and pulls the others' from the SFU, so the limit is what one
 * screen and downlink can show and what the room's presence fan-out costs (every join and media change goes to
 * everyone), not the uplink. 100 is a large seminar; beyond that a broadcast, not a meeting, is the right tool.
 */
export const EVENT_SFU_MAX_PEERS = 100;

/** How a room's media flows, which sets its cap. */
export type ConferenceTopology = 'mesh' | 'sfu';
export const maxPeersOf = (topology: ConferenceTopology) => (topology === 'sfu' ? EVENT_SFU_MAX_PEERS : MESH_MAX_PEERS);
/**
 * Participants a meeting's room admits besides its host: one place is always kept for the mentor (issue 34: four
 * early participants filled a mesh and the mentor's own socket was closed as full). The demo room has no host.
 */
export const participantPlacesOf = (topology: ConferenceTopology) => maxPeersOf(topology) - 1;

/** How often the room looks for silent connections while anyone is connected (a Durable Object alarm). */
export const SWEEP_INTERVAL_MS = 5_000;
/** A connection that sent nothing (clients ping every 5 s) for this long is dropped and announced as gone. */
export const IDLE_TIMEOUT_MS = 15_000;
/** Largest text frame the room reads: an SDP (≤ 200 000 characters in the protocol) plus its envelope. */
export const MAX_MESSAGE_CHARS = 210_000;
/** Signal messages (offers, answers, candidates) one connection may send per window; the rest are dropped. */
export const SIGNAL_RATE = { max: 200, windowMs: 10_000 } as const;
/**
 * Every frame type's budget per connection and window (issue 34: 1 000 `media` frames in 0.3 s reached the others
 * as 588 `peer_updated`, each also a storage write). A person toggles a device or a hand a few times a minute, pings
 * every 5 s and announces tracks once per (re)publication; a full renegotiation with trickle ICE is a few dozen
 * signals. Frames over a budget are dropped and counted with the unreadable ones (GARBAGE_LIMIT).
 */
export const FRAME_RATES = {
  signal: SIGNAL_RATE,
  media: { max: 20, windowMs: 10_000 },
  hand: { max: 10, windowMs: 10_000 },
  tracks: { max: 20, windowMs: 10_000 },
  ping: { max: 10, windowMs: 10_000 },
  leave: { max: 5, windowMs: 10_000 },
} as const;
/** Unreadable or over-budget messages tolerated from one connection before it is closed (1008). */
export const GARBAGE_LIMIT = 20;

/**
 * How long a guest of /BaseMeet's demo room may stay on one ticket's connection (issue 34: one client held the
 * room by pinging): then the room closes it with CONFERENCE_CLOSE.expired and the guest asks for a new ticket.
 */
export const DEMO_GUEST_STAY_MS = 15 * 60_000;
