// Perfect negotiation of a mesh link (web/features/conference/mesh/peer-link.ts) against a fake peer connection
// that keeps JSEP's signalling states (stable, have-local-offer, have-remote-offer, rollback) and refuses what a
// browser refuses (an answer in stable, a candidate before any remote description). Signals travel
// asynchronously, as through the room.
import { describe, expect, it, vi } from 'vitest';
import type { SignalPayload } from '../../party/protocol/conference.ts';
import { isPolite } from '../../party/protocol/conference.ts';
import { CONNECT_TIMEOUT_MS, MAX_ICE_RESTARTS, PeerLink, type PeerConnectionLike } from '../../web/features/conference/mesh/peer-link.ts';

type Desc = { type: RTCSdpType; sdp: string };

class FakeConnection implements PeerConnectionLike {
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: Desc | null = null;
  remoteDescription: Desc | null = null;
  candidates: (RTCIceCandidateInit | null)[] = [];
  restarts = 0;
  closed = false;
  offersMade = 0;
  onnegotiationneeded: PeerConnectionLike['onnegotiationneeded'] = null;
  onicecandidate: PeerConnectionLike['onicecandidate'] = null;
  ontrack: PeerConnectionLike['ontrack'] = null;
  onconnectionstatechange: PeerConnectionLike['onconnectionstatechange'] = null;
  /** a change of ours not yet agreed by the other side (JSEP: negotiation is needed until an offer of ours is answered) */
  private pending = false;

  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  async setLocalDescription(description?: RTCSessionDescriptionInit) {
    await Promise.resolve();
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      return;
    }
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: `answer from ${this.name}` };
      this.signalingState = 'stable';
      this.renegotiateIfPending();
      return;
    }
    this.offersMade += 1;
    this.localDescription = { type: 'offer', sdp: `offer ${this.offersMade} from ${this.name}` };
    this.signalingState = 'have-local-offer';
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await Promise.resolve();
    if (description.type === 'offer') {
      // implicit rollback of our own offer, as browsers do for the polite side
      if (this.signalingState === 'have-local-offer') this.localDescription = null;
      this.remoteDescription = { type: 'offer', sdp: description.sdp ?? '' };
      this.signalingState = 'have-remote-offer';
      return;
    }
    if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') throw new DOMException('answer in ' + this.signalingState, 'InvalidStateError');
      this.remoteDescription = { type: 'answer', sdp: description.sdp ?? '' };
      this.signalingState = 'stable';
      this.pending = false;
    }
  }

  async addIceCandidate(candidate: RTCIceCandidateInit | null) {
    await Promise.resolve();
    if (!this.remoteDescription) throw new DOMException('no remote description', 'InvalidStateError');
    this.candidates.push(candidate);
  }

  restartIce() {
    this.restarts += 1;
    this.needNegotiation();
  }
  tracks: MediaStreamTrack[] = [];
  addTrack(track: MediaStreamTrack): RTCRtpSender {
    this.tracks.push(track);
    // JSEP: a track added while answering an offer rides on the offer's transceivers and the answer carries it;
    // added any other time, it needs a negotiation of its own
    if (this.signalingState !== 'have-remote-offer') this.needNegotiation();
    return {} as RTCRtpSender;
  }
  getSenders(): RTCRtpSender[] {
    return [];
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }

  /** Something changed that the other side must agree to (tracks added, an ICE restart). */
  needNegotiation() {
    this.pending = true;
    if (this.signalingState === 'stable') setTimeout(() => this.onnegotiationneeded?.(new Event('negotiationneeded')), 0);
  }
  private renegotiateIfPending() {
    if (this.pending) setTimeout(() => this.onnegotiationneeded?.(new Event('negotiationneeded')), 0);
  }
  setConnectionState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.(new Event('connectionstatechange'));
  }
}

/**
 * Two links joined through an asynchronous channel; every payload is recorded. With `tracks`, each side sends one
 * track; `waiting` names the side already in the room (its link waits for the other's offer).
 */
