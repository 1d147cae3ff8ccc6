// Events above the mesh cap (decision 012, «Events above the cap: the SFU»): one RTCPeerConnection from this browser
// to Cloudflare's Realtime SFU, driven through our proxy (worker/conferences/sfu/sfu.routes.ts). This device pushes
// its microphone and camera into its own SFU session and tells the room their names (`tracks`); it pulls the tracks
// every other peer announced into the same session, answering the SFU's offer. Every change goes through one queue,
// because the SFU refuses a new call while an offer of its own waits for our answer.
import type { ConferencePeer } from '../../../../party/protocol/conference.ts';
import type { SfuTracksAnswer } from '../../../../worker/conferences/sfu/sfu.schemas.ts';
import type { LinkState, LinkStats, MediaTransport, TransportFactory, TransportHost } from '../media-transport.ts';

/** The proxy's calls for one meeting (conference.api.ts binds the meeting and the join token). */
export type SfuApi = {
  session(): Promise<{ session_id: string }>;
  tracks(body: {
    session_id: string;
    offer_sdp?: string;
    tracks: Array<{ location: 'local'; mid: string; track_name: string } | { location: 'remote'; session_id: string; track_name: string }>;
  }): Promise<SfuTracksAnswer>;
  renegotiate(body: { session_id: string; answer_sdp: string }): Promise<unknown>;
  close(body: { session_id: string; mids: string[]; offer_sdp?: string; force?: boolean }): Promise<SfuTracksAnswer>;
};

/** The part of a transceiver the transport uses. */
export type TransceiverLike = {
  readonly mid: string | null;
  readonly sender: { readonly track: MediaStreamTrack | null; replaceTrack(track: MediaStreamTrack | null): Promise<void> };
  readonly receiver: { readonly track: MediaStreamTrack };
  stop(): void;
};

/** The part of RTCPeerConnection the transport uses: narrow, so the protocol can be tested without a browser. */
export type SfuConnectionLike = {
  readonly connectionState: RTCPeerConnectionState;
  readonly iceConnectionState: RTCIceConnectionState;
  readonly localDescription: { type: RTCSdpType; sdp: string } | null;
  addTransceiver(track: MediaStreamTrack, init: { direction: 'sendonly'; streams: MediaStream[] }): TransceiverLike;
  getTransceivers(): TransceiverLike[];
  createOffer(): Promise<RTCSessionDescriptionInit>;
  createAnswer(): Promise<RTCSessionDescriptionInit>;
  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  getStats(): Promise<RTCStatsReport>;
  close(): void;
  ontrack: ((event: { track: MediaStreamTrack; transceiver: { readonly mid: string | null } }) => void) | null;
  onconnectionstatechange: ((event: Event) => void) | null;
};

/** After a failed connection or a failed call, the session is made again after this long (doubling, up to 30 s). */
export const SFU_RETRY_MS = 1000;
const SFU_RETRY_MAX_MS = 30_000;

/** A published track as peers announce it, and as we pull it. */
const keyOf = (sessionId: string, trackName: string) => `${sessionId}/${trackName}`;

type Pulled = { key: string; mid: string; track: MediaStreamTrack | null };

type Options = {
  api: SfuApi;
  createConnection: () => SfuConnectionLike;
};

export function sfuTransport(options: Options): TransportFactory {
  return (host) => new SfuTransport(host, options);
}

/** The browser's own transport: a real RTCPeerConnection with the meeting's ICE servers, bundled into one path. */
export function browserSfuConnection(iceServers: RTCIceServer[]) {
  // RTCPeerConnection's event handler types name their own event classes; the transport reads only what they share
  return () => new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' }) as unknown as SfuConnectionLike;
}

class SfuTransport implements MediaTransport {
  private readonly host: TransportHost;
  private readonly api: SfuApi;
  private readonly createConnection: () => SfuConnectionLike;
  private pc: SfuConnectionLike | null = null;
  private sessionId: string | null = null;
  /** our published transceivers by track name */
  private readonly published = new Map<string, TransceiverLike>();
  /** what we pulled, by `session/track` */
  private readonly pulled = new Map<string, Pulled>();
  /** everyone else in the room as the room last described them */
  private readonly peers = new Map<string, ConferencePeer>();
  /** the stream each peer's tile shows, kept while its tracks stay the same */
  private readonly streams = new Map<string, MediaStream>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private retryMs = SFU_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** incremented whenever the session is thrown away: work queued for an older one stops */
  private generation = 0;

