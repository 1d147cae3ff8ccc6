import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ConferenceView } from '../../web/features/conference/conference-view.tsx';
import type { MeetingClient, MeetingSnapshot } from '../../web/features/conference/meeting-client.ts';
import { RecordingControl } from '../../web/features/conference/recording-badge.tsx';
import { BookingStepConfirm } from '../../web/features/booking/booking-step-confirm.tsx';
import { EventPageScreen } from '../../web/features/events/event-page-screen.tsx';
import { RECORDING_TEXTS } from '../../web/lib/recordings/recording-texts.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { makeEventDetail } from './event-test-utils.ts';
import { makeUser } from './fixtures.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';
import { MeetingScreen } from '../../web/features/conference/meeting-screen.tsx';

/*
 * Recorded sessions, as people are told (issue 36, decision 019): before booking, on the event page, and in the room
 * («Идёт запись» for everyone while the room says a recording runs); «Смотреть запись» for an event's participant.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A meeting client whose snapshot the test sets. */
function fakeClient(initial: Partial<MeetingSnapshot> = {}) {
  let snapshot: MeetingSnapshot = {
    status: 'live',
    reason: null,
    self: { id: 'a', user_id: 1, name: 'Анна', avatar_url: null, role: 'host', audio: true, video: true, screen: false, hand: false },
    local: { audio: true, video: true, screen: false },
    peers: [],
    recording: null,
    connection: 'ok',
    ...initial,
  };
  const listeners = new Set<() => void>();
  const client = {
    snapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    localVideo: () => new MediaStream(),
  } as unknown as MeetingClient;
  const set = (patch: Partial<MeetingSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  return { client, set };
}

describe('in the room', () => {
  it('everyone sees «Идёт запись» while the room says a recording runs, and not after it finished', () => {
    const { client, set } = fakeClient();
    render(<ConferenceView client={client} title="Разбор резюме" subtitle="" role="participant" onLeave={() => undefined} />);
    expect(screen.queryByTestId('recording-badge')).toBeNull();
    act(() => set({ recording: { id: 5, started_at: '2030-03-06T15:00:00Z' } }));
    expect(screen.getByTestId('recording-badge').textContent).toBe(RECORDING_TEXTS.badge);
    act(() => set({ recording: null }));
    expect(screen.queryByTestId('recording-badge')).toBeNull();
  });

  it('the host’s control says what it will do and sits among the meeting’s controls', () => {
    const { client } = fakeClient();
    const toggle = vi.fn();
    render(
      <ConferenceView
        client={client}
        title="Разбор резюме"
        subtitle=""
        role="host"
        onLeave={() => undefined}
        recordingLocally
        recordingControl={<RecordingControl recording busy={false} onToggle={toggle} />}
      />,
    );
    // the host sees the badge from its own recorder before the room's word comes back
    expect(screen.getByTestId('recording-badge')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Управление встречей' });
    within(nav).getByRole('button', { name: 'Остановить запись' }).click();
    expect(toggle).toHaveBeenCalledTimes(1);
  });
});

describe('before booking', () => {
  const slot = { id: 11, start_time: '2030-03-06T15:00:00Z', end_time: '2030-03-06T16:00:00Z' } as never;
  const detail = (isRecorded: boolean) =>
    ({
      mentor: { id: 7, name: 'Анна', surname: 'Соколова', tg_title: null, avatar_url: null, time_zone: 'Europe/Moscow' },
      consultation_type: { id: 3, name: 'Разбор резюме', description: '', costs: 2500, duration_minutes: 60, is_recorded: isRecorded },
      slot,
    }) as never;
  const confirm = (isRecorded: boolean) => (
    <BookingStepConfirm loading={false} detail={detail(isRecorded)} failed={false} known={{}} slot={slot} timeZone="Europe/Moscow" questions="" onQuestionsChange={() => undefined} />
  );

  it('the booking dialog says a recorded consultation is recorded, who sees it and for how long', () => {
    const { rerender } = render(confirm(true));
    expect(screen.getByTestId('recording-notice').textContent).toBe('Консультация записывается. Запись видят только вы и наставник, она хранится 30 дней.');
    rerender(confirm(false));
    expect(screen.queryByTestId('recording-notice')).toBeNull();
  });
});

describe('the event page', () => {
  function mockApi(routes: Record<string, () => Response>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const handler = routes[new URL(String(input), 'http://localhost').pathname];
        return handler ? handler() : Response.json({ detail: 'not found', code: 'not_found' }, { status: 404 });
      }),
    );
  }
  const clientWith = (user: ReturnType<typeof makeUser> | null) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueries.me().queryKey, user);
    return queryClient;
  };
  const common = { '/api/event_reviews/GetEventReviews/': () => Response.json([]), '/api/events/load_more/': () => Response.json({ results: [], has_more: false }) };

  it('says a recorded event is recorded before anyone registers; an unrecorded one says nothing', async () => {
    mockApi({ ...common, '/api/events/GetEvent/': () => Response.json(makeEventDetail({ is_recorded: true })) });
    const { unmount } = renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    expect((await screen.findByTestId('recording-notice')).textContent).toBe(RECORDING_TEXTS.event);
    unmount();
    mockApi({ ...common, '/api/events/GetEvent/': () => Response.json(makeEventDetail({ is_recorded: false })) });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('recording-notice')).toBeNull();
  });

  it('a participant of a held event gets «Смотреть запись» leading to the recording’s page', async () => {
    mockApi({
      ...common,
      '/api/events/GetEvent/': () => Response.json(makeEventDetail({ status: 'past', is_recorded: true })),
      '/api/events/check_registration/': () => Response.json({ is_registered: true, status: 'confirmed' }),
      '/api/recordings': () => Response.json({ results: [{ id: 5, status: 'ready', title: 'Акварель', file_url: '/api/recordings/5/file/' }] }),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    const link = await screen.findByRole('link', { name: RECORDING_TEXTS.watch });
    expect(link.getAttribute('href')).toBe('/recording/5');
    // a past event no longer says it will be recorded
    expect(screen.queryByTestId('recording-notice')).toBeNull();
  });
});

