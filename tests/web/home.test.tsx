import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { HomeScreen } from '../../web/features/home/home-screen.tsx';
import { comingWeek, countdownText, scheduleSessions, scheduleWindow } from '../../web/features/home/home-sessions.ts';
import type { Schedule } from '../../web/features/home/home.api.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentor, mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { booking, person, scheduleEvent, schedule as scheduleFixture } from './schedule-fixtures.ts';

// Wednesday 6 March 2030, 12:00 in Moscow.
const NOW = new Date('2030-03-06T09:00:00Z');
const ZONE = 'Europe/Moscow';
const VIEWER = { id: 1, mentor_name: 'Мария', time_zone: ZONE };
const ROOM_A = '0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a01';
const ROOM_B = '0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a02';
const ROOM_READ = '0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a03';

const schedule = (parts: Partial<Schedule> = {}): Schedule => scheduleFixture(ZONE, NOW, parts);

function room(roomId: string, name: string, unreadCount: number, content: string, timestamp = '2030-03-06T08:30:00Z') {
  return {
    roomId,
    roomName: name,
    avatar: null,
    users: [],
    lastMessage: { id: 1, content, senderId: 7, username: name, timestamp },
    unreadCount,
    otherLastReadMessageId: null,
  };
}

const mentorsRoute = (): MockRoute => ({
  path: /\/api\/users\?/,
  body: { results: [makeMentor({ id: 7 }), makeMentor({ id: 8, mentor_name: 'Борис', mentor_surname: 'Ким' }), makeMentor({ id: 9, mentor_name: 'Вера', mentor_surname: 'Лис' })], has_more: true, count: 40 },
});
const eventsRoute = (): MockRoute => ({
  path: /\/api\/events\?/,
  body: {
    results: [
      { id: 31, title: 'Акварель с нуля', date: '2030-03-10T15:00:00Z', price: 0, image_url: null, mentor_info: person(7, 'Анна', 'Соколова') },
      { id: 32, title: 'Гитара для начинающих', date: '2030-03-12T15:00:00Z', price: 1500, image_url: null, mentor_info: person(8, 'Борис', 'Ким') },
    ],
    has_more: true,
  },
});

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Moves the clock on, then lets the page's clocks tick once (the slower one ticks every 30 s). */
async function advanceClock(ms: number) {
  vi.setSystemTime(Date.now() + ms);
  await flush(30_000);
}

async function renderHome(viewer: typeof VIEWER | null) {
  const result = renderWithRouter(<HomeScreen viewer={viewer} />, { path: '/Home' });
  await flush(0);
  await flush(0);
  await flush(0);
  return result;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the schedule as home sessions', () => {
  it('merges the four lists in start order and skips cancelled items', () => {
    const sessions = scheduleSessions(
      schedule({
        mentor_events: [scheduleEvent(2, '2030-03-07T10:00:00Z', { mentor: person(1, 'Мария', 'Иванова'), registration_status: null })],
        registered_events: [scheduleEvent(3, '2030-03-06T16:00:00Z'), scheduleEvent(4, '2030-03-06T17:00:00Z', { is_canceled: true })],
        booked_by_user: [booking(5, '2030-03-06T11:15:00Z'), booking(6, '2030-03-06T12:15:00Z', { status: 'canceled' })],
        booked_for_mentor: [booking(8, '2030-03-08T06:00:00Z', { booked_by: person(20, 'Иван', 'Петров') })],
      }),
    );
    expect(sessions.map((s) => s.key)).toEqual(['booking:5', 'event:3', 'event:2', 'booking:8']);
    expect(sessions[3]).toMatchObject({ isHost: true, counterpartRole: 'mentee', counterpart: { name: 'Иван Петров' } });
    expect(sessions[2]).toMatchObject({ isHost: true, counterpart: null });
  });

  it('counts down in hours and minutes, then says «Идёт сейчас»', () => {
    const session = { start: '2030-03-06T11:15:00Z', end: '2030-03-06T12:15:00Z' };
    const now = NOW.getTime();
    expect(countdownText(session, now)).toBe('Через 2 ч 15 мин');
    expect(countdownText(session, Date.parse('2030-03-06T10:15:00Z'))).toBe('Через 1 ч');
    expect(countdownText(session, Date.parse('2030-03-06T11:14:30Z'))).toBe('Через 1 мин');
    expect(countdownText(session, Date.parse('2030-03-06T11:15:00Z'))).toBe('Идёт сейчас');
    expect(countdownText({ start: '2030-03-08T12:00:00Z', end: '2030-03-08T13:00:00Z' }, now)).toBe('Через 2 дня 3 ч');
  });

  it('asks for the days from today in the viewer zone', () => {
    // 23:30 on the 5th in UTC is already the 6th in Moscow
    expect(scheduleWindow(Date.parse('2030-03-05T23:30:00Z'), ZONE, 31)).toEqual({ startDate: '2030-03-06', endDate: '2030-04-05' });
  });

  it('groups the next 7 days by day in the viewer zone and leaves out what is over or later', () => {
    const sessions = scheduleSessions(
      schedule({
        registered_events: [
          scheduleEvent(1, '2030-03-06T05:00:00Z'), // 08:00–09:30, over
          scheduleEvent(2, '2030-03-06T16:00:00Z'),
          scheduleEvent(3, '2030-03-06T21:30:00Z'), // 00:30 on the 7th in Moscow
          scheduleEvent(4, '2030-03-12T18:00:00Z'), // Tuesday, the 7th day
          scheduleEvent(5, '2030-03-13T07:00:00Z'), // the 8th day
        ],
        booked_by_user: [booking(6, '2030-03-06T11:15:00Z', { status: 'finished' })],
      }),
    );
    const days = comingWeek(sessions, NOW.getTime(), ZONE);
    expect(days.map((d) => [d.label, d.sessions.map((s) => s.id)])).toEqual([
      ['Сегодня, 6 марта', [2]],
      ['Завтра, 7 марта', [3]],
      ['Вторник, 12 марта', [4]],
    ]);
  });
});

