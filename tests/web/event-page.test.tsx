import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { eventAction, formatParticipants, formatSeatsLeft, pluralRu, seatsLeft } from '../../web/features/events/event-rules.ts';
import { COPY_CONFIRM_MS, ShareLink } from '../../web/components/share-link.tsx';
import { EventPageScreen } from '../../web/features/events/event-page-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { makeUser } from './fixtures.ts';
import { makeEventDetail } from './event-test-utils.ts';
import type { EventLine, EventListPage, EventReview, RegisterResult, RegistrationCheck } from '../../web/features/events/events.api.ts';

const noReviews: EventReview[] = [];
const emptyPage: EventListPage = { results: [], has_more: false };
const notRegistered: RegistrationCheck = { is_registered: false, status: null };

describe('event button by viewer (spec 000 §4)', () => {
  const base = { mentorId: 10, isRegistered: false, seatsLeft: 5, status: 'live' as const };
  it('visitor: Войдите для участия, enabled', () => {
    expect(eventAction({ ...base, viewerId: null })).toEqual({ kind: 'login', label: 'Войдите для участия', disabled: false });
  });
  it('a canceled or past event is not offered to a visitor to sign in for', () => {
    expect(eventAction({ ...base, viewerId: null, status: 'canceled' })).toEqual({ kind: 'canceled', label: 'Мероприятие отменено', disabled: true });
    expect(eventAction({ ...base, viewerId: null, status: 'past' })).toEqual({ kind: 'finished', label: 'Мероприятие завершено', disabled: true });
  });
  it("the event's mentor: Ваше мероприятие, disabled", () => {
    expect(eventAction({ ...base, viewerId: 10 })).toEqual({ kind: 'own', label: 'Ваше мероприятие', disabled: true });
  });
  // decision 023: a full event offers its line instead of a dead «Мест нет»
  it('no seats left: Встать в лист ожидания; in line: Вы в листе ожидания; a seat offered: Занять место', () => {
    expect(eventAction({ ...base, viewerId: 1, seatsLeft: 0 })).toEqual({ kind: 'waitlist', label: 'Встать в лист ожидания', disabled: false });
    expect(eventAction({ ...base, viewerId: 1, seatsLeft: 0, place: 'waiting' })).toEqual({ kind: 'waiting', label: 'Вы в листе ожидания', disabled: true });
    expect(eventAction({ ...base, viewerId: 1, seatsLeft: 0, isRegistered: true, place: 'offered' })).toEqual({ kind: 'accept', label: 'Занять место', disabled: false });
    expect(eventAction({ ...base, viewerId: 1, seatsLeft: 0, status: 'canceled', place: 'waiting' })).toMatchObject({ kind: 'canceled' });
  });
  it('already registered: Вы зарегистрированы, disabled', () => {
    expect(eventAction({ ...base, viewerId: 1, isRegistered: true })).toEqual({ kind: 'registered', label: 'Вы зарегистрированы', disabled: true });
  });
  it('otherwise: Участвовать, enabled (also with unlimited seats)', () => {
    expect(eventAction({ ...base, viewerId: 1 })).toEqual({ kind: 'participate', label: 'Участвовать', disabled: false });
    expect(eventAction({ ...base, viewerId: 1, seatsLeft: null })).toEqual({ kind: 'participate', label: 'Участвовать', disabled: false });
  });
});

describe('seats', () => {
  it('uses the Russian plural forms', () => {
    expect(formatSeatsLeft(1)).toBe('Свободно 1 место');
    expect(formatSeatsLeft(3)).toBe('Свободно 3 места');
    expect(formatSeatsLeft(5)).toBe('Свободно 5 мест');
    expect(formatSeatsLeft(11)).toBe('Свободно 11 мест');
    expect(formatSeatsLeft(21)).toBe('Свободно 21 место');
    expect(formatSeatsLeft(22)).toBe('Свободно 22 места');
    expect(formatSeatsLeft(112)).toBe('Свободно 112 мест');
    expect(formatSeatsLeft(null)).toBe('Без ограничений');
    expect(formatSeatsLeft(0)).toBe('Мест нет');
    expect(pluralRu(14, ['место', 'места', 'мест'])).toBe('мест');
  });
  it('counts from available_spots, else total minus registrations; null total is unlimited', () => {
    expect(seatsLeft({ total_spots: 20, available_spots: 4 }, 3)).toBe(4);
    expect(seatsLeft({ total_spots: 20, available_spots: null }, 20)).toBe(0);
    expect(seatsLeft({ total_spots: null, available_spots: null }, 3)).toBeNull();
  });
  it('a limit of 0 is «Без ограничений» as the API sends it (total_spots 0, available_spots null), never «Мест нет» (issue 35 item 1)', () => {
    expect(seatsLeft({ total_spots: 0, available_spots: null }, 7)).toBeNull();
    expect(formatSeatsLeft(seatsLeft({ total_spots: 0, available_spots: null }, 7))).toBe('Без ограничений');
    expect(formatParticipants(7, 0)).toBe('7 уже участвуют');
    // an event that is over says who took part, not who «уже участвуют»
    expect(formatParticipants(25, 25, true)).toBe('25/25 участвовали');
    expect(formatParticipants(7, 0, true)).toBe('7 участвовали');
  });
});

