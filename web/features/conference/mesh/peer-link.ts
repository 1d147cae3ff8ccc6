// One browser-to-browser link of the mesh (docs/architecture.md, "Meetings"; decision 012): perfect negotiation
// as W3C WebRTC 1.0 §10.7 lays it out, so both sides may add tracks and offer at once without a deadlock (the
// impolite side ignores a colliding offer, the polite side rolls its own back), candidates that arrive before the
// remote description are queued, a failed ICE path is restarted, and after repeated failures the connection is
// rebuilt from scratch. The first negotiation has one offerer: the side that just joined; the side already in the
// room adds its tracks only when that offer arrives (see `waitForOffer`).
import type { SignalPayload } from '../../../../party/protocol/conference.ts';
import type { LinkState, OutgoingTrack } from '../media-transport.ts';

/** The part of RTCPeerConnection the link uses: narrow, so the negotiation can be tested without a browser. */
export type PeerConnectionLike = {
  readonly signalingState: RTCSignalingState;
  readonly connectionState: RTCPeerConnectionState;
  readonly localDescription: { type: RTCSdpType; sdp: string } | null;
  readonly remoteDescription: { type: RTCSdpType; sdp: string } | null;
  setLocalDescription(description?: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit | null): Promise<void>;
  restartIce(): void;
  addTrack(track: MediaStreamTrack, ...streams: MediaStream[]): RTCRtpSender;
  getSenders(): RTCRtpSender[];
  close(): void;
  onnegotiationneeded: ((event: Event) => void) | null;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null;
  ontrack: ((event: { track: MediaStreamTrack; streams: readonly MediaStream[] }) => void) | null;
  onconnectionstatechange: ((event: Event) => void) | null;
};

/** After this many ICE restarts without a connection, the peer connection is closed and made again. */
export const MAX_ICE_RESTARTS = 3;
/** A negotiated link that has not connected within this long is treated as failed (lost candidates, a stuck path). */
export const CONNECT_TIMEOUT_MS = 10_000;

export type PeerLinkOptions = {
  peerId: string;
  polite: boolean;
  createConnection: () => PeerConnectionLike;
  /** sends one signalling payload to this peer (through the room, to this peer only) */
  send: (data: SignalPayload) => void;
  /** the tracks to send, added once per connection */
  localTracks: () => OutgoingTrack[];
  /**
   * The side already in the room when the other joined: its first connection adds its tracks only when the
   * newcomer's offer arrives, so only one side offers. Without it both sides offer at once and the polite one rolls
   * its offer back; chromium then sometimes never gathers a candidate for the answer (seen in 5 of 8 joins on a
   * 2-core machine), and the link stays dead until it is rebuilt 40 s later. Perfect negotiation still handles every
   * later collision (ICE restarts, rebuilds).
   */
  waitForOffer?: boolean;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: LinkState) => void;
};

export class PeerLink {
  private pc: PeerConnectionLike;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswerPending = false;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private restarts = 0;
  private closed = false;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private negotiatedAt: number | null = null;
  /** whether this connection carries our tracks yet (false only while waiting for the first offer) */
  private sending = false;
  /** how many times the connection was made again after repeated failures (tests and the debug panel read it) */
  rebuilds = 0;

  private readonly options: PeerLinkOptions;

  constructor(options: PeerLinkOptions) {
    this.options = options;
    this.pc = this.build(options.waitForOffer ?? false);
  }

  get connection(): PeerConnectionLike {
    return this.pc;
  }

  private build(waitForOffer = false): PeerConnectionLike {
    const pc = this.options.createConnection();
    pc.onnegotiationneeded = () => void this.offer(pc);
    pc.onicecandidate = ({ candidate }) => {
      const init = candidate?.toJSON();
      this.options.send({ kind: 'candidate', candidate: init?.candidate ? { ...init, candidate: init.candidate } : null });
    };
    pc.ontrack = ({ track, streams }) => this.options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    pc.onconnectionstatechange = () => this.onConnectionState(pc);
    this.sending = false;
    if (!waitForOffer) this.addLocalTracks(pc);
    this.options.onState('connecting');
    this.negotiatedAt = null;
    this.watch();
    return pc;
  }

