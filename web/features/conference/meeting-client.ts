// The meeting's client (decision 012): the room's socket for presence, media state and signalling, and the local
// stream handed over by the equipment check; the media itself travels through a transport (media-transport.ts):
// browser to browser in a mesh, or through the SFU for large events. Framework-free: the conference screen
// subscribes to its snapshots.
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import {
  CONFERENCE_CLOSE,
  conferenceServerMessage,
  type ConferenceClientMessage,
  type ConferencePeer,
  type ConferenceServerMessage,
} from '../../../party/protocol/conference.ts';
import type { LinkState, LinkStats, MediaTransport, TransportFactory } from './media-transport.ts';

export type { LinkStats } from './media-transport.ts';

/** The room drops a connection silent for 15 s; a ping every 5 s keeps it well inside that. */
export const PING_INTERVAL_MS = 5000;
/**
 * Reconnect tries after the room's socket drops (backing off to 8 s between them, some 6 minutes in all) before the
 * client stops and says so (status 'lost'): a page that said «reconnecting» for ever would hide that nothing is
 * trying any more. The person can try again (reconnect()) or reload.
 */
export const MAX_RECONNECTS = 50;

export type RemotePeer = ConferencePeer & { stream: MediaStream | null; link: LinkState };
export type MeetingRecording = { id: number; started_at: string };

/** What the screen shows; a new object on every change. */
export type MeetingSnapshot = {
  /** lost: MAX_RECONNECTS tries failed and the socket stopped trying; reconnect() starts again */
  status: 'connecting' | 'live' | 'reconnecting' | 'lost' | 'ended' | 'refused';
  /** why the room refused or let us go (full, replaced, revoked, a demo stay over): explainClose's text, or the room's reason */
  reason: string | null;
  self: ConferencePeer | null;
  /** this device's own microphone, camera and screen, as its tracks say (the room echoes them only to others) */
  local: { audio: boolean; video: boolean; screen: boolean };
  peers: RemotePeer[];
  /** a recording of the room in progress, as the room says (issue 36): everyone sees «Идёт запись» while it is set */
  recording: MeetingRecording | null;
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
  /** after 'lost': tries the room again, with MAX_RECONNECTS more tries */
  reconnect(): void;
  leave(): void;
  /** the local stream as shown in the self view (camera, or the screen while sharing) */
  localVideo(): MediaStream;
  /** getStats of every link with its ICE state, for the debug panel and the browser tests */
  stats(): Promise<LinkStats[]>;
};

