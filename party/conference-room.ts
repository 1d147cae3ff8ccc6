import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { createDb } from '../drizzle/db.ts';
import { recordJoin, recordLeave } from '../worker/conferences/attendance.queries.ts';
import { readConferenceIdentity } from './conference-identity.ts';
import {
  DEMO_GUEST_STAY_MS,
  FRAME_RATES,
  GARBAGE_LIMIT,
  IDLE_TIMEOUT_MS,
  MAX_MESSAGE_CHARS,
  SWEEP_INTERVAL_MS,
  maxPeersOf,
  participantPlacesOf,
  type ConferenceTopology,
} from './conference-limits.ts';
import {
  CONFERENCE_CLOSE,
  conferenceClientMessage,
  conferenceServerMessage,
  type ConferencePeer,
  type ConferenceServerMessage,
  type LiveRecordingState,
} from './protocol/conference.ts';

/** Durable storage: the meeting's recording in progress, for the `welcome` of later joiners. */
const RECORDING_KEY = 'recording';

/**
 * Kept in the socket's attachment (connection.setState), so it survives hibernation. `joining` is true while
 * the attendance row is being written: the place is taken (it counts against the cap) but nobody has been told.
 */
type PeerState = {
  peer: ConferencePeer;
  /** null for a guest of the demo room: nothing is recorded */
  conferenceId: number | null;
  /** set by the Worker per upgrade: 'sfu' rooms admit more people and keep each peer's published tracks */
  topology: ConferenceTopology;
  attendanceId: number | null;
  joining: boolean;
  left: boolean;
  /** Date.now() of the last message; the alarm drops a connection silent for IDLE_TIMEOUT_MS */
  lastSeen: number;
  /** Date.now() of the connection: a demo guest is let go DEMO_GUEST_STAY_MS after it (absent on older attachments) */
  joinedAt?: number;
  /** a demo guest's hashed address: one guest per address (null for members and loopback) */
  address?: string | null;
};

// close reasons are at most 123 bytes of UTF-8: about 60 Cyrillic letters
const REASON = {
  full: (cap: number) => `В комнате уже ${cap} ${people(cap)}, мест нет`,
  participantsFull: (places: number) => `Места для участников заняты: ${places} из ${places}`,
  expired: 'Время в демо-комнате вышло, войдите снова',
  ended: 'Встреча завершена',
  replaced: 'Вы подключились из другой вкладки',
  idle: 'Нет связи больше 15 секунд',
  garbage: 'Некорректные сообщения',
  unrecorded: 'Не удалось отметить вход, переподключитесь',
} as const;

function people(n: number) {
  const tens = n % 100;
  const ones = n % 10;
  if (ones === 1 && tens !== 11) return 'участник';
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return 'участника';
  return 'участников';
}

type FrameType = keyof typeof FRAME_RATES;

const stateOf = (c: Connection) => (c.state as PeerState | null) ?? null;
const isPresent = (s: PeerState | null): s is PeerState => s != null && !s.left;
const encode = (message: ConferenceServerMessage) => JSON.stringify(conferenceServerMessage.parse(message));

/**
 * One per meeting, named `${content_type}:${object_id}` (docs/architecture.md, "Meetings"). Holds presence
 * (who is connected, their microphone, camera, screen and hand), relays signalling to the one peer a message
 * names, and drops connections that stop pinging. Postgres keeps the attendance; the Worker checked the session,
 * the join token and that the meeting is running before the upgrade reached here. Hibernates between messages.
 * /BaseMeet's demo room (`demo:base-meet`) is one more of these, whose guests have no attendance.
 */
export class ConferenceRoom extends Server {
  static options = { hibernate: true };

  /** per-connection counters that may reset when the object hibernates (it only does so when the room is quiet) */
  private frameWindows = new Map<string, Partial<Record<FrameType, { start: number; count: number }>>>();
  private garbage = new Map<string, number>();

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    const identity = readConferenceIdentity(ctx.request.headers);
    // defence in depth: only the Worker's route sets these headers
    if (!identity) return connection.close(1008, 'forbidden');

