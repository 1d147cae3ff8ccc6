import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from '../../web/components/ui/toast.tsx';
import type { Schedule } from '../../web/features/schedule/schedule.api.ts';
import { ScheduleScreen, type ScheduleViewer } from '../../web/features/schedule/schedule-screen.tsx';
import type { ScheduleView } from '../../web/features/schedule/schedule-tabs.ts';
import { setViewportWidth } from './event-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { booking, person, scheduleEvent, schedule as scheduleFixture } from './schedule-fixtures.ts';

// Wednesday 6 March 2030, 12:00 in Moscow.
const NOW = new Date('2030-03-06T09:00:00Z');
const ZONE = 'Europe/Moscow';
const MENTEE: ScheduleViewer = { id: 1, user_role: 'mentee', time_zone: ZONE };
const MENTOR: ScheduleViewer = { id: 7, user_role: 'mentor', time_zone: ZONE };

const schedule = (parts: Partial<Schedule> = {}): Schedule => scheduleFixture(ZONE, NOW, parts);

const scheduleRoute = (body: Schedule): MockRoute => ({ path: /\/api\/calendars\/schedule/, body });

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The screen with its view held as /CalendarPage holds it in the address; `changes` records what it asked for. */
function ScheduleWithView({ viewer, initial = {}, changes }: { viewer: ScheduleViewer; initial?: ScheduleView; changes?: ScheduleView[] }) {
  const [view, setView] = useState(initial);
  const onViewChange = (next: ScheduleView) => {
    changes?.push(next);
    setView(next);
  };
  return <ScheduleScreen viewer={viewer} view={view} onViewChange={onViewChange} />;
}