  private addLocalTracks(pc: PeerConnectionLike) {
    if (this.sending) return;
    this.sending = true;
    for (const { track, stream } of this.options.localTracks()) pc.addTrack(track, stream);
  }

  /** Both descriptions agreed but no connection after CONNECT_TIMEOUT_MS: recover as from a failure. */
  private watch() {
    if (this.watchdog !== null || typeof setInterval === 'undefined') return;
    this.watchdog = setInterval(() => {
      const pc = this.pc;
      if (this.closed || pc.connectionState === 'connected') {
        this.negotiatedAt = null;
        return;
      }
      const negotiated = pc.signalingState === 'stable' && pc.remoteDescription !== null && pc.localDescription !== null;
      if (!negotiated) return;
      this.negotiatedAt ??= Date.now();
      if (Date.now() - this.negotiatedAt >= CONNECT_TIMEOUT_MS) {
        this.negotiatedAt = null;
        this.recover();
      }
    }, CONNECT_TIMEOUT_MS / 4);
  }

  private async offer(pc: PeerConnectionLike) {
    if (pc !== this.pc || this.closed) return;
    try {
      this.makingOffer = true;
      await pc.setLocalDescription();
      if (pc.localDescription) this.options.send({ kind: 'description', description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
    } catch (error) {
      console.warn('conference: making an offer failed', error);
    } finally {
      this.makingOffer = false;
    }
  }

  /** A payload this peer sent us. */
  async receive(data: SignalPayload): Promise<void> {
    if (this.closed) return;
    const pc = this.pc;
    if (data.kind === 'description') {
      const { description } = data;
      const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswerPending);
      const collision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) return;
      this.settingRemoteAnswerPending = description.type === 'answer';
      // on a collision the polite side's setRemoteDescription rolls its own offer back first (implicit rollback)
      await pc.setRemoteDescription(description);
      this.settingRemoteAnswerPending = false;
      await this.flushCandidates(pc);
      if (description.type === 'offer') {
        // waiting for the first offer: our tracks join the transceivers it made, and the answer carries them
        this.addLocalTracks(pc);
        await pc.setLocalDescription();
        if (pc.localDescription) this.options.send({ kind: 'description', description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
      }
      return;
    }
    if (!pc.remoteDescription) {
      // candidates may overtake the description they belong to: keep them until it is set
      if (data.candidate) this.pendingCandidates.push(data.candidate);
      return;
    }
    await this.addCandidate(pc, data.candidate);
  }

  private async flushCandidates(pc: PeerConnectionLike) {
    const queued = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of queued) await this.addCandidate(pc, candidate);
  }

  private async addCandidate(pc: PeerConnectionLike, candidate: RTCIceCandidateInit | null) {
    try {
      await pc.addIceCandidate(candidate);
    } catch (error) {
      // a candidate of an offer we ignored has nowhere to go; anything else is worth a line in the console
      if (!this.ignoreOffer) console.warn('conference: a candidate was refused', error);
    }
  }

  private onConnectionState(pc: PeerConnectionLike) {
    if (pc !== this.pc || this.closed) return;
    switch (pc.connectionState) {
      case 'connected':
        this.restarts = 0;
        this.options.onState('connected');
        return;
      case 'disconnected':
        // often heals by itself within seconds; the banner says so meanwhile
        this.options.onState('interrupted');
        return;
      case 'failed':
        this.recover();
        return;
      default:
        return;
    }
  }

  /** ICE restart first; after MAX_ICE_RESTARTS failures a fresh connection (new ports, new DTLS). */
  private recover() {
    if (this.restarts < MAX_ICE_RESTARTS) {
      this.restarts += 1;
      this.options.onState('interrupted');
      this.pc.restartIce();
      return;
    }
    this.restarts = 0;
    this.rebuilds += 1;
    this.options.onState('failed');
    this.pc.close();
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.settingRemoteAnswerPending = false;
    this.pendingCandidates = [];
    this.pc = this.build();
  }

  /** Swaps the outgoing track of one kind (screen share in, camera back) without renegotiating. */
  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === kind || (s.track === null && kind === 'video'));
    if (sender) await sender.replaceTrack(track);
  }

  close() {
    this.closed = true;
    if (this.watchdog !== null) clearInterval(this.watchdog);
    this.pc.close();
  }
}