    // Everything up to setState runs without awaiting, so two joiners at once cannot both take the last place.
    const others = [...this.getConnections()].filter((c) => c.id !== connection.id && isPresent(stateOf(c)));
    // a person's newer connection replaces the older one (a reload, a second tab, a socket that came back); in the
    // demo room so does a newer guest from the same address, so one client cannot hold several places
    const address = identity.address ?? null;
    const replaced = others.filter((c) => stateOf(c)!.peer.user_id === identity.userId || (address !== null && stateOf(c)!.address === address));
    const staying = others.filter((c) => !replaced.includes(c));
    // a mesh room holds MESH_MAX_PEERS, an event's room through the SFU EVENT_SFU_MAX_PEERS (the Worker says which)
    const cap = maxPeersOf(identity.topology);
    if (staying.length >= cap) return connection.close(CONFERENCE_CLOSE.full, REASON.full(cap));
    // a meeting keeps its host's place: participants may take all the others, never that one
    if (identity.conferenceId !== null && identity.role !== 'host') {
      const places = participantPlacesOf(identity.topology);
      if (staying.filter((c) => stateOf(c)!.peer.role !== 'host').length >= places) {
        return connection.close(CONFERENCE_CLOSE.full, REASON.participantsFull(places));
      }
    }

    const peer: ConferencePeer = {
      id: connection.id,
      user_id: identity.userId,
      name: identity.name,
      avatar_url: identity.avatarUrl,
      role: identity.role,
      audio: false,
      video: false,
      screen: false,
      hand: false,
    };
    const now = Date.now();
    connection.setState({
      peer,
      conferenceId: identity.conferenceId,
      topology: identity.topology,
      attendanceId: null,
      joining: true,
      left: false,
      lastSeen: now,
      joinedAt: now,
      address,
    } satisfies PeerState);
    await Promise.all(replaced.map((c) => this.depart(c, CONFERENCE_CLOSE.replaced, REASON.replaced)));

    const conferenceId = identity.conferenceId;
    let attendanceId: number | null = null;
    if (conferenceId !== null) {
      try {
        attendanceId = await this.withDb((db) => recordJoin(db, conferenceId, identity.userId));
      } catch (e) {
        console.error(JSON.stringify({ level: 'error', msg: 'conference attendance join failed', room: this.name, error: String(e) }));
        connection.setState({ ...stateOf(connection)!, left: true });
        return connection.close(1011, REASON.unrecorded);
      }
    }
    const state = stateOf(connection)!;
    if (conferenceId !== null && attendanceId == null) {
      // the meeting ended between the route's check and here
      connection.setState({ ...state, left: true });
      connection.send(encode({ type: 'ended' }));
      return connection.close(CONFERENCE_CLOSE.ended, REASON.ended);
    }
    if (state.left) {
      // replaced by a newer connection of the same person while the row was being written
      if (attendanceId != null) await this.withDb((db) => recordLeave(db, attendanceId));
      return;
    }
    connection.setState({ ...state, attendanceId, joining: false });