describe('/Home for a visitor', () => {
  it('explains the product and links to the catalogues and to sign-in, with recommended mentors and events', async () => {
    const { calls } = mockFetch([mentorsRoute(), eventsRoute()]);
    await renderHome(null);

    expect(screen.getByRole('heading', { level: 1, name: 'Учитесь у практиков — один на один и в группе' })).toBeTruthy();
    for (const title of ['Консультации один на один', 'Групповые мероприятия', 'Видеовстречи прямо на платформе']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    const steps = screen.getByRole('heading', { name: 'Как это работает' }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);

    expect(screen.getByRole('link', { name: 'Найти наставника' }).getAttribute('href')).toBe('/AllMentors');
    expect(screen.getByRole('link', { name: 'Смотреть мероприятия' }).getAttribute('href')).toBe('/AllEvents');
    // both «Войти» (the hero's and the closing block's) and «Зарегистрироваться» come back to /Home (issue 35)
    const signIns = screen.getAllByRole('link', { name: 'Войти' }).map((link) => link.getAttribute('href'));
    expect(signIns).toEqual(['/login?redirect=%2FHome', '/login?redirect=%2FHome']);
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' }).getAttribute('href')).toBe('/register?redirect=%2FHome');

    const mentors = screen.getByRole('list', { name: 'Рекомендуемые наставники' });
    expect(within(mentors).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Анна Соколова', 'Борис Ким', 'Вера Лис']);
    const events = screen.getByRole('list', { name: 'Ближайшие мероприятия' });
    expect(within(events).getByRole('link', { name: 'Акварель с нуля' }).getAttribute('href')).toBe('/event_info/31');

    // a visitor's home asks for no personal data
    expect(calls.some((call) => /schedule|chats/.test(call.url))).toBe(false);
    const mentorQuery = new URL(calls.find((call) => call.url.includes('/api/users'))!.url, 'http://localhost').searchParams;
    expect(mentorQuery.get('sort')).toBe('rating');
    const eventQuery = new URL(calls.find((call) => call.url.includes('/api/events'))!.url, 'http://localhost').searchParams;
    expect([eventQuery.get('sort'), eventQuery.get('show_past')]).toEqual(['oldest', 'false']);
  });
});

describe('/Home for a signed-in user', () => {
  function routes(body: Schedule, rooms: unknown[] = []): MockRoute[] {
    return [{ path: /\/api\/calendars\/schedule/, body }, { path: /\/api\/chats\/?$/, body: rooms }, mentorsRoute(), eventsRoute()];
  }

  it('shows the next session with its join link and a live countdown', async () => {
    const { calls } = mockFetch(
      routes(
        schedule({
          booked_by_user: [booking(5, '2030-03-06T11:15:00Z')],
          registered_events: [scheduleEvent(9, '2030-03-07T15:00:00Z')],
        }),
      ),
    );
    await renderHome(VIEWER);

    expect(screen.getByRole('heading', { level: 1, name: 'Добрый день, Мария!' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Ближайшая встреча' });
    expect(within(card).getByText('Разбор резюме')).toBeTruthy();
    expect(within(card).getByText('Сегодня, 14:15–15:15')).toBeTruthy();
    expect(within(card).getByText('Анна Соколова')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Подключиться: Разбор резюме' }).getAttribute('href')).toBe('/booking-conference/5');
    expect(within(card).getByTestId('next-session-countdown').textContent).toBe('Через 2 ч 15 мин');

    await advanceClock(60 * 60_000);
    expect(within(card).getByTestId('next-session-countdown').textContent).toBe('Через 1 ч 15 мин');
    await advanceClock(75 * 60_000);
    expect(within(card).getByTestId('next-session-countdown').textContent).toBe('Идёт сейчас');

    const query = new URL(calls.find((call) => call.url.includes('/calendars/schedule'))!.url, 'http://localhost').searchParams;
    expect([query.get('start_date'), query.get('end_date')]).toEqual(['2030-03-06', '2030-04-05']);
  });

  it('joins an event through /event-conference/{id} and moves on when a session is over', async () => {
    mockFetch(
      routes(
        schedule({
          registered_events: [scheduleEvent(9, '2030-03-06T08:00:00Z'), scheduleEvent(12, '2030-03-07T15:00:00Z')],
        }),
      ),
    );
    await renderHome(VIEWER);
    let card = screen.getByRole('article', { name: 'Ближайшая встреча' });
    expect(within(card).getByTestId('next-session-countdown').textContent).toBe('Идёт сейчас');
    expect(within(card).getByRole('link', { name: 'Подключиться: Мероприятие 9' }).getAttribute('href')).toBe('/event-conference/9');
    expect(within(card).getByRole('link', { name: 'Мероприятие 9' }).getAttribute('href')).toBe('/event_info/9');

    // 09:30 UTC: event 9 has ended, the next one takes its place
    await advanceClock(31 * 60_000);
    card = screen.getByRole('article', { name: 'Ближайшая встреча' });
    expect(within(card).getByRole('link', { name: 'Подключиться: Мероприятие 12' }).getAttribute('href')).toBe('/event-conference/12');
    expect(within(card).getByText('Завтра, 18:00–19:30')).toBeTruthy();
  });

  it('sends an unpaid registration to its event page instead of the meeting', async () => {
    mockFetch(routes(schedule({ registered_events: [scheduleEvent(9, '2030-03-06T15:00:00Z', { registration_status: 'pending_payment' })] })));
    await renderHome(VIEWER);
    const card = screen.getByRole('article', { name: 'Ближайшая встреча' });
    expect(within(card).getByText('Ожидает оплаты')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Перейти к мероприятию' }).getAttribute('href')).toBe('/event_info/9');
    expect(within(card).queryByRole('link', { name: /Подключиться/ })).toBeNull();
  });

  it('names a seat the waiting list offered by its deadline (decision 023), not as one waiting for payment', async () => {
    const offered = scheduleEvent(9, '2030-03-06T15:00:00Z', { registration_status: 'pending_payment', offer_expires_at: '2030-03-06T10:30:00Z' });
    mockFetch(routes(schedule({ registered_events: [offered] })));
    await renderHome(VIEWER);
    const card = screen.getByRole('article', { name: 'Ближайшая встреча' });
    expect(within(card).getByText('Место для вас до 6 марта, 13:30')).toBeTruthy();
    expect(within(card).queryByText('Ожидает оплаты')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Перейти к мероприятию' }).getAttribute('href')).toBe('/event_info/9');
  });

  it('lists the coming week grouped by day with a link to the calendar', async () => {
    mockFetch(
      routes(
        schedule({
          booked_for_mentor: [booking(5, '2030-03-06T11:15:00Z', { booked_by: person(20, 'Иван', 'Петров') })],
          registered_events: [scheduleEvent(9, '2030-03-07T15:00:00Z'), scheduleEvent(10, '2030-03-09T15:00:00Z'), scheduleEvent(11, '2030-03-20T15:00:00Z')],
          mentor_events: [scheduleEvent(12, '2030-03-09T10:00:00Z', { is_canceled: true })],
        }),
      ),
    );
    await renderHome(VIEWER);

    const week = screen.getByRole('region', { name: 'Ближайшие 7 дней' });
    expect(within(week).getByRole('link', { name: 'Открыть календарь' }).getAttribute('href')).toBe('/CalendarPage');
    const days = within(week).getByRole('list', { name: 'Встречи по дням' });
    const groups = within(days).getAllByRole('listitem').filter((item) => item.parentElement === days);
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Сегодня, 6 марта', 'Завтра, 7 марта', 'Суббота, 9 марта']);
    expect(within(groups[0]!).getByText('Ученик: Иван Петров')).toBeTruthy();
    expect(within(groups[0]!).getByText('14:15–15:15')).toBeTruthy();
    expect(within(groups[1]!).getByRole('link', { name: 'Мероприятие 9' }).getAttribute('href')).toBe('/event_info/9');
    expect(within(week).queryByText('Мероприятие 11')).toBeNull();
    expect(screen.queryByText('Мероприятие 12')).toBeNull();
  });

  it('lists rooms with unread messages and links each to its chat', async () => {
    mockFetch(
      routes(schedule(), [
        room(ROOM_READ, 'Олег Орлов', 0, 'Спасибо!'),
        room(ROOM_A, 'Анна Соколова', 2, 'Жду вас завтра', '2030-03-06T08:00:00Z'),
        room(ROOM_B, 'Борис Ким', 1, 'Посмотрите материалы', '2030-03-06T08:40:00Z'),
      ]),
    );
    await renderHome(VIEWER);

    const section = screen.getByRole('region', { name: /Непрочитанные сообщения/ });
    const list = within(section).getByRole('list', { name: 'Чаты с непрочитанными сообщениями' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Борис Ким: 1 непрочитанных', 'Анна Соколова: 2 непрочитанных']);
    expect(links[1]!.getAttribute('href')).toBe(`/ChatsPage?roomId=${ROOM_A}`);
    expect(within(links[1]!).getByText('Жду вас завтра')).toBeTruthy();
    expect(within(section).getByLabelText('Всего непрочитанных: 3')).toBeTruthy();
    expect(within(section).queryByText('Олег Орлов')).toBeNull();
  });

  it('shows the empty states: no next session, nothing this week, nothing unread', async () => {
    mockFetch(routes(schedule({ registered_events: [scheduleEvent(11, '2030-03-20T15:00:00Z', { is_canceled: true })] }), [room(ROOM_READ, 'Олег Орлов', 0, 'Спасибо!')]));
    await renderHome(VIEWER);

    expect(screen.getByText('Ближайших встреч пока нет')).toBeTruthy();
    const week = screen.getByRole('region', { name: 'Ближайшие 7 дней' });
    expect(within(week).getByText('На этой неделе ничего не запланировано')).toBeTruthy();
    expect(within(week).getByRole('link', { name: 'Найти наставника' }).getAttribute('href')).toBe('/AllMentors');
    expect(screen.getByText('Непрочитанных сообщений нет')).toBeTruthy();
  });

  it('shows the next session beyond the week while the week itself is empty', async () => {
    mockFetch(routes(schedule({ registered_events: [scheduleEvent(11, '2030-03-20T15:00:00Z')] })));
    await renderHome(VIEWER);
    const card = screen.getByRole('article', { name: 'Ближайшая встреча' });
    expect(within(card).getByTestId('next-session-countdown').textContent).toBe('Через 14 дней 6 ч');
    expect(screen.getByText('На этой неделе ничего не запланировано')).toBeTruthy();
  });

  it('offers a retry when the schedule or the chats fail to load', async () => {
    const routeList = routes(schedule({ booked_by_user: [booking(5, '2030-03-06T11:15:00Z')] }));
    routeList[0] = { path: /\/api\/calendars\/schedule/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } };
    routeList[1] = { path: /\/api\/chats\/?$/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } };
    const { calls } = mockFetch(routeList);
    await renderHome(VIEWER);
    await flush(5_000); // the one automatic retry
    await flush(0);

    expect(screen.getByText('Не удалось загрузить расписание')).toBeTruthy();
    expect(screen.getByText('Не удалось загрузить встречи недели')).toBeTruthy();
    expect(screen.getByText('Не удалось загрузить чаты')).toBeTruthy();

    routeList[0] = { path: /\/api\/calendars\/schedule/, body: schedule({ booked_by_user: [booking(5, '2030-03-06T11:15:00Z')] }) };
    const before = calls.filter((call) => call.url.includes('schedule')).length;
    fireEvent.click(within(screen.getByText('Не удалось загрузить расписание').closest('[role="alert"]')!).getByRole('button', { name: 'Повторить' }));
    await flush(0);
    await flush(0);
    expect(calls.filter((call) => call.url.includes('schedule')).length).toBe(before + 1);
    expect(within(screen.getByRole('article', { name: 'Ближайшая встреча' })).getByTestId('next-session-countdown').textContent).toBe('Через 2 ч 15 мин');
  });
});
