// The conference's connection states (spec 002 §4.2, issue 41): the banners speak Russian, and a room's socket that
// gave up after its MAX_RECONNECTS tries says so, with a way to try again, instead of «reconnecting» for ever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { ConferencePeer } from '../../party/protocol/conference.ts';
import { BANNER_FAILED, BANNER_INTERRUPTED, BANNER_LOST, ConferenceView, RECONNECT_LABEL, RELOAD_LABEL } from '../../web/features/conference/conference-view.tsx';
import type { MediaTransport } from '../../web/features/conference/media-transport.ts';
import { connectMeeting, MAX_RECONNECTS, type MeetingClient, type MeetingSnapshot } from '../../web/features/conference/meeting-client.ts';
import { MeetingScreen } from '../../web/features/conference/meeting-screen.tsx';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { FakeSocket } from './fake-socket.ts';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

const peer = (id: string, name: string): ConferencePeer => ({ id, user_id: 1, name, avatar_url: null, role: 'participant', audio: true, video: true, screen: false, hand: false });

function stream() {
  const track = (kind: 'audio' | 'video') => ({ kind, id: kind, enabled: true, stop: () => undefined, addEventListener: () => undefined }) as unknown as MediaStreamTrack;
  const tracks = [track('audio'), track('video')];
  return Object.assign(new MediaStream(), { getTracks: () => tracks, getAudioTracks: () => [tracks[0]], getVideoTracks: () => [tracks[1]] });
}

const noTransport = (): MediaTransport => ({
  welcome: () => undefined,
  peerJoined: () => undefined,
  peerUpdated: () => undefined,
  peerLeft: () => undefined,
  signal: () => undefined,
  replaceVideo: () => undefined,
  stats: async () => [],
  close: () => undefined,
});

/** A room whose socket welcomes while `room.up`, and otherwise fails every connection as an unreachable server does. */
const room = { up: true, opened: 0 };
const sockets: RoomSocket[] = [];
class RoomSocket extends FakeSocket {
  constructor(url: string) {
    super(url);
    room.opened += 1;
    sockets.push(this);
    const up = room.up;
    setTimeout(() => {
      if (!up) return this.drop();
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
      this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify({ type: 'welcome', self: peer('me', 'Я'), peers: [] }) }));
    }, 0);
  }
  drop() {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code: 1006, reason: '', wasClean: false }));
  }
  send() {}
  close() {
    if (this.readyState !== 3) this.drop();
  }
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  room.up = true;
  room.opened = 0;
  sockets.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A client that only answers a fixed snapshot: the view's banners. */
function still(overrides: Partial<MeetingSnapshot>): MeetingClient {
  const media = stream();
  const snap: MeetingSnapshot = { status: 'live', reason: null, self: peer('me', 'Я'), local: { audio: true, video: true, screen: false }, peers: [], recording: null, connection: 'ok', ...overrides };
  return {
    snapshot: () => snap,
    subscribe: () => () => undefined,
    setMicrophone: () => true,
    setCamera: () => true,
    startScreenShare: async () => false,
    stopScreenShare: () => undefined,
    raiseHand: () => undefined,
    reconnect: () => undefined,
    leave: () => undefined,
    localVideo: () => media,
    stats: async () => [],
  };
}

const view = (client: MeetingClient) => render(<ConferenceView client={client} title="Лекция" subtitle="6 марта 2030" role="participant" onLeave={() => undefined} />);

describe('the conference connection banners (spec 002 §4.2)', () => {
  it('say «interrupted» and «failed» in Russian, not the spec’s English sentences (issue 41)', () => {
    const interrupted = view(still({ connection: 'interrupted' }));
    expect(screen.getByRole('status').textContent).toBe('Соединение прервано. Пытаемся переподключиться...');
    interrupted.unmount();
    const reconnecting = view(still({ status: 'reconnecting' }));
    expect(screen.getByRole('status').textContent).toBe(BANNER_INTERRUPTED);
    reconnecting.unmount();
    view(still({ connection: 'failed' }));
    expect(screen.getByRole('status').textContent).toBe('Ошибка соединения. Попробуйте заново войти в конференцию.');
    for (const text of [BANNER_INTERRUPTED, BANNER_FAILED, BANNER_LOST, RECONNECT_LABEL, RELOAD_LABEL]) expect(text).not.toMatch(/[A-Za-z]/);
    expect(document.body.textContent).not.toMatch(/Connection|reconnect|rejoining/i);
  });
});

