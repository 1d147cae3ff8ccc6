// The SFU transport (web/features/conference/sfu/sfu-transport.ts) against the local fake of Cloudflare's Realtime
// SFU (tests/fakes/cloudflare-sfu.ts) reached through the Worker's own adapter, with a fake peer connection that keeps
// JSEP's states, takes mids at setLocalDescription as browsers do, and makes a receiving transceiver (and a track
// event) for every sendonly section of the SFU's offer. Several transports share one fake SFU like browsers in one
// event; the room's part (who is here, what they announced) is played by the test.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConferenceClientMessage, ConferencePeer } from '../../party/protocol/conference.ts';
import { cloudflareSfu } from '../../worker/conferences/sfu/cloudflare-sfu.ts';
import { toSfuTracksAnswer } from '../../worker/conferences/sfu/sfu.schemas.ts';
import type { LinkState, MediaTransport, TransportHost } from '../../web/features/conference/media-transport.ts';
import { SFU_RETRY_MS, sfuTransport, type SfuApi, type SfuConnectionLike, type TransceiverLike } from '../../web/features/conference/sfu/sfu-transport.ts';
import { FAKE_SFU_URL, fakeCloudflareSfu } from '../fakes/cloudflare-sfu.ts';

let trackIds = 0;
class FakeTrack {
  readonly id = `track-${++trackIds}`;
  readonly kind: string;
  constructor(kind: string) {
    this.kind = kind;
  }
}
const track = (kind: 'audio' | 'video') => new FakeTrack(kind) as unknown as MediaStreamTrack;

class FakeMediaStream {
  private readonly tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return this.tracks;
  }
}

class FakeTransceiver implements TransceiverLike {
  mid: string | null;
  stopped = false;
  readonly sender: { track: MediaStreamTrack | null; replaceTrack: (t: MediaStreamTrack | null) => Promise<void> };
  readonly receiver: { track: MediaStreamTrack };
  readonly direction: 'sendonly' | 'recvonly';
  readonly kind: string;
  constructor(kind: string, direction: 'sendonly' | 'recvonly', sent: MediaStreamTrack | null, mid: string | null = null) {
    this.kind = kind;
    this.direction = direction;
    this.mid = mid;
    this.sender = {
      track: sent,
      replaceTrack: vi.fn(async (t: MediaStreamTrack | null) => {
        this.sender.track = t;
      }),
    };
    this.receiver = { track: track(kind as 'audio' | 'video') };
  }
  stop() {
    this.stopped = true;
  }
}

class FakeConnection implements SfuConnectionLike {
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  closed = false;
  ontrack: SfuConnectionLike['ontrack'] = null;
  onconnectionstatechange: SfuConnectionLike['onconnectionstatechange'] = null;
  private nextMid = 0;

  addTransceiver(sent: MediaStreamTrack, init: { direction: 'sendonly' }) {
    const transceiver = new FakeTransceiver(sent.kind, init.direction, sent);
    this.transceivers.push(transceiver);
    return transceiver;
  }
  getTransceivers() {
    return this.transceivers;
  }
  private sdp() {
    return [
      'v=0',
      ...this.transceivers.flatMap((t) => [`m=${t.kind} ${t.stopped ? 0 : 9} UDP/TLS/RTP/SAVPF 96`, `a=mid:${t.mid}`, `a=${t.stopped ? 'inactive' : t.direction}`]),
      '',
    ].join('\r\n');
  }
  async createOffer() {
    if (this.signalingState !== 'stable') throw new DOMException('offer in ' + this.signalingState, 'InvalidStateError');
    return { type: 'offer' as const, sdp: 'pending' };
  }
  async createAnswer() {
    if (this.signalingState !== 'have-remote-offer') throw new DOMException('answer in ' + this.signalingState, 'InvalidStateError');
    return { type: 'answer' as const, sdp: this.sdp() };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    await Promise.resolve();
    if (description.type === 'offer') {
      // browsers give new transceivers their mids here, not when they are added
      for (const t of this.transceivers) if (t.mid === null) t.mid = String(this.nextMid++);
      this.localDescription = { type: 'offer', sdp: this.sdp() };
      this.signalingState = 'have-local-offer';
      return;
    }
    this.localDescription = { type: 'answer', sdp: description.sdp ?? '' };
    this.signalingState = 'stable';
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await Promise.resolve();
    if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') throw new DOMException('answer in ' + this.signalingState, 'InvalidStateError');
      this.signalingState = 'stable';
      return;
    }
    if (this.signalingState !== 'stable') throw new DOMException('offer in ' + this.signalingState, 'InvalidStateError');
    this.signalingState = 'have-remote-offer';
    // every section the SFU sends on and we do not have yet: a receiving transceiver and its track event
    for (const section of (description.sdp ?? '').split(/\r\n(?=m=)/).filter((s) => s.startsWith('m='))) {
      const mid = /a=mid:(\S+)/.exec(section)![1]!;
      if (!section.includes('a=sendonly') || this.transceivers.some((t) => t.mid === mid)) continue;
      const transceiver = new FakeTransceiver(section.startsWith('m=audio') ? 'audio' : 'video', 'recvonly', null, mid);
      this.nextMid = Math.max(this.nextMid, Number(mid) + 1);
      this.transceivers.push(transceiver);
      this.ontrack?.({ track: transceiver.receiver.track, transceiver });
    }
  }
  async getStats() {
    return new Map() as unknown as RTCStatsReport;
  }
  close() {
    this.closed = true;
  }
  /** the ICE and DTLS path came up (or broke) */
  state(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.(new Event('connectionstatechange'));
  }
}