function pair(aId: string, bId: string, options: { tracks?: boolean; waiting?: string } = {}) {
  const made: Record<string, FakeConnection[]> = { [aId]: [], [bId]: [] };
  const sent: { from: string; data: SignalPayload }[] = [];
  const links: Record<string, PeerLink> = {};
  const errors: unknown[] = [];
  const make = (selfId: string, peerId: string) =>
    new PeerLink({
      peerId,
      polite: isPolite(selfId, peerId),
      createConnection: () => {
        const pc = new FakeConnection(selfId);
        made[selfId].push(pc);
        return pc;
      },
      send: (data) => {
        sent.push({ from: selfId, data });
        setTimeout(() => void links[peerId].receive(data).catch((e) => errors.push(e)), 1);
      },
      localTracks: () => (options.tracks ? [{ track: { kind: 'video', id: `${selfId}-camera` } as MediaStreamTrack, stream: {} as MediaStream }] : []),
      waitForOffer: options.waiting === selfId,
      onRemoteStream: () => undefined,
      onState: () => undefined,
    });
  links[aId] = make(aId, bId);
  links[bId] = make(bId, aId);
  const pc = (id: string) => made[id][made[id].length - 1]!;
  return { links, made, sent, errors, pc };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('perfect negotiation of a mesh link', () => {
  it('both sides offer at once: the impolite offer wins, the polite side answers and then offers its own; both end stable', async () => {
    const { pc, sent, errors } = pair('a', 'b');
    expect(isPolite('b', 'a')).toBe(true);
    // both add their tracks in the same instant
    pc('a').needNegotiation();
    pc('b').needNegotiation();
    await settle();

    expect(errors).toEqual([]);
    for (const id of ['a', 'b']) expect(pc(id).signalingState).toBe('stable');
    // the polite side (b) rolled back its first offer, answered a's, then negotiated its own change
    expect(pc('b').offersMade).toBe(2);
    expect(pc('a').offersMade).toBe(1);
    const offers = sent.filter((s) => s.data.kind === 'description' && s.data.description.type === 'offer');
    expect(offers.map((o) => o.from)).toEqual(['a', 'b', 'b']);
    // each side holds the other's last description
    expect(pc('a').remoteDescription).toEqual({ type: 'offer', sdp: 'offer 2 from b' });
    expect(pc('b').remoteDescription).toEqual({ type: 'answer', sdp: 'answer from a' });
  });

  it('the side already in the room waits for the newcomer’s offer: one offer, no collision, both send', async () => {
    // b is polite (the greater id): were both to offer, b would roll back; here b waits instead
    const { pc, sent, errors } = pair('a', 'b', { tracks: true, waiting: 'b' });
    expect(pc('b').tracks).toEqual([]);
    await settle();

    expect(errors).toEqual([]);
    const offers = sent.filter((s) => s.data.kind === 'description' && s.data.description.type === 'offer');
    expect(offers.map((o) => o.from)).toEqual(['a']);
    expect(pc('b').offersMade).toBe(0);
    // b's camera went out with its answer
    expect(pc('b').tracks.map((t) => t.id)).toEqual(['b-camera']);
    expect(pc('a').tracks.map((t) => t.id)).toEqual(['a-camera']);
    for (const id of ['a', 'b']) expect(pc(id).signalingState).toBe('stable');
    expect(pc('a').remoteDescription).toEqual({ type: 'answer', sdp: 'answer from b' });
  });

  it('without waiting, both sides with tracks offer at once and the polite one rolls back (what waiting avoids)', async () => {
    const { sent, errors } = pair('a', 'b', { tracks: true });
    await settle();
    expect(errors).toEqual([]);
    const offers = sent.filter((s) => s.data.kind === 'description' && s.data.description.type === 'offer');
    expect(offers.map((o) => o.from)).toEqual(expect.arrayContaining(['a', 'b']));
  });

  it('queues candidates that arrive before the description and applies them after it', async () => {
    const { links, pc } = pair('a', 'b');
    const early = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    await links.b.receive({ kind: 'candidate', candidate: early });
    expect(pc('b').candidates).toEqual([]);
    await links.b.receive({ kind: 'description', description: { type: 'offer', sdp: 'offer from a' } });
    expect(pc('b').candidates).toEqual([early]);
    // once the description is there, a candidate goes straight in
    const late = { ...early, candidate: early.candidate.replace('54400', '54401') };
    await links.b.receive({ kind: 'candidate', candidate: late });
    expect(pc('b').candidates).toEqual([early, late]);
  });

  it('restarts ICE on failure, and after three failed restarts closes the connection and builds a new one', async () => {
    const { links, made, pc } = pair('a', 'b');
    const first = pc('a');
    for (let i = 1; i <= MAX_ICE_RESTARTS; i += 1) {
      first.setConnectionState('failed');
      expect(first.restarts).toBe(i);
    }
    expect(made.a).toHaveLength(1);
    first.setConnectionState('failed');
    expect(first.closed).toBe(true);
    expect(made.a).toHaveLength(2);
    expect(links.a.rebuilds).toBe(1);
    // a connection that gets through resets the count
    pc('a').setConnectionState('connected');
    pc('a').setConnectionState('failed');
    expect(pc('a').restarts).toBe(1);
  });

  it('treats a negotiated link that never connects as failed and restarts ICE', async () => {
    vi.useFakeTimers();
    try {
      const { pc } = pair('a', 'b');
      const a = pc('a');
      Object.assign(a, { localDescription: { type: 'offer', sdp: 'o' }, remoteDescription: { type: 'answer', sdp: 'a' } });
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 3000);
      expect(a.restarts).toBe(0);
      await vi.advanceTimersByTimeAsync(6000);
      expect(a.restarts).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an impolite side ignores a colliding offer and the candidates that belong to it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { links, pc } = pair('a', 'b');
    pc('a').needNegotiation();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.resolve();
    // a is making/has made its offer; b's offer collides and a (impolite) drops it
    await links.a.receive({ kind: 'description', description: { type: 'offer', sdp: 'offer from b' } });
    expect(pc('a').remoteDescription).toBeNull();
    await links.a.receive({ kind: 'candidate', candidate: { candidate: 'candidate:2 1 udp 1 192.0.2.2 1 typ host', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(pc('a').candidates).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
