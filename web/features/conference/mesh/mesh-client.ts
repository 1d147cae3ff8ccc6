// The meeting's client (decision 012): the room's socket for presence and signalling, one PeerLink per other
// connection, the local stream handed over by the equipment check. Framework-free: the conference screen
// subscribes to its snapshots. An SFU client can stand behind the same `MeetingClient` surface later.
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import {
  CONFERENCE_CLOSE,
  conferenceServerMessage,
  isPolite,
  type ConferenceClientMessage,
  type ConferencePeer,
  type ConferenceServerMessage,
} from '../../../../party/protocol/conference.ts';
import { PeerLink, type LinkState, type PeerConnectionLike } from './peer-link.ts';

/** The room drops a connection silent for 15 s; a ping every 5 s keeps it well inside that. */
export const PING_INTERVAL_MS = 5000;

export type RemotePeer = ConferencePeer & { stream: MediaStream | null; link: LinkState };

/** What the screen shows; a new object on every change. */
export type MeetingSnapshot = {
  status: 'connecting' | 'live' | 'reconnecting' | 'ended' | 'refused';
  /** the room's close reason when it refused us (full, replaced) */
  reason: string | null;
  self: ConferencePeer | null;
  /** this device's own microphone, camera and screen, as its tracks say (the room echoes them only to others) */
  local: { audio: boolean; video: boolean; screen: boolean };
  peers: RemotePeer[];
  /** the worst state of any link: the banners read it */
  connection: 'ok' | 'interrupted' | 'failed';
};

export type MeetingClient = {
  snapshot(): MeetingSnapshot;
  subscribe(listener: () => void): () => void;
  /** false when this device has no microphone in the meeting (nothing to turn on) */
  setMicrophone(on: boolean): boolean;
  /** false when this device has no camera in the meeting */
  setCamera(on: boolean): boolean;
  /**
   * Resolves false when the person cancelled the browser's picker (silently, spec 4.2); rejects when the browser
   * could not share (no support, no permission from the system, a capture error).
   */
  startScreenShare(): Promise<boolean>;
  stopScreenShare(): void;
  raiseHand(raised: boolean): void;
  leave(): void;
  /** the local stream as shown in the self view (camera, or the screen while sharing) */
  localVideo(): MediaStream;
  /** getStats of every link with its ICE state, for the debug panel and the browser tests */
  stats(): Promise<LinkStats[]>;
};

export type LinkStats = { peerId: string; iceState: RTCIceConnectionState; report: RTCStatsReport };

type Options = {
  /** ws(s)://…/ws/conferences/{ct}/{id}/?token=…, asked again on every reconnect (the token lives 10 minutes) */
  url: () => Promise<string>;
  iceServers: RTCIceServer[];
  stream: MediaStream;
};