async function renderSchedule(viewer: ScheduleViewer, initial?: ScheduleView, changes?: ScheduleView[]) {
  const result = renderWithRouter(
    <>
      <Toaster />
      <ScheduleWithView viewer={viewer} initial={initial} changes={changes} />
    </>,
    { path: '/CalendarPage' },
  );
  for (let i = 0; i < 4; i += 1) await flush(0);
  return result;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const card = (key: string) => screen.getByTestId(`schedule-card-${key}`);
/** The card's buttons and links, in order. */
const buttonsOf = (key: string) => [...card(key).querySelectorAll('a, button')].map((el) => el.textContent?.trim());
/** Radix tabs switch on mousedown (and on focus with the keyboard). */
const openTab = async (name: string) => {
  fireEvent.mouseDown(screen.getByRole('tab', { name }));
  await flush(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/CalendarPage tabs and states', () => {
  it('shows Веду only to a mentor, and Календарь as a tab only under 960 px', async () => {
    mockFetch([scheduleRoute(schedule())]);
    const first = await renderSchedule(MENTEE);
    expect(tabNames()).toEqual(['Участвую', 'История']);
    // on a wide screen the calendar sits in the right column
    expect(screen.getByRole('region', { name: 'Календарь' })).toBeTruthy();
    first.unmount();

    await renderSchedule(MENTOR);
    expect(tabNames()).toEqual(['Веду', 'Участвую', 'История']);
    expect(screen.getByRole('tab', { name: 'Веду' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves the calendar into its own tab on a narrow screen', async () => {
    setViewportWidth(390);
    mockFetch([scheduleRoute(schedule())]);
    await renderSchedule(MENTEE);
    expect(tabNames()).toEqual(['Участвую', 'История', 'Календарь']);
    expect(screen.queryByRole('region', { name: 'Календарь' })).toBeNull();
    await openTab('Календарь');
    expect(screen.getByRole('region', { name: 'Календарь' })).toBeTruthy();
  });

  it('asks the schedule for whole months around today and shows the spec empty texts', async () => {
    const { calls } = mockFetch([scheduleRoute(schedule())]);
    await renderSchedule(MENTOR);
    const query = new URL(calls.find((call) => call.url.includes('/calendars/schedule'))!.url, 'http://localhost').searchParams;
    expect([query.get('start_date'), query.get('end_date')]).toEqual(['2029-12-01', '2030-09-30']);

    expect(screen.getByText('Нет мероприятий, которые вы ведёте')).toBeTruthy();
    await openTab('Участвую');
    expect(screen.getByText('Нет мероприятий, в которых вы участвуете')).toBeTruthy();
    await openTab('История');
    expect(screen.getByText('Ваша история пока пуста')).toBeTruthy();
  });

  it('shows a spinner while loading, then the error alert whose Повторить loads again', async () => {
    const route: MockRoute = { path: /\/api\/calendars\/schedule/, status: 503, body: { detail: 'Сервис временно недоступен', code: 'unavailable' } };
    const { calls } = mockFetch([route]);
    renderWithRouter(<ScheduleWithView viewer={MENTEE} />, { path: '/CalendarPage' });
    await flush(0);
    expect(screen.getByRole('status', { name: 'Загрузка расписания' })).toBeTruthy();
    // one quiet retry of a server failure, then the alert
    await flush(3_000);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ошибка загрузки расписания');
    expect(alert.textContent).toContain('Сервис временно недоступен');
    const before = calls.filter((call) => call.url.includes('/calendars/schedule')).length;

    route.status = 200;
    route.body = schedule({ registered_events: [scheduleEvent(9, '2030-03-07T15:00:00Z')] });
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await flush(0);
    await flush(0);
    expect(calls.filter((call) => call.url.includes('/calendars/schedule')).length).toBe(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(card('event:9')).getByText('Мероприятие 9')).toBeTruthy();
  });
});

describe('/CalendarPage cards', () => {
  it('offers each card the buttons of its state, with the meeting links', async () => {
    mockFetch([
      scheduleRoute(
        schedule({
          mentor_events: [scheduleEvent(11, '2030-03-08T15:00:00Z', { mentor: person(7, 'Анна', 'Соколова'), registration_status: null })],
          booked_for_mentor: [booking(21, '2030-03-06T08:30:00Z', { booked_by: person(30, 'Иван', 'Петров') })],
          registered_events: [scheduleEvent(12, '2030-03-07T15:00:00Z', { mentor: person(8, 'Борис', 'Ким') })],
          booked_by_user: [booking(22, '2030-03-09T10:00:00Z', { slot: { ...booking(22, '2030-03-09T10:00:00Z').slot, consultation_type: { id: 4, name: 'Карьера', description: '', cost: 2000, user: person(8, 'Борис', 'Ким') } } })],
        }),
      ),
    ]);
    await renderSchedule(MENTOR);

    // Веду: the mentor's event and the consultation booked with them, soonest first
    const leading = screen.getByRole('tabpanel');
    expect(within(leading).getAllByRole('article').map((a) => a.getAttribute('data-testid'))).toEqual(['schedule-card-booking:21', 'schedule-card-event:11']);
    // two days ahead is not «в эфире» (issue 35 item 11)
    expect(within(card('event:11')).getByText('Запланировано')).toBeTruthy();
    expect(within(card('event:11')).queryByText('Скоро в эфире')).toBeNull();
    expect(buttonsOf('event:11')).toEqual(['Открыть', 'Изменить', 'Подробнее', 'Отменить']);
    expect(within(card('event:11')).getByRole('link', { name: 'Открыть' }).getAttribute('href')).toBe('/event-conference/11');
    expect(within(card('event:11')).getByRole('link', { name: 'Подробнее' }).getAttribute('href')).toBe('/event_info/11');
    expect(within(card('event:11')).getByText('Вы ведёте')).toBeTruthy();

    expect(within(card('booking:21')).getByText('Идёт сейчас')).toBeTruthy();
    expect(buttonsOf('booking:21')).toEqual(['Открыть', 'Подробнее', 'Отменить']);
    expect(within(card('booking:21')).getByRole('link', { name: 'Открыть' }).getAttribute('href')).toBe('/booking-conference/21');
    expect(within(card('booking:21')).getByText('Иван Петров')).toBeTruthy();

    await openTab('Участвую');
    expect(buttonsOf('event:12')).toEqual(['Присоединиться', 'Подробнее', 'Отказаться']);
    expect(within(card('event:12')).getByRole('link', { name: 'Присоединиться' }).getAttribute('href')).toBe('/event-conference/12');
    expect(buttonsOf('booking:22')).toEqual(['Присоединиться', 'Подробнее', 'Отменить']);
    expect(within(card('booking:22')).getByRole('link', { name: 'Присоединиться' }).getAttribute('href')).toBe('/booking-conference/22');
    expect(within(card('booking:22')).getByText('Борис Ким')).toBeTruthy();
    expect(within(card('booking:22')).getByText('Суббота, 9 марта · 13:00–14:00 · 1 час')).toBeTruthy();
  });

  it('filters the history with chips, one always chosen, and offers the review and the dispute', async () => {
    mockFetch([
      scheduleRoute(
        schedule({
          mentor_events: [scheduleEvent(11, '2030-03-01T15:00:00Z', { registration_status: null })],
          registered_events: [scheduleEvent(12, '2030-03-09T15:00:00Z', { is_canceled: true })],
          booked_by_user: [booking(22, '2030-03-05T10:00:00Z', { can_review: true, can_dispute: true, dispute_until: '2030-03-07T11:00:00Z' })],
        }),
      ),
    ]);
    await renderSchedule(MENTOR);
    await openTab('История');

    const chips = screen.getByRole('radiogroup', { name: 'Показать в истории' });
    const checked = () => within(chips).getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.textContent);
    const shown = () => within(screen.getByRole('tabpanel')).queryAllByRole('article').map((a) => a.getAttribute('data-testid')!.replace('schedule-card-', ''));
    expect(within(chips).getAllByRole('radio').map((r) => r.textContent)).toEqual(['Все', 'Проведённые', 'Посещённые', 'Отменённые']);
    expect(checked()).toEqual(['Все']);
    expect(shown()).toEqual(['event:12', 'booking:22', 'event:11']);
    expect(within(card('event:12')).getByText('Отменено')).toBeTruthy();
    expect(buttonsOf('booking:22')).toEqual(['Оценить', 'Открыть диспут', 'Подробнее']);

    fireEvent.click(within(chips).getByRole('radio', { name: 'Проведённые' }));
    expect(checked()).toEqual(['Проведённые']);
    expect(shown()).toEqual(['event:11']);
    fireEvent.click(within(chips).getByRole('radio', { name: 'Посещённые' }));
    expect(shown()).toEqual(['booking:22']);
    fireEvent.click(within(chips).getByRole('radio', { name: 'Отменённые' }));
    expect(shown()).toEqual(['event:12']);
    // clicking the chosen chip keeps it chosen
    fireEvent.click(within(chips).getByRole('radio', { name: 'Отменённые' }));
    expect(checked()).toEqual(['Отменённые']);
  });

  it('opens the tab and the history filter its view names, and reports each change with the defaults left out', async () => {
    mockFetch([
      scheduleRoute(
        schedule({
          mentor_events: [scheduleEvent(11, '2030-03-01T15:00:00Z', { registration_status: null })],
          registered_events: [scheduleEvent(12, '2030-03-09T15:00:00Z', { is_canceled: true })],
        }),
      ),
    ]);
    const changes: ScheduleView[] = [];
    await renderSchedule(MENTOR, { tab: 'history', filter: 'cancelled' }, changes);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('История');
    const chips = screen.getByRole('radiogroup', { name: 'Показать в истории' });
    expect(within(chips).getByRole('radio', { checked: true }).textContent).toBe('Отменённые');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article').map((a) => a.getAttribute('data-testid'))).toEqual(['schedule-card-event:12']);

    fireEvent.click(within(chips).getByRole('radio', { name: 'Все' }));
    await openTab('Участвую');
    await openTab('Веду');
    // Radix chooses a tab on press and again on focus, both before the next render: read each change once
    const distinct = changes.filter((change, i) => i === 0 || JSON.stringify(change) !== JSON.stringify(changes[i - 1]));
    expect(distinct).toEqual([{ tab: 'history', filter: undefined }, { tab: 'participating', filter: undefined }, { tab: undefined, filter: undefined }]);
  });

  it('reads a tab the viewer does not have as the first one', async () => {
    mockFetch([scheduleRoute(schedule())]);
    await renderSchedule(MENTEE, { tab: 'leading' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Участвую');
  });

  it('opens «Запись на консультацию» with the spec defaults for what is missing', async () => {
    const bare = booking(22, '2030-03-09T10:00:00Z', { question: '  ', price: 2500 });
    bare.slot = { ...bare.slot, duration: 0, consultation_type: { ...bare.slot.consultation_type, name: '', user: person(8, '', '') } };
    mockFetch([scheduleRoute(schedule({ booked_by_user: [bare, booking(23, '2030-03-10T10:00:00Z', { question: 'Как вырасти до тимлида?' })] }))]);
    await renderSchedule(MENTEE);

    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Подробнее' }));
    await flush(0);
    let dialog = screen.getByRole('dialog', { name: 'Запись на консультацию' });
    for (const text of ['Личная сессия', 'Имя Фамилия', 'Сессия наставничества', '60 минут', '2 500 ₽', 'Суббота, 9 марта 2030', '13:00 – 14:00', 'Вопрос к ментору:', 'Сопроводительный вопрос отсутствует.']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    // the placeholder picture stands in for a missing avatar
    expect(dialog.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await flush(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(card('booking:23')).getByRole('button', { name: 'Подробнее' }));
    await flush(0);
    dialog = screen.getByRole('dialog', { name: 'Запись на консультацию' });
    for (const text of ['Анна Соколова', 'Разбор резюме', '3 000 ₽', 'Как вырасти до тимлида?']) expect(within(dialog).getByText(text)).toBeTruthy();
  });
});

describe('/CalendarPage month calendar', () => {
  it('starts the grid on Monday, dots the days with sessions, marks today and lists the chosen day', async () => {
    const long = 'Как построить карьеру в аналитике данных с нуля за год';
    mockFetch([
      scheduleRoute(
        schedule({
          registered_events: [scheduleEvent(12, '2030-03-07T15:00:00Z', { title: long }), scheduleEvent(13, '2030-03-20T15:00:00Z', { is_canceled: true })],
          booked_by_user: [booking(22, '2030-03-07T07:30:00Z')],
        }),
      ),
    ]);
    await renderSchedule(MENTEE);
    const calendar = screen.getByRole('region', { name: 'Календарь' });

    expect(within(calendar).getByRole('heading', { name: 'Март 2030' })).toBeTruthy();
    expect(within(calendar).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ПН', 'ВТ', 'СР', 'ЧТ', 'ПТ', 'СБ', 'ВС']);
    const days = calendar.querySelectorAll<HTMLButtonElement>('button[data-day]');
    expect(days[0]!.dataset.day).toBe('2030-02-25');
    expect(days[days.length - 1]!.dataset.day).toBe('2030-03-31');

    const day = (d: string) => calendar.querySelector<HTMLButtonElement>(`button[data-day="${d}"]`)!;
    expect(day('2030-03-06').getAttribute('aria-current')).toBe('date');
    expect(day('2030-03-06').getAttribute('aria-pressed')).toBe('true');
    // a dot on the 7th (two sessions); none on the 20th, whose event was cancelled
    expect(within(day('2030-03-07')).queryByTestId('day-dot')).toBeTruthy();
    expect(day('2030-03-07').getAttribute('aria-label')).toBe('Четверг, 7 марта, 2 события');
    expect(within(day('2030-03-20')).queryByTestId('day-dot')).toBeNull();
    expect(within(day('2030-03-08')).queryByTestId('day-dot')).toBeNull();

    expect(within(calendar).getByText('События на 6 марта')).toBeTruthy();
    expect(within(calendar).getByText('Нет мероприятий на выбранную дату')).toBeTruthy();

    fireEvent.click(day('2030-03-07'));
    expect(day('2030-03-07').getAttribute('aria-pressed')).toBe('true');
    expect(within(calendar).getByText('События на 7 марта')).toBeTruthy();
    const items = within(calendar).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '7чтРазбор резюме10:30 · 1 час',
      `7чт${long.slice(0, 40)}...18:00 · 1 час 30 минут`,
    ]);

    fireEvent.click(within(calendar).getByRole('button', { name: 'Следующий месяц' }));
    await flush(0);
    expect(within(calendar).getByRole('heading', { name: /Апрель 2030/ })).toBeTruthy();
    expect(calendar.querySelector('button[data-day]')!.getAttribute('data-day')).toBe('2030-04-01');
  });

  it('opens a consultation from the day list in its details modal', async () => {
    mockFetch([scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-06T12:00:00Z')] }))]);
    await renderSchedule(MENTEE);
    const calendar = screen.getByRole('region', { name: 'Календарь' });
    fireEvent.click(within(calendar).getByRole('button', { name: /Разбор резюме/ }));
    await flush(0);
    expect(screen.getByRole('dialog', { name: 'Запись на консультацию' })).toBeTruthy();
  });

  it('asks a month beyond the loaded window on its own', async () => {
    const { calls } = mockFetch([scheduleRoute(schedule())]);
    await renderSchedule(MENTEE);
    const calendar = screen.getByRole('region', { name: 'Календарь' });
    for (let i = 0; i < 7; i += 1) fireEvent.click(within(calendar).getByRole('button', { name: 'Следующий месяц' }));
    await flush(0);
    const windows = calls
      .filter((call) => call.url.includes('/calendars/schedule'))
      .map((call) => new URL(call.url, 'http://localhost').searchParams)
      .map((q) => `${q.get('start_date')}..${q.get('end_date')}`);
    expect(windows).toEqual(['2029-12-01..2030-09-30', '2030-10-01..2030-10-31']);
  });
});

describe('/CalendarPage actions', () => {
  it('shows the refund quote before cancelling a booking, then cancels and reloads', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      {
        path: /\/api\/consultation-bookings\/22\/cancel-quote/,
        body: { refund: 'none', refund_amount: 0, paid_amount: 3000, by: 'buyer', free_until: '2030-03-02T10:00:00Z', message: 'Бесплатная отмена закончилась 2 марта 2030 13:00. Оплата (3 000 ₽) не вернётся: она будет переведена ментору.' },
      },
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/cancel/, body: { id: 22, status: 'canceled', refund: 'none' } },
    ]);
    await renderSchedule(MENTEE);

    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Отменить' }));
    await flush(0);
    const dialog = screen.getByRole('alertdialog', { name: 'Отменить запись на консультацию?' });
    await flush(0);
    expect(within(dialog).getByTestId('cancel-terms').textContent).toBe('Бесплатная отмена закончилась 2 марта 2030 13:00. Оплата (3 000 ₽) не вернётся: она будет переведена ментору.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const loads = calls.filter((call) => call.url.includes('/calendars/schedule')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить запись' }));
    await flush(0);
    await flush(0);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/consultation-bookings\/22\/cancel\/?$/);
    expect(post.body).toEqual({ user_id: 1 });
    expect(calls.findIndex((call) => call.url.includes('cancel-quote'))).toBeLessThan(calls.indexOf(post));
    expect(screen.getByText('Запись отменена')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.url.includes('/calendars/schedule')).length).toBe(loads + 1);
  });

  it('quotes leaving an event, and «Остаться» sends nothing', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ registered_events: [scheduleEvent(12, '2030-03-20T15:00:00Z', { price: 1500 })] })),
      { path: /\/api\/events\/unregister-quote/, body: { refund: 'full', refund_amount: 1500, paid_amount: 1500, by: 'buyer', free_until: '2030-03-13T15:00:00Z', message: 'Вернём всю сумму: 1 500 ₽. Бесплатная отмена действует до 13 марта 2030 18:00.' } },
      { method: 'POST', path: /\/api\/events\/unregister/, body: { detail: 'Регистрация отменена', refund: 'full' } },
    ]);
    await renderSchedule(MENTEE);
    fireEvent.click(within(card('event:12')).getByRole('button', { name: 'Отказаться' }));
    await flush(0);
    await flush(0);
    const dialog = screen.getByRole('alertdialog', { name: 'Отказаться от участия?' });
    expect(within(dialog).getByText('Вернём всю сумму: 1 500 ₽. Бесплатная отмена действует до 13 марта 2030 18:00.')).toBeTruthy();
    expect(new URL(calls.find((c) => c.url.includes('unregister-quote'))!.url, 'http://localhost').searchParams.get('event_id')).toBe('12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    await flush(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(card('event:12')).getByRole('button', { name: 'Отказаться' }));
    await flush(0);
    await flush(0);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Отказаться' }));
    await flush(0);
    await flush(0);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/events\/unregister\/?$/);
    expect(post.body).toEqual({ event_id: 12, user_id: 1 });
    expect(screen.getByText('Вы отказались от участия')).toBeTruthy();
  });

  it('lets the mentor cancel their event, and says when a refusal comes back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch([
      scheduleRoute(schedule({ mentor_events: [scheduleEvent(11, '2030-03-08T15:00:00Z', { registration_status: null })] })),
      { method: 'POST', path: /\/api\/events\/cancel_event/, status: 409, body: { detail: 'Мероприятие уже отменено', code: 'already_canceled' } },
    ]);
    await renderSchedule(MENTOR);
    fireEvent.click(within(card('event:11')).getByRole('button', { name: 'Отменить' }));
    await flush(0);
    const dialog = screen.getByRole('alertdialog', { name: 'Отменить мероприятие?' });
    expect(within(dialog).getByTestId('cancel-terms').textContent).toContain('оплаченные места вернутся полностью');
    // the mentor's cancellation refunds everyone in full: no quote to ask
    expect(calls.some((call) => call.url.includes('quote'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить мероприятие' }));
    await flush(0);
    await flush(0);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ event_id: 11 });
    expect(screen.getByText('Не удалось отменить мероприятие')).toBeTruthy();
    expect(screen.getByText('Мероприятие уже отменено')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('rates a consultation: a rating is required, then /reviews/ and /finish/ in that order', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-05T10:00:00Z', { can_review: true, can_dispute: true })] })),
      { method: 'POST', path: /\/api\/reviews/, status: 201, body: { id: 1, booking_id: 22, rating: 4, text: 'Полезно', created_at: NOW.toISOString() } },
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/finish/, body: { id: 22, status: 'finished' } },
    ]);
    await renderSchedule(MENTEE);
    await openTab('История');
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Оценить' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Оцените консультацию' });
    expect(within(dialog).getByLabelText('Ваш отзыв (необязательно)')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await flush(0);
    expect(within(dialog).getByRole('alert').textContent).toBe('Пожалуйста, выберите оценку');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: '4 звезды' }));
    fireEvent.change(within(dialog).getByLabelText('Ваш отзыв (необязательно)'), { target: { value: '  Полезно ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await flush(0);
    await flush(0);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => new URL(call.url, 'http://localhost').pathname.replace(/\/$/, ''))).toEqual(['/api/reviews', '/api/consultation-bookings/22/finish']);
    expect(posts[0]!.body).toEqual({ event_id: 22, rating: 4, text: 'Полезно' });
    expect(posts[1]!.body).toEqual({ user_id: 1 });
    expect(screen.getByText('Спасибо за оценку!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a dispute: sending waits for a text that is more than spaces', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-05T10:00:00Z', { can_dispute: true, dispute_until: '2030-03-07T11:00:00Z' })] })),
      { method: 'POST', path: /\/api\/disputes\/complaints/, status: 201, body: { id: 3, booking_id: 22, source: 'buyer', status: 'open', text: 'x', created_at: NOW.toISOString() } },
    ]);
    await renderSchedule(MENTEE);
    await openTab('История');
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Открыть диспут' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Открыть диспут' });
    expect(within(dialog).getByText(/Открыть диспут можно до 7 марта 2030 14:00/)).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Отправить' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const text = within(dialog).getByRole('textbox');
    fireEvent.change(text, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(text, { target: { value: ' Ментор не подключился ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await flush(0);
    await flush(0);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/disputes\/complaints\/?$/);
    expect(post.body).toEqual({ booking_id: 22, source: 'buyer', text: 'Ментор не подключился' });
    expect(screen.getByText('Диспут открыт')).toBeTruthy();
  });

  it('asks for a rating by itself 5 s after a consultation starts, once', async () => {
    const started = new Date(NOW.getTime() - 2_000).toISOString();
    mockFetch([scheduleRoute(schedule({ booked_by_user: [booking(40, started, { can_review: true, can_dispute: true })] }))]);
    const { unmount } = await renderSchedule(MENTEE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await flush(2_500);
    expect(screen.queryByRole('dialog')).toBeNull();
    await flush(600);
    const dialog = screen.getByRole('dialog', { name: 'Оцените консультацию' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не сейчас' }));
    await flush(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    // a second visit does not ask again
    await renderSchedule(MENTEE);
    await flush(6_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