const APP_ID = 'fake-app-web';
const TOKEN = 'sfu-token-web';
let fake: ReturnType<typeof fakeCloudflareSfu>;

/** What the Worker's proxy does for the browser, minus the access checks (tests/worker/conference-sfu.test.ts). */
function proxy(): SfuApi {
  const sfu = cloudflareSfu({ appId: APP_ID, appToken: TOKEN, apiUrl: FAKE_SFU_URL, fetch: fake.fetch });
  return {
    session: async () => ({ session_id: await sfu.newSession() }),
    tracks: async ({ session_id, offer_sdp, tracks }) =>
      toSfuTracksAnswer(
        await sfu.newTracks(session_id, {
          offer: offer_sdp ? { type: 'offer', sdp: offer_sdp } : undefined,
          tracks: tracks.map((t) =>
            t.location === 'local' ? { location: 'local', mid: t.mid, trackName: t.track_name } : { location: 'remote', sessionId: t.session_id, trackName: t.track_name },
          ),
        }),
      ),
    renegotiate: async ({ session_id, answer_sdp }) => sfu.renegotiate(session_id, { type: 'answer', sdp: answer_sdp }),
    close: async ({ session_id, mids, offer_sdp, force }) =>
      toSfuTracksAnswer(await sfu.closeTracks(session_id, { mids, offer: offer_sdp ? { type: 'offer', sdp: offer_sdp } : undefined, force })),
  };
}

type Browser = {
  id: string;
  transport: MediaTransport;
  connections: FakeConnection[];
  sent: ConferenceClientMessage[];
  media: Map<string, { stream?: MediaStream | null; link?: LinkState }>;
  outgoing: MediaStreamTrack[];
  /** this browser as the room describes it to others, with the tracks it last announced */
  peer(): ConferencePeer;
};

/** One participant's browser: its own microphone and camera (or none), its transport, what it told the room. */
function browser(id: string, kinds: Array<'audio' | 'video'> = ['audio', 'video']): Browser {
  const connections: FakeConnection[] = [];
  const sent: ConferenceClientMessage[] = [];
  const media = new Map<string, { stream?: MediaStream | null; link?: LinkState }>();
  const outgoing = kinds.map(track);
  const stream = new FakeMediaStream(outgoing) as unknown as MediaStream;
  const host: TransportHost = {
    send: (message) => sent.push(message),
    localTracks: () => outgoing.map((t) => ({ track: t, stream })),
    peerMedia: (peerId, update) => media.set(peerId, { ...media.get(peerId), ...update }),
  };
  const transport = sfuTransport({
    api: proxy(),
    createConnection: () => {
      const pc = new FakeConnection();
      connections.push(pc);
      return pc;
    },
  })(host);
  return {
    id,
    transport,
    connections,
    sent,
    media,
    outgoing,
    peer() {
      const announced = sent.filter((m) => m.type === 'tracks').at(-1);
      return {
        id,
        user_id: 1,
        name: id,
        avatar_url: null,
        role: 'participant',
        audio: true,
        video: true,
        screen: false,
        hand: false,
        ...(announced?.type === 'tracks' ? { tracks: announced.names.map((name) => ({ session_id: announced.session_id, track_name: name })) } : {}),
      };
    },
  };
}

/** The session id a browser announced last. */
const sessionOf = (b: Browser) => {
  const announced = b.sent.filter((m) => m.type === 'tracks').at(-1);
  return announced?.type === 'tracks' ? announced.session_id : null;
};