describe('share link', () => {
  afterEach(() => vi.useRealTimers());

  it('falls back to a hidden textarea + execCommand when the clipboard fails, and says so for 2 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    const exec = vi.fn().mockReturnValue(true);
    (document as unknown as { execCommand: typeof exec }).execCommand = exec;

    render(<ShareLink url="https://forma.example/event_info/7/" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Скопировать ссылку' }));
    });
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    expect(screen.getByText('Скопировано')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(COPY_CONFIRM_MS));
    expect(screen.getByText('Копировать')).toBeTruthy();
  });

  it('uses the async clipboard when it works', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<ShareLink url="https://forma.example/event_info/7/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Скопировать ссылку' }));
    await screen.findByText('Скопировано');
    expect(writeText).toHaveBeenCalledWith('https://forma.example/event_info/7/');
  });
});

const detail = makeEventDetail({ description: '<p>Рисуем <strong>вместе</strong></p>' });

function mockApi(routes: Record<string, (url: URL, init?: RequestInit) => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    const handler = routes[path];
    if (!handler) return Response.json({ detail: 'not found', code: 'not_found' }, { status: 404 });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function clientWith(user: ReturnType<typeof makeUser> | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
  return queryClient;
}

describe('event page', () => {
  const common = {
    '/api/events/GetEvent/': () => Response.json(detail),
    '/api/event_reviews/GetEventReviews/': () => Response.json(noReviews),
    '/api/events/load_more/': () => Response.json(emptyPage),
  };

  it('shows the event to a visitor with the login button', async () => {
    mockApi(common);
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Акварель для начинающих' })).toBeTruthy();
    expect(screen.getByText(/^5 марта 2027 \d\d:30$/)).toBeTruthy();
    expect(screen.getByText('15/20 уже участвуют')).toBeTruthy();
    expect(screen.getAllByText('Свободно 5 мест').length).toBeGreaterThan(0);
    expect(screen.getAllByText('1 500 ₽').length).toBeGreaterThan(0);
    expect(screen.getByTestId('event-description').innerHTML).toContain('<strong>вместе</strong>');
    expect(screen.getByText('В эфире (прямо сейчас или скоро начнётся)')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Войдите для участия' })[0]!.hasAttribute('disabled')).toBe(false);
    // no reviews: no reviews block
    expect(screen.queryByText('Отзывы')).toBeNull();
  });

  it('registers a signed-in user for a free event at once', async () => {
    const fetchMock = mockApi({
      ...common,
      '/api/events/GetEvent/': () => Response.json({ ...detail, price: 0 }),
      '/api/events/check_registration/': () => Response.json(notRegistered),
      '/api/events/register_for_event/': () => Response.json({ id: 1, event_id: 7, status: 'confirmed', hold_expires_at: null } satisfies RegisterResult, { status: 201 }),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    const [button] = await screen.findAllByRole('button', { name: 'Участвовать' });
    await waitFor(() => expect(button!.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button!);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('register_for_event'))).toBe(true));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('register_for_event'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ event_id: 7, user_id: 2 });
  });

  it('lets a signed-in person join an event without a seat limit (issue 35 item 1)', async () => {
    mockApi({
      ...common,
      '/api/events/GetEvent/': () => Response.json({ ...detail, total_spots: 0, available_spots: null, registrations_count: 7 }),
      '/api/events/check_registration/': () => Response.json(notRegistered),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    const [button] = await screen.findAllByRole('button', { name: 'Участвовать' });
    await waitFor(() => expect(button!.hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('7 уже участвуют')).toBeTruthy();
    expect(screen.getAllByText('Без ограничений').length).toBeGreaterThan(0);
    expect(screen.queryByText('Мест нет')).toBeNull();
  });

  it('a past event offers no free seats and no refund terms; a free one no refund terms (issue 35 item 15)', async () => {
    mockApi({ ...common, '/api/events/GetEvent/': () => Response.json({ ...detail, status: 'past', available_spots: 7 }) });
    const { unmount } = renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    await screen.findByRole('heading', { level: 1, name: 'Акварель для начинающих' });
    expect(screen.queryByText(/Свободно/)).toBeNull();
    expect(screen.getAllByText('Мероприятие завершено').length).toBeGreaterThan(0);
    expect(screen.queryByText('Условия отмены')).toBeNull();
    expect(screen.getByText(/участвовали$/)).toBeTruthy();
    expect(screen.queryByText(/уже участвуют/)).toBeNull();
    unmount();

    mockApi({ ...common, '/api/events/GetEvent/': () => Response.json({ ...detail, status: 'upcoming', price: 0 }) });
    const free = renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    await screen.findByRole('heading', { level: 1, name: 'Акварель для начинающих' });
    expect(screen.queryByText('Условия отмены')).toBeNull();
    // an event days ahead is not «в эфире» (issue 35 item 11)
    expect(screen.queryByText('В эфире (прямо сейчас или скоро начнётся)')).toBeNull();
    free.unmount();

    mockApi(common);
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    await screen.findByRole('heading', { level: 1, name: 'Акварель для начинающих' });
    expect(screen.getByText('Условия отмены')).toBeTruthy();
  });

  // issue 35, item 17: anyone signed in was offered «Добавить отзыв» on a past event, and the server then refused
  it('offers «Добавить отзыв» only to whom the server would take it from, and tells the others why', async () => {
    const review: EventReview = {
      id: 1, review_text: 'Было полезно', review_stars: 5, review_date: '2026-11-20', author_name: 'Олег Орлов', author_avatar: null, created_at: '2026-11-20T10:00:00Z', event_id: 7,
    };
    const past = { ...common, '/api/events/GetEvent/': () => Response.json({ ...detail, status: 'past' }), '/api/events/check_registration/': () => Response.json(notRegistered) };
    const refusal = { can_review: false, reason: 'not_participant', detail: 'Отзыв могут оставить только участники этого мероприятия' };
    const fetchMock = mockApi({ ...past, '/api/event_reviews/GetEventReviews/': () => Response.json([review]), '/api/event_reviews/can-review/': () => Response.json(refusal) });
    const outsider = renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    expect(await screen.findByText('Отзыв могут оставить только участники этого мероприятия.')).toBeTruthy();
    expect(screen.getByText('Было полезно')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить отзыв' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/event_reviews/can-review/?event_id=7'))).toBe(true);
    outsider.unmount();

    mockApi({ ...past, '/api/event_reviews/can-review/': () => Response.json({ can_review: true, reason: null, detail: null }) });
    const participant = renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 3 })) });
    expect(await screen.findByRole('button', { name: 'Добавить отзыв' })).toBeTruthy();
    expect(screen.queryByText(/Отзыв могут оставить/)).toBeNull();
    participant.unmount();

    // no reviews and nothing to add: no section, and an upcoming event asks nothing
    const quiet = mockApi({ ...common, '/api/events/GetEvent/': () => Response.json({ ...detail, status: 'upcoming' }), '/api/events/check_registration/': () => Response.json(notRegistered) });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 4 })) });
    await screen.findByRole('heading', { level: 1, name: 'Акварель для начинающих' });
    expect(screen.queryByText('Отзывы')).toBeNull();
    expect(quiet.mock.calls.some(([input]) => String(input).includes('can-review'))).toBe(false);
  });

  // issue 35: a past event on a phone said «Мероприятие завершено» in the seats line and on the button
  it('a past event says «Мероприятие завершено» once, on the button', async () => {
    mockApi({ ...common, '/api/events/GetEvent/': () => Response.json({ ...detail, status: 'past' }) });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(null) });
    const bar = await screen.findByTestId('event-mobile-bar');
    await within(bar).findByRole('button', { name: 'Мероприятие завершено' });
    expect(within(bar).getAllByText('Мероприятие завершено')).toHaveLength(1);
    expect(screen.queryByTestId('event-seats')).toBeNull();
    expect(within(bar).getByText('1 500 ₽')).toBeTruthy();
  });

  it('shows a friendly state for a missing event', async () => {
    mockApi({ '/api/events/GetEvent/': () => Response.json({ detail: 'Мероприятие не найдено', code: 'not_found' }, { status: 404 }) });
    renderWithRouter(<EventPageScreen eventId={999} />, { queryClient: clientWith(null) });
    expect(await screen.findByText('Мероприятие не найдено')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все мероприятия' })).toBeTruthy();
  });
});