type Options = {
  /** ws(s)://…/ws/conferences/{ct}/{id}/?token=…, asked again on every reconnect (the token lives 10 minutes) */
  url: () => Promise<string>;
  stream: MediaStream;
  /** the way the media travels: meshTransport or sfuTransport */
  transport: TransportFactory;
  /** the page's own words for a refusal (the room's close reason is at most 123 bytes); null keeps the room's reason */
  explainClose?: (code: number, reason: string) => string | null;
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

/** Close codes after which the room will not take us back: no reconnecting into it. */
const FINAL_CLOSES: readonly number[] = [CONFERENCE_CLOSE.full, CONFERENCE_CLOSE.replaced, CONFERENCE_CLOSE.revoked, CONFERENCE_CLOSE.expired];

export function connectMeeting({ url, stream, transport: makeTransport, explainClose }: Options): MeetingClient {
  const listeners = new Set<() => void>();
  const peers = new Map<string, RemotePeer>();
  let self: ConferencePeer | null = null;
  let status: MeetingSnapshot['status'] = 'connecting';
  let reason: string | null = null;
  let screen: MediaStream | null = null;
  let recording: MeetingRecording | null = null;
  const camera = stream.getVideoTracks()[0] ?? null;
  const microphone = stream.getAudioTracks()[0] ?? null;
  let current: MeetingSnapshot = build();

  function build(): MeetingSnapshot {
    const list = [...peers.values()];
    const connection = list.some((p) => p.link === 'failed') ? 'failed' : list.some((p) => p.link === 'interrupted') ? 'interrupted' : 'ok';
    const local = { audio: Boolean(microphone?.enabled), video: Boolean(camera?.enabled), screen: screen !== null };
    return { status, reason, self, local, peers: list, recording, connection };
  }
  function changed() {
    current = build();
    for (const listener of listeners) listener();
  }

  // partysocket's own maxRetries stops without any event, so the client counts the tries itself: the socket asks for
  // the address once per try, the first being the connection itself (after a welcome, the connection that dropped)
  let tries = 0;
  const socket = new ReconnectingWebSocket(
    async () => {
      tries += 1;
      if (tries <= MAX_RECONNECTS + 1) return url();
      giveUp();
      return ''; // the socket is closed by now: it opens nothing with it
    },
    undefined,
    { maxReconnectionDelay: 8000, minReconnectionDelay: 500 },
  );
  function giveUp() {
    status = 'lost';
    socket.close();
    changed();
  }
  const send = (message: ConferenceClientMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const ping = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);

  function media(): ConferenceClientMessage {
    return { type: 'media', audio: Boolean(microphone?.enabled), video: Boolean(camera?.enabled) && !screen, screen: Boolean(screen) };
  }

  const transport: MediaTransport = makeTransport({
    send,
    localTracks() {
      const video = screen?.getVideoTracks()[0] ?? camera;
      return [microphone, video].filter((t): t is MediaStreamTrack => t !== null).map((track) => ({ track, stream }));
    },
    peerMedia(peerId, update) {
      const known = peers.get(peerId);
      if (!known) return;
      peers.set(peerId, { ...known, ...update });
      changed();
    },
  });

  const remember = (peer: ConferencePeer) => peers.set(peer.id, { ...peer, stream: null, link: 'connecting' });

  socket.addEventListener('message', (event) => {
    const message = parse((event as MessageEvent).data);
    if (!message) return;
    switch (message.type) {
      case 'welcome':
        tries = 1;
        peers.clear();
        self = message.self;
        status = 'live';
        recording = message.recording ?? null;
        send(media());
        for (const peer of message.peers) remember(peer);
        transport.welcome(message.self, message.peers);
        break;
      case 'peer_joined':
        if (!self || peers.has(message.peer.id)) return;
        remember(message.peer);
        transport.peerJoined(message.peer);
        break;
      case 'peer_updated': {
        const known = peers.get(message.peer.id);
        if (!known) return;
        peers.set(message.peer.id, { ...known, ...message.peer });
        transport.peerUpdated(message.peer);
        break;
      }
      case 'peer_left':
        peers.delete(message.peer_id);
        transport.peerLeft(message.peer_id);
        break;
      case 'signal':
        transport.signal(message.from, message.data);
        return;
      case 'ended':
        status = 'ended';
        break;
      case 'recording':
        recording = message.recording;
        break;
      case 'pong':
        return;
    }
    changed();
  });

  const stop = () => {
    clearInterval(ping);
    socket.close();
    peers.clear();
    transport.close();
  };

  socket.addEventListener('close', (event) => {
    const { code, reason: why } = event as CloseEvent;
    if (code === CONFERENCE_CLOSE.ended) status = 'ended';
    else if (FINAL_CLOSES.includes(code)) {
      status = 'refused';
      reason = explainClose?.(code, why) ?? (why || null);
    } else if (status !== 'ended') status = 'reconnecting';
    // the room said no or it's over: no reconnecting into it
    if (status === 'ended' || status === 'refused') stop();
    changed();
  });

  /** Turns one of this device's tracks on or off and tells the room; false when the device has no such track. */
  function toggle(track: MediaStreamTrack | null, on: boolean) {
    if (!track) return false;
    track.enabled = on;
    send(media());
    changed();
    return true;
  }

  const client: MeetingClient = {
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMicrophone: (on) => toggle(microphone, on),
    setCamera: (on) => toggle(camera, on),
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
      transport.replaceVideo(track);
      send(media());
      changed();
      return true;
    },
    stopScreenShare() {
      if (!screen) return;
      for (const track of screen.getTracks()) track.stop();
      screen = null;
      transport.replaceVideo(camera);
      send(media());
      changed();
    },
    raiseHand(raised) {
      send({ type: 'hand', raised });
    },
    reconnect() {
      if (status !== 'lost') return;
      tries = 0;
      status = 'reconnecting';
      socket.reconnect();
      changed();
    },
    leave() {
      send({ type: 'leave' });
      stop();
      client.stopScreenShare();
      for (const track of stream.getTracks()) track.stop();
      status = 'ended';
      changed();
    },
    localVideo: () => screen ?? stream,
    stats: () => transport.stats(),
  };
  return client;
}