/** A browser that joined an empty room and published. */
async function published(id: string, kinds?: Array<'audio' | 'video'>) {
  const b = browser(id, kinds);
  b.transport.welcome(b.peer(), []);
  await vi.waitFor(() => expect(sessionOf(b)).not.toBeNull());
  return b;
}

const kindsIn = (stream: MediaStream | null | undefined) => (stream?.getTracks() ?? []).map((t) => t.kind).sort();

beforeEach(() => {
  fake = fakeCloudflareSfu(APP_ID, TOKEN);
  vi.stubGlobal('MediaStream', FakeMediaStream);
});
afterEach(() => vi.useRealTimers());

describe('SFU transport', () => {
  it('publishes the microphone and camera into its own session, with the mids the offer gave them, and tells the room their names', async () => {
    const host = await published('a');
    const session = fake.sessions.get(sessionOf(host)!)!;
    expect(session.tracks).toEqual([
      { location: 'local', mid: '0', trackName: 'audio', kind: 'audio' },
      { location: 'local', mid: '1', trackName: 'video', kind: 'video' },
    ]);
    expect(host.sent).toEqual([{ type: 'tracks', session_id: session.id, names: ['audio', 'video'] }]);
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/^.*\/apps\/[^/]+/, '').replace(session.id, ':s')}`)).toEqual([
      'POST /sessions/new',
      'POST /sessions/:s/tracks/new',
    ]);
    const pc = host.connections[0]!;
    expect(pc.signalingState).toBe('stable');
    expect(pc.transceivers.map((t) => [t.mid, t.direction])).toEqual([
      ['0', 'sendonly'],
      ['1', 'sendonly'],
    ]);
  });

  it('pulls what the others announced, answers the SFU’s offer, and gives each peer a stream of its own tracks', async () => {
    const host = await published('a');
    const speaker = await published('b', ['audio']);
    const viewer = browser('c', []);
    viewer.transport.welcome(viewer.peer(), [host.peer(), speaker.peer()]);

    await vi.waitFor(() => {
      expect(kindsIn(viewer.media.get('a')?.stream)).toEqual(['audio', 'video']);
      expect(kindsIn(viewer.media.get('b')?.stream)).toEqual(['audio']);
    });
    // a viewer with nothing to send still has a session (to pull into) and says it publishes nothing
    expect(viewer.sent).toEqual([{ type: 'tracks', session_id: sessionOf(viewer), names: [] }]);
    const session = fake.sessions.get(sessionOf(viewer)!)!;
    expect(session.awaitingAnswer).toBe(false);
    expect(session.tracks.map((t) => [t.mid, t.sessionId === sessionOf(host) ? 'a' : 'b', t.trackName])).toEqual([
      ['0', 'a', 'audio'],
      ['1', 'a', 'video'],
      ['2', 'b', 'audio'],
    ]);
    expect(fake.requests.filter((r) => r.path.endsWith('/renegotiate'))).toHaveLength(1);

    // the one connection's state is every peer's link
    expect(viewer.media.get('a')?.link).toBe('connecting');
    viewer.connections[0]!.state('connected');
    expect(viewer.media.get('a')?.link).toBe('connected');
    expect(viewer.media.get('b')?.link).toBe('connected');
    viewer.connections[0]!.state('disconnected');
    expect(viewer.media.get('b')?.link).toBe('interrupted');
  });

  it('takes a burst of arrivals one call at a time: never a new call while the SFU waits for an answer', async () => {
    const viewer = await published('v');
    const others = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((id) => published(id)));
    const warn = vi.spyOn(console, 'warn');
    // they arrive one after another, then announce (peer_joined without tracks, peer_updated with them)
    for (const other of others) viewer.transport.peerJoined({ ...other.peer(), tracks: undefined });
    for (const other of others) viewer.transport.peerUpdated(other.peer());

    await vi.waitFor(() => {
      for (const other of others) expect(kindsIn(viewer.media.get(other.id)?.stream)).toEqual(['audio', 'video']);
    });
    expect(warn).not.toHaveBeenCalled();
    expect(viewer.connections).toHaveLength(1);
    // each pull was answered before the next call went out
    const calls = fake.requests.filter((r) => r.path.includes(sessionOf(viewer)!)).map((r) => r.path.split('/').slice(-1)[0]);
    expect(calls.filter((c) => c === 'new')).toHaveLength(1 + calls.filter((c) => c === 'renegotiate').length);
  });

  it('stops a departed peer’s tracks here and closes them at the SFU, with a new offer', async () => {
    const host = await published('a');
    const other = await published('b');
    const viewer = await published('c');
    viewer.transport.peerJoined(host.peer());
    viewer.transport.peerJoined(other.peer());
    await vi.waitFor(() => expect(kindsIn(viewer.media.get('b')?.stream)).toHaveLength(2));
    const session = fake.sessions.get(sessionOf(viewer)!)!;
    const midsOfB = session.tracks.filter((t) => t.sessionId === sessionOf(other)).map((t) => t.mid);

    viewer.transport.peerLeft('b');
    await vi.waitFor(() => expect(session.tracks.filter((t) => t.location === 'remote')).toHaveLength(2));
    expect(session.tracks.some((t) => t.sessionId === sessionOf(other))).toBe(false);
    const pc = viewer.connections[0]!;
    expect(pc.transceivers.filter((t) => t.stopped).map((t) => t.mid)).toEqual(midsOfB);
    const close = fake.requests.find((r) => r.path.endsWith('/tracks/close'))!;
    expect(close.body).toMatchObject({ tracks: midsOfB.map((mid) => ({ mid })), sessionDescription: { type: 'offer' } });
    expect(pc.signalingState).toBe('stable');
    // the one who stayed keeps their stream
    expect(kindsIn(viewer.media.get('a')?.stream)).toEqual(['audio', 'video']);
  });

  it('follows a peer that published again into a new session: the old tracks closed, the new ones pulled', async () => {
    const host = await published('a');
    const viewer = await published('c');
    viewer.transport.peerJoined(host.peer());
    await vi.waitFor(() => expect(kindsIn(viewer.media.get('a')?.stream)).toHaveLength(2));
    const before = viewer.media.get('a')!.stream;

    const again = await published('a');
    viewer.transport.peerUpdated(again.peer());
    await vi.waitFor(() => expect(viewer.media.get('a')?.stream).not.toBe(before));
    await vi.waitFor(() => expect(kindsIn(viewer.media.get('a')?.stream)).toEqual(['audio', 'video']));
    const session = fake.sessions.get(sessionOf(viewer)!)!;
    expect(new Set(session.tracks.filter((t) => t.location === 'remote').map((t) => t.sessionId))).toEqual(new Set([sessionOf(again)]));
  });

  it('makes a new session when the connection fails, publishes again and tells the room the new session', async () => {
    const host = await published('a');
    const viewer = await published('c');
    viewer.transport.peerJoined(host.peer());
    await vi.waitFor(() => expect(kindsIn(viewer.media.get('a')?.stream)).toHaveLength(2));
    const first = sessionOf(viewer);

    viewer.connections[0]!.state('failed');
    expect(viewer.media.get('a')).toMatchObject({ link: 'failed', stream: null });
    expect(viewer.connections[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(sessionOf(viewer)).not.toBe(first), { timeout: SFU_RETRY_MS * 3 });
    expect(viewer.connections).toHaveLength(2);
    await vi.waitFor(() => expect(kindsIn(viewer.media.get('a')?.stream)).toEqual(['audio', 'video']));
    expect(fake.sessions.get(sessionOf(viewer)!)!.tracks.filter((t) => t.location === 'local').map((t) => t.trackName)).toEqual(['audio', 'video']);
  });

  it('retries after the SFU fails a call, and the session made then works', async () => {
    const host = await published('a');
    fake.state.mode = 'error';
    const viewer = browser('c');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    viewer.transport.welcome(viewer.peer(), [host.peer()]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(viewer.media.get('a')).toMatchObject({ link: 'failed' });
    fake.state.mode = 'ok';
    await vi.waitFor(() => expect(kindsIn(viewer.media.get('a')?.stream)).toEqual(['audio', 'video']), { timeout: SFU_RETRY_MS * 3 });
  });

  it('swaps the published video for a screen without calling the SFU, and stops everything on close', async () => {
    const host = await published('a');
    const calls = fake.requests.length;
    const screen = track('video');
    host.transport.replaceVideo(screen);
    const video = host.connections[0]!.transceivers.find((t) => t.kind === 'video')!;
    await vi.waitFor(() => expect(video.sender.track).toBe(screen));
    expect(fake.requests).toHaveLength(calls);

    host.transport.close();
    expect(host.connections[0]!.closed).toBe(true);
    host.transport.peerJoined((await published('b')).peer());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // only the push of its tracks ever named its session: nothing was pulled after the close
    expect(fake.requests.filter((r) => r.path.includes(sessionOf(host)!)).map((r) => r.path.split('/').at(-1))).toEqual(['new']);
    expect(host.connections).toHaveLength(1);
  });
});