describe('the join screen', () => {
  const join = (isRecorded: boolean) => ({
    content_type: 'consultationbooking',
    object_id: 12,
    login: 'consultationbooking-12',
    password: 'x',
    status: 'started',
    role: 'participant',
    join_token: 't',
    ws_path: '/ws/conferences/consultationbooking/12/',
    ice_servers: [],
    topology: 'mesh',
    mesh_limit: 4,
    title: 'Разбор резюме',
    starts_at: '2030-03-06T15:00:00.000Z',
    ends_at: '2030-03-06T16:00:00.000Z',
    is_recorded: isRecorded,
    recording: null,
  });
  const routes = (isRecorded: boolean) => [
    { path: /\/api\/consultation-bookings\/12\/detail/, body: { id: 12, slot: { start_time: '2030-03-06T15:00:00.000Z', consultation_type: { name: 'Разбор резюме', user: { id: 7 } } } } },
    {
      path: /\/api\/conferences\/window/,
      body: { content_type: 'consultationbooking', object_id: 12, role: 'participant', starts_at: '2030-03-06T15:00:00.000Z', opens_at: '2030-03-06T14:30:00.000Z', closes_at: '2030-03-06T18:00:00.000Z', state: 'open', now: '2030-03-06T15:01:00.000Z', is_recorded: isRecorded, recording: null },
    },
    { path: /\/api\/conferences\/get/, body: join(isRecorded) },
  ];

  it('the equipment check of a recorded meeting says so before anyone enters; an unrecorded one does not', async () => {
    mockFetch(routes(true));
    const { unmount } = renderWithRouter(<MeetingScreen target={{ contentType: 'consultationbooking', id: 12 }} viewer={{ id: 1, time_zone: 'Europe/Moscow' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Проверка оборудования' });
    expect(within(dialog).getByTestId('recording-notice').textContent).toBe(RECORDING_TEXTS.join);
    unmount();
    mockFetch(routes(false));
    renderWithRouter(<MeetingScreen target={{ contentType: 'consultationbooking', id: 12 }} viewer={{ id: 1, time_zone: 'Europe/Moscow' }} />);
    const plain = await screen.findByRole('dialog', { name: 'Проверка оборудования' });
    expect(within(plain).queryByTestId('recording-notice')).toBeNull();
  });
});