describe('the room’s socket gives up after MAX_RECONNECTS tries (issue 41)', () => {
  it('stops saying «reconnecting» once its tries are spent, says so in Russian, and «Подключиться снова» tries again', async () => {
    vi.stubGlobal('WebSocket', RoomSocket);
    const client = connectMeeting({ url: async () => 'ws://room.test/ws/conferences/events/12/?token=t', stream: stream(), transport: noTransport });
    view(client);
    await flush(10);
    expect(client.snapshot().status).toBe('live');
    expect(room.opened).toBe(1);
    expect(screen.queryByRole('status')).toBeNull();

    // the room goes away: the socket drops and no try reaches it
    room.up = false;
    act(() => sockets.at(-1)!.drop());
    await flush(10);
    expect(client.snapshot().status).toBe('reconnecting');
    expect(screen.getByRole('status').textContent).toBe(BANNER_INTERRUPTED);

    // the tries back off to 8 s apart: ten minutes is more than all of them
    for (let i = 0; i < 120; i += 1) await flush(5000);
    expect(room.opened).toBe(1 + MAX_RECONNECTS);
    expect(client.snapshot().status).toBe('lost');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(BANNER_LOST)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: RELOAD_LABEL })).toBeTruthy();
    expect(screen.queryByText(BANNER_INTERRUPTED)).toBeNull();
    // nothing tries any more
    await flush(60_000);
    expect(room.opened).toBe(1 + MAX_RECONNECTS);

    // the room is back and the person asks again
    room.up = true;
    await act(async () => within(alert).getByRole('button', { name: RECONNECT_LABEL }).click());
    await flush(1000);
    expect(room.opened).toBe(2 + MAX_RECONNECTS);
    expect(client.snapshot().status).toBe('live');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    client.leave();
  });
});

describe('the join page when the room never answers (issue 41)', () => {
  it('shows the same words as its failure after all the tries, and «Повторить» tries the room again', async () => {
    const join = {
      content_type: 'events', object_id: 12, login: 'events-12', password: 'x', status: 'started', role: 'participant', join_token: 't',
      ws_path: '/ws/conferences/events/12/', ice_servers: [], topology: 'mesh', mesh_limit: 4, title: 'Лекция',
      starts_at: '2030-03-06T15:00:00.000Z', ends_at: '2030-03-06T16:00:00.000Z',
    };
    mockFetch([
      { path: /\/api\/events\/GetEvent/, body: { id: 12, title: 'Лекция', date: join.starts_at, mentor: 7 } },
      {
        path: /\/api\/conferences\/window/,
        body: { content_type: 'events', object_id: 12, role: 'participant', starts_at: join.starts_at, opens_at: '2030-03-06T14:30:00.000Z', closes_at: '2030-03-06T18:00:00.000Z', state: 'open', now: '2030-03-06T15:01:00.000Z' },
      },
      { path: /\/api\/conferences\/get/, body: join },
    ]);
    const media = stream();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => media, enumerateDevices: async () => [] } });
    vi.stubGlobal('WebSocket', RoomSocket);
    room.up = false;
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={{ id: 1, time_zone: 'Europe/Moscow' }} />);
    for (let i = 0; i < 12; i += 1) await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Проверка оборудования' });
    await act(async () => within(dialog).getByRole('button', { name: 'Продолжить' }).click());
    for (let i = 0; i < 120; i += 1) await flush(5000);
    expect(room.opened).toBe(1 + MAX_RECONNECTS);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(BANNER_LOST)).toBeTruthy();
    room.up = true;
    await act(async () => within(alert).getByRole('button', { name: 'Повторить' }).click());
    await flush(1000);
    expect(room.opened).toBe(2 + MAX_RECONNECTS);
    expect(screen.queryByText(BANNER_LOST)).toBeNull();
  });
});
