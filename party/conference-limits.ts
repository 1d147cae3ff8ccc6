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

/** How often the room looks for silent connections while anyone is connected (a Durable Object alarm). */
export const SWEEP_INTERVAL_MS = 5_000;
/** A connection that sent nothing (clients ping every 5 s) for this long is dropped and announced as gone. */
export const IDLE_TIMEOUT_MS = 15_000;
/** Largest text frame the room reads: an SDP (≤ 200 000 characters in the protocol) plus its envelope. */
export const MAX_MESSAGE_CHARS = 210_000;
/** Signal messages (offers, answers, candidates) one connection may send per window; the rest are dropped. */
export const SIGNAL_RATE = { max: 200, windowMs: 10_000 } as const;
/** Unreadable messages tolerated from one connection before it is closed (1008). */
export const GARBAGE_LIMIT = 20;