  constructor(host: TransportHost, { api, createConnection }: Options) {
    this.host = host;
    this.api = api;
    this.createConnection = createConnection;
  }

  welcome(_self: ConferencePeer, peers: ConferencePeer[]) {
    // a (re)connection to the room: the peers have new ids, our SFU session is still good
    this.peers.clear();
    this.streams.clear();
    for (const peer of peers) this.peers.set(peer.id, peer);
    this.schedule(true);
  }

  peerJoined(peer: ConferencePeer) {
    this.peers.set(peer.id, peer);
    this.report();
    this.schedule();
  }

  peerUpdated(peer: ConferencePeer) {
    const before = this.peers.get(peer.id);
    this.peers.set(peer.id, peer);
    if (JSON.stringify(before?.tracks ?? []) !== JSON.stringify(peer.tracks ?? [])) this.schedule();
  }

  peerLeft(peerId: string) {
    this.peers.delete(peerId);
    this.streams.delete(peerId);
    this.schedule();
  }

  signal() {
    // the SFU negotiates with us over HTTP: nothing comes from peers
  }

  replaceVideo(track: MediaStreamTrack | null) {
    void this.published.get('video')?.sender.replaceTrack(track);
  }

  async stats(): Promise<LinkStats[]> {
    if (!this.pc) return [];
    return [{ peerId: 'sfu', iceState: this.pc.iceConnectionState, report: await this.pc.getStats() }];
  }

  close() {
    this.closed = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.teardown();
  }

  /** Runs a sync after whatever is queued; `announce` tells the room our tracks again (a new room connection). */
  private schedule(announce = false) {
    const generation = this.generation;
    this.queue = this.queue
      .then(() => this.sync(generation, announce))
      .catch((error: unknown) => {
        if (this.closed || generation !== this.generation) return;
        console.warn('conference: the SFU session failed, making it again', error);
        this.restart();
      });
  }

  /** Brings the session in line with the room: made and published once, then pulls what is new, closes what left. */
  private async sync(generation: number, announce: boolean) {
    if (this.closed || generation !== this.generation) return;
    if (!this.pc) {
      await this.open(generation);
      announce = true;
    }
    if (announce && this.sessionId) this.host.send({ type: 'tracks', session_id: this.sessionId, names: [...this.published.keys()] });
    const wanted = this.wanted();
    const gone = [...this.pulled.values()].filter((p) => !wanted.has(p.key));
    if (gone.length) await this.unpull(gone, generation);
    const fresh = [...wanted.entries()].filter(([key]) => !this.pulled.has(key)).map(([, track]) => track);
    if (fresh.length) await this.pull(fresh, generation);
    this.retryMs = SFU_RETRY_MS;
    this.report();
  }