// issue 38 §3, decision 023: the line of a full event on its page
describe('event page: the line of a full event', () => {
  const full = makeEventDetail({ available_spots: 0, registrations_count: 20 });
  const common = {
    '/api/events/GetEvent/': () => Response.json(full),
    '/api/event_reviews/GetEventReviews/': () => Response.json(noReviews),
    '/api/events/load_more/': () => Response.json(emptyPage),
  };
  const lineOf = (overrides: Partial<EventLine> = {}): EventLine => ({ waiting: 3, offered: 0, paid: true, mine: null, people: null, ...overrides });
  const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.find(([input]) => String(input).includes(path));

  it('offers «Встать в лист ожидания» and says how long the line is; joining posts the event', async () => {
    const fetchMock = mockApi({
      ...common,
      '/api/events/check_registration/': () => Response.json(notRegistered),
      '/api/events/waitlist/': () => Response.json(lineOf()),
      '/api/events/waitlist/join/': () => Response.json({ status: 'waiting' }, { status: 201 }),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    const [button] = await screen.findAllByRole('button', { name: 'Встать в лист ожидания' });
    expect(screen.getAllByText('Мест нет · ждут 3').length).toBeGreaterThan(0);
    await waitFor(() => expect(button!.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button!);
    await waitFor(() => expect(posted(fetchMock, 'waitlist/join')).toBeTruthy());
    expect(JSON.parse(String(posted(fetchMock, 'waitlist/join')![1]!.body))).toEqual({ event_id: 7 });
  });

  it('shows a person in line their place and lets them leave', async () => {
    const fetchMock = mockApi({
      ...common,
      '/api/events/check_registration/': () => Response.json(notRegistered),
      '/api/events/waitlist/': () => Response.json(lineOf({ mine: { status: 'waiting', position: 2, offer_expires_at: null } })),
      '/api/events/waitlist/leave/': () => Response.json({ detail: 'Вы вышли из листа ожидания' }),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    expect(await screen.findByText('Вы в листе ожидания: 2-й в очереди.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Вы в листе ожидания' })[0]!.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Выйти из очереди' }));
    await waitFor(() => expect(posted(fetchMock, 'waitlist/leave')).toBeTruthy());
  });

  it('a free seat offered: «Занять место» takes it before the deadline shown', async () => {
    const fetchMock = mockApi({
      ...common,
      '/api/events/GetEvent/': () => Response.json({ ...full, price: 0 }),
      '/api/events/check_registration/': () => Response.json({ is_registered: true, status: 'pending_payment' } satisfies RegistrationCheck),
      '/api/events/waitlist/': () => Response.json(lineOf({ paid: false, mine: { status: 'offered', position: null, offer_expires_at: '2027-03-05T13:30:00.000Z' } })),
      '/api/events/waitlist/accept/': () => Response.json({ detail: 'Место ваше', status: 'confirmed' }),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2, time_zone: 'Europe/Moscow' })) });
    expect(await screen.findByText('Для вас освободилось место.')).toBeTruthy();
    expect(screen.getByTestId('waitlist-card').textContent).toContain('до 5 марта 2027 16:30: подтвердите участие');
    const [button] = await screen.findAllByRole('button', { name: 'Занять место' });
    fireEvent.click(button!);
    await waitFor(() => expect(posted(fetchMock, 'waitlist/accept')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Отказаться от места' })).toBeTruthy();
  });

  it('a paid seat offered is paid like any held seat: «Оплатить место»', async () => {
    mockApi({
      ...common,
      '/api/events/check_registration/': () => Response.json({ is_registered: true, status: 'pending_payment' } satisfies RegistrationCheck),
      '/api/events/waitlist/': () => Response.json(lineOf({ mine: { status: 'offered', position: null, offer_expires_at: '2027-03-05T13:30:00.000Z' } })),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 2 })) });
    expect((await screen.findAllByRole('button', { name: 'Оплатить место' })).length).toBeGreaterThan(0);
    expect(screen.getByTestId('waitlist-card').textContent).toContain('оплатите участие');
  });

  it("shows the event's mentor who waits, in order, and whose seat is on offer", async () => {
    mockApi({
      ...common,
      '/api/events/waitlist/': () =>
        Response.json(
          lineOf({
            waiting: 2,
            offered: 1,
            people: [
              { user_id: 5, name: 'Ольга Петрова', status: 'offered', position: null, offer_expires_at: '2027-03-05T13:30:00.000Z' },
              { user_id: 6, name: 'Иван Соколов', status: 'waiting', position: 1, offer_expires_at: null },
              { user_id: 7, name: 'Мария Лебедева', status: 'waiting', position: 2, offer_expires_at: null },
            ],
          }),
        ),
    });
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: clientWith(makeUser({ id: 10, user_role: 'mentor', time_zone: 'Europe/Moscow' })) });
    expect(await screen.findByRole('heading', { name: 'Лист ожидания' })).toBeTruthy();
    const card = screen.getByTestId('waitlist-card');
    expect(card.textContent).toContain('Ждут места: 2 человека, место предложено: 1 человек.');
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ольга Петроваместо предложено до 5 марта 2027 16:30',
      '1. Иван Соколовждёт',
      '2. Мария Лебедеваждёт',
    ]);
  });
});