    const present = this.joined().filter((c) => c.id !== connection.id);
    const recording = (await this.ctx.storage.get<LiveRecordingState>(RECORDING_KEY)) ?? null;
    connection.send(encode({ type: 'welcome', self: peer, peers: present.map((c) => stateOf(c)!.peer), recording }));
    this.sendTo(present, { type: 'peer_joined', peer });
    await this.ensureAlarm();
  }

  onMessage(connection: Connection, message: WSMessage) {
    const state = stateOf(connection);
    if (!isPresent(state) || state.joining) return;
    const parsed = typeof message === 'string' && message.length <= MAX_MESSAGE_CHARS ? parseMessage(message) : null;
    if (!parsed) return this.countGarbage(connection);

    const now = Date.now();
    // every frame type has its budget per connection; what is over it is dropped and counts towards closing
    if (!this.allowFrame(connection.id, parsed.type, now)) return this.countGarbage(connection);
    // a state the others already have changes nothing: no write, no relay
    const unchanged =
      (parsed.type === 'media' && parsed.audio === state.peer.audio && parsed.video === state.peer.video && parsed.screen === state.peer.screen) ||
      (parsed.type === 'hand' && parsed.raised === state.peer.hand);
    // any message proves the connection alive; the attachment is rewritten at most once a second
    if (now - state.lastSeen > 1000 && (unchanged || (parsed.type !== 'media' && parsed.type !== 'hand' && parsed.type !== 'tracks'))) {
      connection.setState({ ...state, lastSeen: now });
    }
    if (unchanged) return;

    switch (parsed.type) {
      case 'ping':
        connection.send(encode({ type: 'pong' }));
        return;
      case 'media':
      case 'hand':
      case 'tracks': {
        // a mesh has no SFU session to announce (connections from before the room's topology was kept count as mesh)
        if (parsed.type === 'tracks' && state.topology !== 'sfu') return;
        const peer: ConferencePeer =
          parsed.type === 'media'
            ? { ...state.peer, audio: parsed.audio, video: parsed.video, screen: parsed.screen }
            : parsed.type === 'hand'
              ? { ...state.peer, hand: parsed.raised }
              : { ...state.peer, tracks: parsed.names.map((track_name) => ({ session_id: parsed.session_id, track_name })) };
        connection.setState({ ...state, peer, lastSeen: now });
        this.sendTo(
          this.joined().filter((c) => c.id !== connection.id),
          { type: 'peer_updated', peer },
        );
        return;
      }
      case 'signal': {
        // to the named peer only; an unknown, departed or own id is dropped
        if (parsed.to === connection.id) return;
        const target = this.joined().find((c) => c.id === parsed.to);
        target?.send(encode({ type: 'signal', from: connection.id, data: parsed.data }));
        return;
      }
      case 'leave':
        return this.depart(connection, 1000, 'leave');
    }
  }

  async onClose(connection: Connection) {
    await this.depart(connection);
  }

  async onError(connection: Connection) {
    await this.depart(connection);
  }

  /** Every 5 s while anyone is connected: the sweep, then the next alarm. */
  async onAlarm() {
    const now = Date.now();
    await this.sweep(now);
    if (this.joined(true).length) await this.ctx.storage.setAlarm(now + SWEEP_INTERVAL_MS);
  }

  /**
   * Drops the connections silent for longer than IDLE_TIMEOUT_MS and the demo guests who stayed DEMO_GUEST_STAY_MS
   * (pinging keeps a connection alive, not a guest's place for ever). The alarm's work; an RPC so a test can run
   * it at a chosen moment.
   */
  async sweep(now: number) {
    const guestOver = (s: PeerState) => s.conferenceId === null && s.joinedAt != null && now - s.joinedAt >= DEMO_GUEST_STAY_MS;
    const expired = this.joined(true).filter((c) => guestOver(stateOf(c)!));
    const silent = this.joined(true).filter((c) => !guestOver(stateOf(c)!) && now - stateOf(c)!.lastSeen > IDLE_TIMEOUT_MS);
    await Promise.all([
      ...expired.map((c) => this.depart(c, CONFERENCE_CLOSE.expired, REASON.expired)),
      ...silent.map((c) => this.depart(c, CONFERENCE_CLOSE.idle, REASON.idle)),
    ]);
    return { expired: expired.length, idle: silent.length };
  }

  /**
   * RPC from the Worker (worker/conferences/room-control.ts) when someone's standing ended: a cancelled booking or
   * event (`userId` null: everyone), or one person's registration. Their connections are closed with
   * CONFERENCE_CLOSE.revoked and the reason; the others hear `peer_left`. Answers how many were closed.
   */
  async revoke(userId: number | null, reason: string) {
    const gone = this.joined(true).filter((c) => userId === null || stateOf(c)!.peer.user_id === userId);
    await Promise.all(gone.map((c) => this.depart(c, CONFERENCE_CLOSE.revoked, reason)));
    return { closed: gone.length };
  }

  /**
   * RPC from the Worker (worker/conferences/room-control.ts) once the meeting's row says 'ended': everyone is
   * told and disconnected. Answers how many connections were closed.
   */
  async end() {
    const everyone = this.joined(true);
    const text = encode({ type: 'ended' });
    for (const c of everyone) c.send(text);
    await Promise.all(everyone.map((c) => this.depart(c, CONFERENCE_CLOSE.ended, REASON.ended, false)));
    return { closed: everyone.length };
  }

  /**
   * RPC from the Worker (worker/conferences/room-control.ts) when the meeting's recording starts or finishes
   * (decision 019): kept for the `welcome` of whoever joins later, and told to everyone present now, so nobody is in
   * a recorded room without «Идёт запись» on their screen.
   */
  async recording(recording: LiveRecordingState) {
    await this.ctx.storage.put(RECORDING_KEY, recording);
    this.sendTo(this.joined(), { type: 'recording', recording });
    return { told: this.joined().length };
  }

  /** RPC: who is in the room now (tests, and the REST side if it ever needs it). */
  async peers() {
    return this.joined().map((c) => stateOf(c)!.peer);
  }

  /**
   * A connection is gone (left, closed, dropped, replaced, or the meeting ended): the others hear `peer_left`
   * once, its stay is closed in Postgres, and — when a code is given — the socket is closed with it.
   */
  private async depart(connection: Connection, code?: number, reason?: string, announce = true) {
    const state = stateOf(connection);
    if (state && !state.left) {
      connection.setState({ ...state, left: true });
      this.frameWindows.delete(connection.id);
      this.garbage.delete(connection.id);
      if (announce && !state.joining) {
        this.sendTo(
          this.joined().filter((c) => c.id !== connection.id),
          { type: 'peer_left', peer_id: connection.id },
        );
      }
    }
    if (code != null) {
      try {
        connection.close(code, reason);
      } catch {
        // already closing
      }
    }
    // a connection still joining has no row yet: onConnect closes it when the insert returns
    if (state && !state.left && state.attendanceId != null) {
      const id = state.attendanceId;
      try {
        await this.withDb((db) => recordLeave(db, id));
      } catch (e) {
        console.error(JSON.stringify({ level: 'error', msg: 'conference attendance leave failed', room: this.name, attendanceId: id, error: String(e) }));
      }
    }
  }

  /** Open connections that are in the room (announced; with `includeJoining`, also those still being recorded). */
  private joined(includeJoining = false) {
    return [...this.getConnections()].filter((c) => {
      const s = stateOf(c);
      return isPresent(s) && (includeJoining || !s.joining);
    });
  }

  private sendTo(connections: Connection[], message: ConferenceServerMessage) {
    const text = encode(message);
    for (const c of connections) {
      try {
        c.send(text);
      } catch {
        // closing underneath us; its own close handler announces it
      }
    }
  }

  private allowFrame(connectionId: string, type: FrameType, now: number) {
    const rate = FRAME_RATES[type];
    let windows = this.frameWindows.get(connectionId);
    if (!windows) this.frameWindows.set(connectionId, (windows = {}));
    const w = windows[type];
    if (!w || now - w.start >= rate.windowMs) {
      windows[type] = { start: now, count: 1 };
      return true;
    }
    w.count += 1;
    return w.count <= rate.max;
  }

  private countGarbage(connection: Connection) {
    const n = (this.garbage.get(connection.id) ?? 0) + 1;
    this.garbage.set(connection.id, n);
    if (n > GARBAGE_LIMIT) void this.depart(connection, 1008, REASON.garbage);
  }

  private async ensureAlarm() {
    if ((await this.ctx.storage.getAlarm()) == null) await this.ctx.storage.setAlarm(Date.now() + SWEEP_INTERVAL_MS);
  }

  /** A connection per statement: joins and leaves are rare, and a socket must not outlive the event that opened it. */
  private async withDb<T>(run: (db: ReturnType<typeof createDb>['db']) => Promise<T>) {
    const { db, close } = createDb(this.env);
    try {
      return await run(db);
    } finally {
      this.ctx.waitUntil(close().catch(() => {}));
    }
  }
}

function parseMessage(text: string) {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = conferenceClientMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}
