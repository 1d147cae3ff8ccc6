// How a meeting's media travels, behind one interface (decision 012): the meeting client keeps the room's socket,
// presence and this device's tracks; a transport moves the media, browser to browser (mesh/) or through Cloudflare's
// Realtime SFU (sfu/). The client tells it who is in the room; it tells the client each peer's stream and link.
import type { ConferenceClientMessage, ConferencePeer, SignalPayload } from '../../../party/protocol/conference.ts';

export type LinkState = 'connecting' | 'connected' | 'interrupted' | 'failed';

/** getStats of one connection with its ICE state, for the debug panel and the browser tests. */
export type LinkStats = { peerId: string; iceState: RTCIceConnectionState; report: RTCStatsReport };

export type OutgoingTrack = { track: MediaStreamTrack; stream: MediaStream };

/** What the meeting client lends a transport. */
export type TransportHost = {
  /** a message to the room (signalling to one peer in a mesh, the published tracks through the SFU) */
  send(message: ConferenceClientMessage): void;
  /** this device's tracks to send now: the microphone and the camera, or the screen while sharing */
  localTracks(): OutgoingTrack[];
  /** what a peer's media now looks like: its stream (null until the first track) and the state of the way to it */
  peerMedia(peerId: string, media: { stream?: MediaStream | null; link?: LinkState }): void;
};

export type MediaTransport = {
  /** the room (re)welcomed us: new ids all round, these peers were here before us */
  welcome(self: ConferencePeer, peers: ConferencePeer[]): void;
  /** someone came after us */
  peerJoined(peer: ConferencePeer): void;
  /** someone's state changed (their published tracks among it) */
  peerUpdated(peer: ConferencePeer): void;
  peerLeft(peerId: string): void;
  /** a signalling payload a peer sent us (a mesh's only) */
  signal(from: string, data: SignalPayload): void;
  /** swaps the outgoing video (screen share in, camera back) without renegotiating */
  replaceVideo(track: MediaStreamTrack | null): void;
  stats(): Promise<LinkStats[]>;
  close(): void;
};

export type TransportFactory = (host: TransportHost) => MediaTransport;
