import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { CONFERENCE_CLOSE } from '../../party/protocol/conference.ts';
import { JOIN_STEPS } from '../../web/features/conference/join-steps.ts';
import { MeetingScreen } from '../../web/features/conference/meeting-screen.tsx';
import { API_TIMEOUT_MS } from '../../web/lib/api-client.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { FakeSocket } from './fake-socket.ts';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const VIEWER = { id: 1, time_zone: 'Europe/Moscow' };
const event = (mentor: number) => ({ path: /\/api\/events\/GetEvent/, body: { id: 12, title: 'Лекция', date: '2030-03-06T15:00:00.000Z', mentor } }) satisfies MockRoute;
const notStarted: MockRoute = { path: /\/api\/conferences\/get/, status: 404, body: { detail: 'Конференция ещё не началась', code: 'conference_not_started' } };
const joinAnswer = {
  content_type: 'events',
  object_id: 12,
  login: 'events-12',
  password: 'x',
  status: 'started',
  role: 'host',
  join_token: 't',
  ws_path: '/ws/conferences/events/12/',
  ice_servers: [],
  topology: 'mesh',
  mesh_limit: 4,
  title: 'Лекция',
  starts_at: '2030-03-06T15:00:00.000Z',
  ends_at: '2030-03-06T16:00:00.000Z',
};

/** The room's window by the server's clock: open, a minute after the start (so waiting tries count). */
const openWindow: MockRoute = {
  path: /\/api\/conferences\/window/,
  body: { content_type: 'events', object_id: 12, role: 'participant', starts_at: joinAnswer.starts_at, opens_at: '2030-03-06T14:30:00.000Z', closes_at: '2030-03-06T18:00:00.000Z', state: 'open', now: '2030-03-06T15:01:00.000Z' },
};