  /** A new connection and session, with this device's tracks pushed into it. */
  private async open(generation: number) {
    const pc = this.createConnection();
    this.pc = pc;
    pc.ontrack = ({ track, transceiver }) => this.received(track, transceiver.mid);
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      if (pc.connectionState === 'failed') this.restart();
      else this.report();
    };
    const { session_id } = await this.api.session();
    this.check(generation);
    this.sessionId = session_id;
    const local = this.host.localTracks();
    if (local.length === 0) return;
    for (const { track, stream } of local) this.published.set(track.kind, pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] }));
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await this.api.tracks({
      session_id,
      offer_sdp: pc.localDescription!.sdp,
      tracks: [...this.published.entries()].map(([name, transceiver]) => ({ location: 'local' as const, mid: transceiver.mid!, track_name: name })),
    });
    this.check(generation);
    const failed = answer.tracks.filter((t) => t.error_code);
    if (failed.length) throw new Error(`the SFU refused our tracks: ${failed.map((t) => t.error_code).join(', ')}`);
    if (answer.session_description?.type !== 'answer') throw new Error('the SFU did not answer our offer');
    await pc.setRemoteDescription(answer.session_description);
  }

  /** The tracks announced by everyone else in the room, by key. */
  private wanted() {
    const wanted = new Map<string, { session_id: string; track_name: string }>();
    for (const peer of this.peers.values()) {
      for (const track of peer.tracks ?? []) if (track.session_id !== this.sessionId) wanted.set(keyOf(track.session_id, track.track_name), track);
    }
    return wanted;
  }

  private async pull(tracks: Array<{ session_id: string; track_name: string }>, generation: number) {
    const pc = this.pc!;
    const answer = await this.api.tracks({
      session_id: this.sessionId!,
      tracks: tracks.map((t) => ({ location: 'remote' as const, session_id: t.session_id, track_name: t.track_name })),
    });
    this.check(generation);
    for (const result of answer.tracks) {
      if (result.error_code || !result.mid || !result.session_id || !result.track_name) {
        // announced but gone by now (its owner left or republished): the next change of the room brings it again
        console.warn('conference: the SFU could not give a track', result.track_name, result.error_code);
        continue;
      }
      const key = keyOf(result.session_id, result.track_name);
      this.pulled.set(key, { key, mid: result.mid, track: null });
    }
    if (answer.requires_immediate_renegotiation && answer.session_description?.type === 'offer') {
      await pc.setRemoteDescription(answer.session_description);
      await pc.setLocalDescription(await pc.createAnswer());
      this.check(generation);
      await this.api.renegotiate({ session_id: this.sessionId!, answer_sdp: pc.localDescription!.sdp });
    }
  }

  /** Stops what its owner no longer publishes (they left, or stopped a track): our transceivers and the SFU's. */
  private async unpull(gone: Pulled[], generation: number) {
    const pc = this.pc!;
    const mids = new Set(gone.map((p) => p.mid));
    for (const transceiver of pc.getTransceivers()) if (transceiver.mid !== null && mids.has(transceiver.mid)) transceiver.stop();
    for (const p of gone) this.pulled.delete(p.key);
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await this.api.close({ session_id: this.sessionId!, mids: [...mids], offer_sdp: pc.localDescription!.sdp });
    this.check(generation);
    if (answer.session_description?.type === 'answer') await pc.setRemoteDescription(answer.session_description);
  }

  /** A pulled track arrived: it joins its owner's stream. */
  private received(track: MediaStreamTrack, mid: string | null) {
    const entry = [...this.pulled.values()].find((p) => p.mid === mid);
    if (!entry) return;
    entry.track = track;
    this.report();
  }

  /** Each peer's stream (a new one when its tracks change) and the session's state as every peer's link. */
  private report() {
    const link = this.link();
    for (const peer of this.peers.values()) {
      const tracks = (peer.tracks ?? []).flatMap((t) => this.pulled.get(keyOf(t.session_id, t.track_name))?.track ?? []);
      this.host.peerMedia(peer.id, { link, stream: tracks.length ? sameOrNew(this.streams.get(peer.id), tracks, (s) => this.streams.set(peer.id, s)) : null });
    }
  }

  private link(): LinkState {
    switch (this.pc?.connectionState) {
      case 'connected':
        return 'connected';
      case 'disconnected':
        return 'interrupted';
      case 'failed':
        return 'failed';
      default:
        return 'connecting';
    }
  }

  /** Throws when the session was thrown away while a call was on its way. */
  private check(generation: number) {
    if (this.closed || generation !== this.generation) throw new Superseded();
  }

  /** The connection failed or a call did: a new session after a pause, the room told our new tracks. */
  private restart() {
    if (this.closed || this.retryTimer !== null) return;
    this.teardown();
    for (const peer of this.peers.values()) this.host.peerMedia(peer.id, { link: 'failed', stream: null });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.schedule(true);
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, SFU_RETRY_MAX_MS);
  }

  private teardown() {
    this.generation += 1;
    this.pc?.close();
    this.pc = null;
    this.sessionId = null;
    this.published.clear();
    this.pulled.clear();
    this.streams.clear();
  }
}

/** A call finished for a session that is no longer ours. */
class Superseded extends Error {}

/** The peer's stream when it already holds exactly these tracks (no needless re-render), otherwise a new one. */
function sameOrNew(current: MediaStream | undefined, tracks: MediaStreamTrack[], keep: (stream: MediaStream) => void) {
  const held = current?.getTracks() ?? [];
  if (current && held.length === tracks.length && tracks.every((t) => held.includes(t))) return current;
  const stream = new MediaStream(tracks);
  keep(stream);
  return stream;
}