export function socketUrl(wsPath: string, token: string, location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${wsPath}?token=${encodeURIComponent(token)}`;
}

function parse(data: unknown): ConferenceServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = conferenceServerMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function connectMeeting({ url, iceServers, stream }: Options): MeetingClient {
  const listeners = new Set<() => void>();
  const links = new Map<string, PeerLink>();
  const peers = new Map<string, RemotePeer>();
  let self: ConferencePeer | null = null;
  let status: MeetingSnapshot['status'] = 'connecting';
  let reason: string | null = null;
  let screen: MediaStream | null = null;
  const camera = stream.getVideoTracks()[0] ?? null;
  const microphone = stream.getAudioTracks()[0] ?? null;
  let current: MeetingSnapshot = build();

  function build(): MeetingSnapshot {
    const list = [...peers.values()];
    const connection = list.some((p) => p.link === 'failed') ? 'failed' : list.some((p) => p.link === 'interrupted') ? 'interrupted' : 'ok';
    const local = { audio: Boolean(microphone?.enabled), video: Boolean(camera?.enabled), screen: screen !== null };
    return { status, reason, self, local, peers: list, connection };
  }
  function changed() {
    current = build();
    for (const listener of listeners) listener();
  }

  const socket = new ReconnectingWebSocket(url, undefined, { maxReconnectionDelay: 8000, minReconnectionDelay: 500, maxRetries: 50 });
  const send = (message: ConferenceClientMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const ping = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);

  function media(): ConferenceClientMessage {
    return { type: 'media', audio: Boolean(microphone?.enabled), video: Boolean(camera?.enabled) && !screen, screen: Boolean(screen) };
  }

  function localTracks() {
    const video = screen?.getVideoTracks()[0] ?? camera;
    return [microphone, video].filter((t): t is MediaStreamTrack => t !== null).map((track) => ({ track, stream }));
  }

  /** `joined`: the peer came after us (peer_joined), so it offers first and our link waits for that offer. */
  function linkTo(peer: ConferencePeer, joined = false) {
    if (!self || links.has(peer.id)) return;
    peers.set(peer.id, { ...peer, stream: null, link: 'connecting' });
    const link = new PeerLink({
      peerId: peer.id,
      polite: isPolite(self.id, peer.id),
      // RTCPeerConnection's event handler types name their own event classes; the link reads only what they share
      createConnection: () => new RTCPeerConnection({ iceServers }) as unknown as PeerConnectionLike,
      send: (data) => send({ type: 'signal', to: peer.id, data }),
      localTracks,
      waitForOffer: joined,
      onRemoteStream: (remote) => {
        const known = peers.get(peer.id);
        if (known) peers.set(peer.id, { ...known, stream: remote });
        changed();
      },
      onState: (state) => {
        const known = peers.get(peer.id);
        if (known) peers.set(peer.id, { ...known, link: state });
        changed();
      },
    });
    links.set(peer.id, link);
  }

  function drop(peerId: string) {
    links.get(peerId)?.close();
    links.delete(peerId);
    peers.delete(peerId);
  }

  function dropAll() {
    for (const id of [...links.keys()]) drop(id);
  }

  socket.addEventListener('message', (event) => {
    const message = parse((event as MessageEvent).data);
    if (!message) return;
    switch (message.type) {
      case 'welcome':
        // a (re)connection: new ids all round, so every link is made again
        dropAll();
        self = message.self;
        status = 'live';
        send(media());
        for (const peer of message.peers) linkTo(peer);
        break;
      case 'peer_joined':
        linkTo(message.peer, true);
        break;
      case 'peer_updated': {
        const known = peers.get(message.peer.id);
        if (known) peers.set(message.peer.id, { ...known, ...message.peer });
        break;
      }
      case 'peer_left':
        drop(message.peer_id);
        break;
      case 'signal':
        void links.get(message.from)?.receive(message.data).catch((error) => console.warn('conference: signalling failed', error));
        break;
      case 'ended':
        status = 'ended';
        break;
      case 'pong':
        return;
    }
    changed();
  });

  socket.addEventListener('close', (event) => {
    const { code, reason: why } = event as CloseEvent;
    if (code === CONFERENCE_CLOSE.ended) status = 'ended';
    else if (code === CONFERENCE_CLOSE.full || code === CONFERENCE_CLOSE.replaced) {
      status = 'refused';
      reason = why || null;
    } else if (status !== 'ended') status = 'reconnecting';
    if (status === 'ended' || status === 'refused') {
      // the room said no or it's over: no reconnecting into it
      socket.close();
      dropAll();
      clearInterval(ping);
    }
    changed();
  });

  const setVideoTrack = (track: MediaStreamTrack | null) => {
    for (const link of links.values()) void link.replaceTrack('video', track);
  };

  const client: MeetingClient = {
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMicrophone(on) {
      if (!microphone) return false;
      microphone.enabled = on;
      send(media());
      changed();
      return true;
    },
    setCamera(on) {
      if (!camera) return false;
      camera.enabled = on;
      send(media());
      changed();
      return true;
    },
    async startScreenShare() {
      if (!navigator.mediaDevices?.getDisplayMedia) throw new Error('screen sharing is not supported by this browser');
      try {
        screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      } catch (error) {
        // the person closed the picker or said no: not a failure to report
        if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return false;
        throw error;
      }
      const track = screen.getVideoTracks()[0]!;
      track.addEventListener('ended', () => client.stopScreenShare());
      setVideoTrack(track);
      send(media());
      changed();
      return true;
    },
    stopScreenShare() {
      if (!screen) return;
      for (const track of screen.getTracks()) track.stop();
      screen = null;
      setVideoTrack(camera);
      send(media());
      changed();
    },
    raiseHand(raised) {
      send({ type: 'hand', raised });
    },
    leave() {
      send({ type: 'leave' });
      clearInterval(ping);
      socket.close();
      dropAll();
      client.stopScreenShare();
      for (const track of stream.getTracks()) track.stop();
      status = 'ended';
      changed();
    },
    localVideo: () => screen ?? stream,
    async stats() {
      return Promise.all(
        [...links.entries()].map(async ([peerId, link]) => {
          const connection = link.connection as unknown as RTCPeerConnection;
          return { peerId, iceState: connection.iceConnectionState, report: await connection.getStats() };
        }),
      );
    },
  };
  return client;
}