const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the meeting join flow (spec 002 §4.1)', () => {
  it('a participant waits for the room, asking every 2 s, and stops after 30 tries with «Тайм-аут ожидания конференции»', async () => {
    const { calls } = mockFetch([event(7), openWindow, notStarted]);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByTestId('join-step').textContent).toBe(JOIN_STEPS['conference-polling'].text);
    expect(progress()).toBe(JOIN_STEPS['conference-polling'].progress);
    const asked = () => calls.filter((c) => c.url.includes('/api/conferences/get')).length;
    expect(asked()).toBe(1);
    await flush(2000);
    expect(asked()).toBe(2);
    for (let i = 0; i < 29; i += 1) await flush(2000);
    expect(asked()).toBe(31);
    await flush(0);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Тайм-аут ожидания конференции')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeTruthy();
    // a refusal does not pass on a retry: the way back to one's meetings is there too
    expect(within(alert).getByRole('link', { name: 'В календарь' }).getAttribute('href')).toBe('/CalendarPage');
    // nobody but the mentor may start the room
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the mentor starts the room, then the equipment check opens with Продолжить disabled until both devices are allowed', async () => {
    const { calls } = mockFetch([
      event(VIEWER.id),
      openWindow,
      { method: 'POST', path: /\/api\/conferences\/update-from-salute-jazz/, body: { content_type: 'events', object_id: 12, login: 'events-12', status: 'started', started_at: '2030-03-06T14:40:00.000Z' } },
      { path: /\/api\/conferences\/get/, body: joinAnswer },
    ]);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 12; i += 1) await flush(0);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ content_type: 'events', object_id: 12, status: 'started' });
    const dialog = screen.getByRole('dialog', { name: 'Проверка оборудования' });
    // this test browser has no camera: both are refused, Продолжить stays off, access can be asked again
    for (let i = 0; i < 4; i += 1) await flush(0);
    expect((within(dialog).getByRole('button', { name: 'Продолжить' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getAllByRole('button', { name: 'Разрешить доступ' })).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Закрыть' })).toBeNull();
  });

  it('says what is wrong with the spec message: no id, or the server refusing', async () => {
    mockFetch([event(7), { path: /\/api\/conferences\/(get|window)/, status: 403, body: { detail: 'Вы не зарегистрированы на это мероприятие', code: 'not_registered' } }]);
    const { unmount } = renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: null }} viewer={VIEWER} />);
    for (let i = 0; i < 4; i += 1) await flush(0);
    expect(screen.getByRole('alert').textContent).toContain('Не указан ID мероприятия или бронирования');
    unmount();
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByRole('alert').textContent).toContain('Вы не зарегистрированы на это мероприятие');
  });

  it('«Не удалось проверить роль пользователя» when the meeting names no leader to compare with (spec 002 §8)', async () => {
    const { calls } = mockFetch([{ path: /\/api\/events\/GetEvent/, body: { id: 12, title: 'Лекция', date: '2030-03-06T15:00:00.000Z', mentor: null } }, openWindow]);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByRole('alert').textContent).toContain('Не удалось проверить роль пользователя');
    expect(calls.some((c) => c.url.includes('/api/conferences/'))).toBe(false);
  });

  it('«Ошибка при проверке регистрации» when the registration check gets no answer: 15 s of silence or a server error (issue 41)', async () => {
    // the participant's check (GET /conferences/get/) never answers
    mockFetch([event(7), openWindow, { path: /\/api\/conferences\/get/, wait: new Promise(() => {}) }]);
    const { unmount } = renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByText(JOIN_STEPS['registration-check'].text)).toBeTruthy();
    await flush(API_TIMEOUT_MS);
    expect(screen.getByRole('alert').textContent).toContain('Ошибка при проверке регистрации');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    unmount();

    mockFetch([event(7), openWindow, { path: /\/api\/conferences\/get/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByRole('alert').textContent).toContain('Ошибка при проверке регистрации');
  });

  it('days before, says when the room opens with a countdown by the server’s clock, then moves on by itself (issue 35)', async () => {
    // the server's clock: 65 s before the window (the device's own clock is years off)
    const before: MockRoute = { ...openWindow, body: { ...openWindow.body as object, state: 'before', now: '2030-03-06T14:28:55.000Z' } };
    const routes: MockRoute[] = [event(7), before, notStarted];
    const { calls } = mockFetch(routes);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByTestId('room-opens').textContent).toBe('Комната откроется за 30 минут до начала, 6 марта в 17:30');
    expect(screen.getByTestId('room-countdown').textContent).toBe('01:05');
    for (let i = 0; i < 5; i += 1) await flush(1000);
    expect(screen.getByTestId('room-countdown').textContent).toBe('01:00');
    const asked = () => calls.filter((c) => c.url.includes('/api/conferences/get')).length;
    expect(asked()).toBe(0);
    await flush(60_000);
    for (let i = 0; i < 4; i += 1) await flush(0);
    // open: the participant asks for the room, and waits for the mentor without a limit while the start is ahead,
    // asking every 10 s until then (not every 2 s: a whole half hour of that would be 900 asks a person)
    expect(asked()).toBe(1);
    expect(screen.getByTestId('join-step').textContent).toBe(JOIN_STEPS['conference-polling'].text);
    for (let i = 0; i < 40; i += 1) await flush(10_000);
    expect(asked()).toBe(41);
    expect(screen.queryByRole('alert')).toBeNull();
    // the mentor opens the room: the equipment check
    routes.unshift({ path: /\/api\/conferences\/get/, body: { ...joinAnswer, role: 'participant' } });
    await flush(10_000);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByRole('dialog', { name: 'Проверка оборудования' })).toBeTruthy();
  });

  it('the mentor before the window sees the countdown and the room is started when it opens, not before', async () => {
    const before: MockRoute = { ...openWindow, body: { ...openWindow.body as object, role: 'host', state: 'before', now: '2030-03-06T14:29:50.000Z' } };
    const { calls } = mockFetch([
      event(VIEWER.id),
      before,
      { method: 'POST', path: /\/api\/conferences\/update-from-salute-jazz/, body: { content_type: 'events', object_id: 12, login: 'events-12', status: 'started', started_at: '2030-03-06T14:30:00.000Z' } },
      { path: /\/api\/conferences\/get/, body: joinAnswer },
    ]);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 8; i += 1) await flush(0);
    expect(screen.getByTestId('room-countdown').textContent).toBe('00:10');
    await flush(9000);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await flush(1000);
    for (let i = 0; i < 12; i += 1) await flush(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Проверка оборудования' })).toBeTruthy();
  });

  it('a participant beyond the room’s places reads why, in full, instead of the room’s short close reason', async () => {
    mockFetch([event(7), openWindow, { path: /\/api\/conferences\/get/, body: { ...joinAnswer, role: 'participant', max_peers: 4 } }]);
    // a camera and a microphone that say yes
    const track = (kind: 'audio' | 'video') => ({ kind, id: kind, enabled: true, stop: () => undefined, addEventListener: () => undefined }) as unknown as MediaStreamTrack;
    const tracks = [track('audio'), track('video')];
    // happy-dom's own MediaStream (the preview's srcObject takes nothing else), answering with these tracks
    const stream = Object.assign(new MediaStream(), { getTracks: () => tracks, getAudioTracks: () => [tracks[0]], getVideoTracks: () => [tracks[1]] });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => stream, enumerateDevices: async () => [] } });
    // the room: full, as it closes the socket of a participant when the others' places are taken
    const opened: string[] = [];
    class FullRoomSocket extends FakeSocket {
      constructor(url: string) {
        super(url);
        opened.push(url);
        setTimeout(() => {
          this.readyState = 3;
          this.dispatchEvent(Object.assign(new Event('close'), { code: CONFERENCE_CLOSE.full, reason: 'В комнате уже 4 участника, мест нет', wasClean: true }));
        }, 0);
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('WebSocket', FullRoomSocket);
    renderWithRouter(<MeetingScreen target={{ contentType: 'events', id: 12 }} viewer={VIEWER} />);
    for (let i = 0; i < 12; i += 1) await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Проверка оборудования' });
    const go = within(dialog).getByRole('button', { name: 'Продолжить' }) as HTMLButtonElement;
    expect(go.disabled).toBe(false);
    await act(async () => go.click());
    for (let i = 0; i < 12; i += 1) await flush(10);
    expect(opened).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Не удалось войти в комнату' })).toBeTruthy();
    // spec 002 §8: «Ошибка подключения к конференции: {reason}», the reason in the page's own words (issue 41)
    expect(
      screen.getByText(
        'Ошибка подключения к конференции: Все места для участников заняты. Встреча идёт без видеосервера: в ней помещаются ведущий и 3 участника. Войдите снова, когда кто-нибудь выйдет, или напишите ведущему.',
      ),
    ).toBeTruthy();
    // refused: no knocking again
    await flush(10_000);
    expect(opened).toHaveLength(1);
  });
});
