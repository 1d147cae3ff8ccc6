import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import {
  addWeeks,
  formatWeekRange,
  groupByDay,
  mondayOf,
  optionsLabel,
  slotRange,
  weekDays,
} from '../../web/features/booking/booking-calendar.ts';
import { BookingDialog, DETAIL_MIN_LOADER_MS, SLOTS_MIN_LOADER_MS } from '../../web/features/booking/booking-dialog.tsx';
import { sessionFacts } from '../../web/features/booking/booking-step-confirm.tsx';
import { BookConsultationButton } from '../../web/features/booking/book-consultation-button.tsx';
import { PAYMENT_REDIRECT_DELAY_MS } from '../../web/components/payment-dialog.tsx';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { makeUser } from './fixtures.ts';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

// Wednesday 6 March 2030, 12:00 in Moscow.
const NOW = new Date('2030-03-06T09:00:00Z');

const slot = (id: number, start: string, minutes = 60) => ({
  id,
  start_time: new Date(start).toISOString(),
  end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

// Moscow is UTC+3: 15:00Z is 18:00 there.
const SLOTS = [
  slot(11, '2030-03-06T15:00:00Z'),
  slot(12, '2030-03-07T07:00:00Z', 90),
  slot(13, '2030-03-07T10:00:00Z'),
  ...[0, 1, 2, 3, 4].map((i) => slot(20 + i, `2030-03-11T0${5 + i}:00:00Z`, 45)),
];

const detail = (slotId: number, overrides: Record<string, unknown> = {}) => {
  const s = SLOTS.find((item) => item.id === slotId)!;
  return {
    mentor: { id: 7, name: 'Анна', surname: 'Соколова', tg_title: '@anna_career', avatar_url: null, time_zone: 'Europe/Moscow' },
    consultation_type: { id: 3, name: 'Разбор резюме', description: '', costs: 2500, duration_minutes: 60 },
    slot: s,
    ...overrides,
  };
};

const TYPE = { id: 3, name: 'Разбор резюме', duration_minutes: 60, costs: 2500 };

function routes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: /\/api\/consultation-type-slots\/available\b/, body: SLOTS },
    { path: /\/api\/consultation-type-slots\/13\/detailed_info\b/, body: detail(13) },
    { path: /\/api\/consultation-type-slots\/11\/detailed_info\b/, body: detail(11) },
    { method: 'POST', path: /\/api\/consultation-bookings\/create\b/, status: 201, body: { id: 91, status: 'pending_payment', price: 2500, hold_expires_at: '2030-03-06T09:15:00Z' } },
    { method: 'POST', path: /\/api\/payments\/deals\b/, body: { confirmation_url: 'https://pay.example/confirm/1', payment_id: 'p-1' } },
  ];
}

function clientWith(user = makeUser({ id: 2, time_zone: 'Europe/Moscow' })) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
  return queryClient;
}

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openDialog({ queryClient = clientWith(), onBooked = vi.fn(), onOpenChange = vi.fn(), redirect = vi.fn() } = {}) {
  renderWithRouter(
    <>
      <BookingDialog open onOpenChange={onOpenChange} mentorId={7} consultationType={TYPE} onBooked={onBooked} redirect={redirect} />
      <Toaster />
    </>,
    { queryClient },
  );
  await flush(0);
  await flush(0);
  return { onBooked, onOpenChange, redirect };
}

/** From the dialog just opened: the slots load, 7 March 13:00 – 14:00 is chosen, «Далее», and step 2's details load. */
async function toStepTwo() {
  await flush(SLOTS_MIN_LOADER_MS);
  fireEvent.click(dayCell('2030-03-07'));
  fireEvent.click(screen.getByRole('radio', { name: /13:00 – 14:00/ }));
  fireEvent.click(nextButton());
  await flush(DETAIL_MIN_LOADER_MS);
}

const dayCell = (day: string) => document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)!;
const nextButton = () => screen.getByRole('button', { name: /Далее/ });

describe('booking calendar', () => {
  it('says free times in Russian plural, «1 окно» rather than the spec’s «1 опция» (issue 35)', () => {
    expect(optionsLabel(1)).toBe('1 окно');
    expect(optionsLabel(2)).toBe('2 окна');
    expect(optionsLabel(4)).toBe('4 окна');
    expect(optionsLabel(5)).toBe('5 окон');
    expect(optionsLabel(11)).toBe('11 окон');
    expect(optionsLabel(21)).toBe('21 окно');
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2030-03-06')).toBe('2030-03-04');
    expect(mondayOf('2030-03-10')).toBe('2030-03-04'); // Sunday belongs to the week before
    expect(mondayOf('2030-03-11')).toBe('2030-03-11');
    expect(weekDays('2030-03-04')).toEqual(['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10']);
    expect(addWeeks('2030-03-25', 1)).toBe('2030-04-01');
    expect(formatWeekRange('2030-03-04')).toBe('4 – 10 марта 2030');
    expect(formatWeekRange('2030-04-29')).toBe('29 апреля – 5 мая 2030');
    expect(formatWeekRange('2029-12-31')).toBe('31 декабря 2029 – 6 января 2030');
  });

  it("groups slots by the viewer's day, not UTC's", () => {
    // 22:30Z on the 6th is already the 7th in Moscow and still the 6th in New York.
    const late = [slot(1, '2030-03-06T22:30:00Z')];
    expect([...groupByDay(late, 'Europe/Moscow').keys()]).toEqual(['2030-03-07']);
    expect([...groupByDay(late, 'America/New_York').keys()]).toEqual(['2030-03-06']);
  });

  it("asks from the viewer's today for 365 days, in the viewer's zone", () => {
    expect(slotRange('Europe/Moscow', NOW)).toEqual({ start_date: '2030-03-06', end_date: '2031-03-06', time_zone: 'Europe/Moscow' });
    // 21:30Z on the 5th is the 6th in Moscow but the 5th in Los Angeles
    const evening = new Date('2030-03-05T21:30:00Z');
    expect(slotRange('Europe/Moscow', evening).start_date).toBe('2030-03-06');
    expect(slotRange('America/Los_Angeles', evening).start_date).toBe('2030-03-05');
  });

  it('step 2 defaults: 60 minutes and the spec topic when the type has none', () => {
    expect(sessionFacts(undefined, {})).toEqual({ topic: 'Сессия наставничества', duration: 60, costs: 0 });
    expect(sessionFacts({ consultation_type: { id: 1, name: ' ', description: null, costs: 900, duration_minutes: null } } as never, {})).toEqual({
      topic: 'Сессия наставничества',
      duration: 60,
      costs: 900,
    });
  });
});

describe('booking dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the slots with a loader of at least 500 ms, then shows the week from Monday with options per day', async () => {
    const { calls } = mockFetch(routes());
    await openDialog();

    expect(screen.getByText('Шаг 1/2')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Загружаем свободное время' })).toBeTruthy();
    const get = calls.find((call) => call.url.includes('/available'))!;
    const query = new URL(get.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ consultation_type_id: '3', start_date: '2030-03-06', end_date: '2031-03-06', time_zone: 'Europe/Moscow' });

    await flush(SLOTS_MIN_LOADER_MS - 10);
    expect(screen.getByRole('status', { name: 'Загружаем свободное время' })).toBeTruthy();
    await flush(10);
    expect(screen.queryByRole('status', { name: 'Загружаем свободное время' })).toBeNull();

    const strip = screen.getByTestId('week-strip');
    const visible = [...strip.querySelectorAll<HTMLButtonElement>('[data-day]')].filter((cell) => !cell.closest('[inert]'));
    expect(visible.map((cell) => cell.dataset.day)).toEqual(weekDays('2030-03-04'));
    expect(visible[0]!.textContent).toContain('пн');
    expect(dayCell('2030-03-06').getAttribute('aria-label')).toBe('среда, 6 марта: 1 окно');
    expect(dayCell('2030-03-07').getAttribute('aria-label')).toBe('четверг, 7 марта: 2 окна');
    expect(dayCell('2030-03-05').disabled).toBe(true); // past
    expect(dayCell('2030-03-08').disabled).toBe(true); // nothing free
    expect(screen.getByText('4 – 10 марта 2030')).toBeTruthy();

    // the first free day is chosen for the person; a time is not
    expect(dayCell('2030-03-06').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('radio', { name: /18:00 – 19:00/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Следующая неделя' }));
    expect(screen.getByText('11 – 17 марта 2030')).toBeTruthy();
    expect(dayCell('2030-03-11').getAttribute('aria-label')).toBe('понедельник, 11 марта: 5 окон');
  });

  it("keeps 'Далее' disabled until a time is chosen, and shows the time range and minutes", async () => {
    mockFetch(routes());
    await openDialog();
    await flush(SLOTS_MIN_LOADER_MS);

    expect(nextButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(dayCell('2030-03-07'));
    const times = within(screen.getByRole('radiogroup', { name: 'Время' })).getAllByRole('radio');
    expect(times.map((item) => item.textContent)).toEqual(['10:00 – 11:3090 мин', '13:00 – 14:0060 мин']);
    expect(nextButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(times[1]!);
    expect(times[1]!.getAttribute('aria-checked')).toBe('true');
    expect(nextButton().hasAttribute('disabled')).toBe(false);
  });

  it('turns the week with a swipe', async () => {
    mockFetch(routes());
    await openDialog();
    await flush(SLOTS_MIN_LOADER_MS);
    const strip = screen.getByTestId('week-strip');
    expect(screen.getByRole('button', { name: 'Предыдущая неделя' }).hasAttribute('disabled')).toBe(true);

    fireEvent.pointerDown(strip, { pointerId: 1, clientX: 300, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(strip, { pointerId: 1, clientX: 240, pointerType: 'touch' });
    fireEvent.pointerMove(strip, { pointerId: 1, clientX: 180, pointerType: 'touch' });
    fireEvent.pointerUp(strip, { pointerId: 1, clientX: 180, pointerType: 'touch' });
    expect(screen.getByText('11 – 17 марта 2030')).toBeTruthy();

    // a short move is not a swipe
    fireEvent.pointerDown(strip, { pointerId: 2, clientX: 300, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(strip, { pointerId: 2, clientX: 280, pointerType: 'touch' });
    fireEvent.pointerUp(strip, { pointerId: 2, clientX: 280, pointerType: 'touch' });
    expect(screen.getByText('11 – 17 марта 2030')).toBeTruthy();

    fireEvent.pointerDown(strip, { pointerId: 3, clientX: 100, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(strip, { pointerId: 3, clientX: 200, pointerType: 'mouse' });
    fireEvent.pointerUp(strip, { pointerId: 3, clientX: 200, pointerType: 'mouse' });
    expect(screen.getByText('4 – 10 марта 2030')).toBeTruthy();
  });

  it('step 2 states the type’s cancellation cut-off and the refund that follows, at the viewer’s times, before paying (decision 022)', async () => {
    const withCutoff = detail(13, { consultation_type: { id: 3, name: 'Разбор резюме', description: '', costs: 2500, duration_minutes: 60, cancel_cutoff_hours: 12 } });
    mockFetch(routes([{ path: /\/api\/consultation-type-slots\/13\/detailed_info\b/, body: withCutoff }]));
    await openDialog();
    await flush(SLOTS_MIN_LOADER_MS);
    fireEvent.click(dayCell('2030-03-07'));
    fireEvent.click(screen.getByRole('radio', { name: /13:00 – 14:00/ }));
    fireEvent.click(nextButton());
    await flush(DETAIL_MIN_LOADER_MS);
    // the start is 13:00 on 7 March in Moscow: cancelling until 01:00, and booked now all of that is refundable
    expect(screen.getByText('Отменить запись можно до 7 марта в 01:00 (за 12 ч до начала), позже — нельзя. При отмене в этот срок вернём всю сумму.')).toBeTruthy();
  });

  it('step 2 loads the slot details with a loader of at least 1 s, shows mentor, session, date, and confirms with the right body, then pays', async () => {
    const { calls } = mockFetch(routes());
    const { onBooked, redirect } = await openDialog();
    await flush(SLOTS_MIN_LOADER_MS);
    fireEvent.click(dayCell('2030-03-07'));
    fireEvent.click(screen.getByRole('radio', { name: /13:00 – 14:00/ }));
    fireEvent.click(nextButton());

    expect(screen.getByText('Шаг 2/2')).toBeTruthy();
    await flush(0);
    expect(screen.getByRole('status', { name: 'Загружаем детали записи' })).toBeTruthy();
    await flush(DETAIL_MIN_LOADER_MS - 10);
    expect(screen.getByRole('status', { name: 'Загружаем детали записи' })).toBeTruthy();
    await flush(10);
    expect(screen.queryByRole('status', { name: 'Загружаем детали записи' })).toBeNull();

    expect(screen.getByText('Анна Соколова')).toBeTruthy();
    const session = screen.getByRole('region', { name: 'О сессии' });
    expect(within(session).getByText('Разбор резюме')).toBeTruthy();
    expect(within(session).getByText('60 мин')).toBeTruthy();
    expect(within(session).getByText('2 500 ₽')).toBeTruthy();
    const when = screen.getByRole('region', { name: 'Дата и время' });
    expect(within(when).getByText('четверг, 7 марта')).toBeTruthy();
    expect(within(when).getByText('13:00 – 14:00')).toBeTruthy();
    // same zone as the mentor: no zone note
    expect(screen.queryByText(/по вашему времени/)).toBeNull();

    // the button that goes to the checkout says what it charges, beside the cancellation terms (issue 35)
    expect(screen.queryByRole('button', { name: 'Подтвердить' })).toBeNull();
    // with the exact times in the viewer's zone (decision 022): booked now, a full refund for 24 hours
    expect(
      screen.getByText('Отменить запись можно до начала консультации. Полный возврат — при отмене до 7 марта в 12:00; позже оплата не возвращается: она переходит наставнику.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Вопросы ментору'), { target: { value: '  Как описать смену профессии?  ' } });
    fireEvent.click(screen.getByRole('button', { name: /^Подтвердить и оплатить 2\s500/ }));
    await flush(0);
    await flush(0);

    const create = calls.find((call) => call.method === 'POST' && call.url.includes('/consultation-bookings/create'))!;
    expect(create.body).toEqual({ consultation_type_slot: 13, user_id: 2, questions: 'Как описать смену профессии?' });
    expect(onBooked).toHaveBeenCalledWith({ service_type: 'consultation', id: 91 });

    // paid: the payment dialog takes over and sends the browser on after 800 ms
    expect(screen.getByText('Перенаправляем к оплате…')).toBeTruthy();
    await flush(0);
    const deal = calls.find((call) => call.method === 'POST' && call.url.includes('/payments/deals'))!;
    expect(deal.body).toEqual({ service_type: 'consultation', service_id: 91, return_url: `${window.location.origin}/payment-return` });
    await flush(PAYMENT_REDIRECT_DELAY_MS - 10);
    expect(redirect).not.toHaveBeenCalled();
    await flush(10);
    expect(redirect).toHaveBeenCalledWith('https://pay.example/confirm/1');
  });

  it('a loyalty step: the summary says the regular price, «−10 %» and why, and the button charges the discounted sum (issue 36)', async () => {
    const price = { regular_price: 2500, discount_percent: 10, price: 2250, consultation_number: 5, mentor_name: 'Анна' };
    const created = { id: 92, status: 'pending_payment', price: 2250, regular_price: 2500, discount_percent: 10, consultation_number: 5, hold_expires_at: '2030-03-06T09:15:00Z' };
    mockFetch([
      { path: /\/api\/consultation-types\/3\/price\b/, body: price },
      { method: 'POST', path: /\/api\/consultation-bookings\/create\b/, status: 201, body: created },
      ...routes(),
    ]);
    await openDialog();
    await toStepTwo();
    await flush(0);
    const session = screen.getByRole('region', { name: 'О сессии' });
    expect(within(session).getByText('Стоимость').nextElementSibling?.textContent).toMatch(/^2\s?500\s₽$/);
    expect(within(session).getByText('Скидка').nextElementSibling?.textContent).toBe('−10\u00a0%');
    expect(within(session).getByText('К оплате').nextElementSibling?.textContent).toMatch(/^2\s?250\s₽$/);
    expect(within(session).getByText('5-я консультация с Анной: −10 %') /* the DOM text with its no-break space, as Testing Library normalizes it */).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Подтвердить и оплатить 2\s250/ })).toBeTruthy();
  });

  it('without a step (or before the price answers) the summary is the type’s price alone', async () => {
    mockFetch([{ path: /\/api\/consultation-types\/3\/price\b/, body: { regular_price: 2500, discount_percent: 0, price: 2500, consultation_number: 2, mentor_name: 'Анна' } }, ...routes()]);
    await openDialog();
    await toStepTwo();
    await flush(0);
    expect(screen.queryByText('Скидка')).toBeNull();
    expect(screen.queryByText(/консультация с/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Подтвердить и оплатить 2\s500/ })).toBeTruthy();
  });

  it("back returns to step 1 with the choice kept", async () => {
    mockFetch(routes());
    await openDialog();
    await toStepTwo();
    fireEvent.click(screen.getByRole('button', { name: /Назад/ }));
    expect(screen.getByText('Шаг 1/2')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /13:00 – 14:00/ }).getAttribute('aria-checked')).toBe('true');
    expect(nextButton().hasAttribute('disabled')).toBe(false);
  });

  it("names the viewer's zone when it differs from the mentor's", async () => {
    mockFetch(routes());
    await openDialog({ queryClient: clientWith(makeUser({ id: 2, time_zone: 'Europe/Berlin' })) });
    await flush(SLOTS_MIN_LOADER_MS);
    // Berlin is UTC+1: 10:00Z is 11:00 there
    fireEvent.click(dayCell('2030-03-07'));
    fireEvent.click(screen.getByRole('radio', { name: /11:00 – 12:00/ }));
    expect(screen.getByText('Время указано по вашему часовому поясу (Europe/Berlin)')).toBeTruthy();
    fireEvent.click(nextButton());
    await flush(DETAIL_MIN_LOADER_MS);
    expect(screen.getByText('по вашему времени (Europe/Berlin)')).toBeTruthy();
    expect(screen.getByText('у наставника 13:00 – 14:00 (Europe/Moscow)')).toBeTruthy();
  });

  it("shows 'Не удалось загрузить' for the mentor when the slot details fail, and still confirms", async () => {
    const { calls } = mockFetch(routes([{ path: /\/api\/consultation-type-slots\/13\/detailed_info\b/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openDialog();
    await toStepTwo();
    expect(screen.getByText('Не удалось загрузить')).toBeTruthy();
    // the session facts fall back to what the mentor page knew
    expect(within(screen.getByRole('region', { name: 'О сессии' })).getByText('2 500 ₽')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Подтвердить/ }));
    await flush(0);
    expect(calls.some((call) => call.method === 'POST' && call.url.includes('/consultation-bookings/create'))).toBe(true);
  });

  it('shows no slots when the load fails', async () => {
    mockFetch(routes([{ path: /\/api\/consultation-type-slots\/available\b/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]));
    await openDialog();
    await flush(SLOTS_MIN_LOADER_MS);
    expect(screen.getByText('Не удалось загрузить свободное время')).toBeTruthy();
    expect(document.querySelectorAll('[data-day]:not(:disabled)').length).toBe(0);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(nextButton().hasAttribute('disabled')).toBe(true);
  });

  it('a free booking says so and closes, without payment', async () => {
    const { calls } = mockFetch(
      routes([{ method: 'POST', path: /\/api\/consultation-bookings\/create\b/, status: 201, body: { id: 92, status: 'paid', price: 0, hold_expires_at: null } }]),
    );
    const { onBooked, onOpenChange } = await openDialog();
    await flush(SLOTS_MIN_LOADER_MS);
    fireEvent.click(screen.getByRole('radio', { name: /18:00 – 19:00/ }));
    fireEvent.click(nextButton());
    await flush(DETAIL_MIN_LOADER_MS);
    fireEvent.click(screen.getByRole('button', { name: /^Подтвердить/ }));
    await flush(0);
    await flush(0);
    expect(onBooked).toHaveBeenCalledWith({ service_type: 'consultation', id: 92 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getAllByText('Вы записаны на консультацию').length).toBeGreaterThan(0);
    expect(calls.some((call) => call.url.includes('/payments/deals'))).toBe(false);
  });

  it('a slot a booking rule now refuses (a stale screen) names the rule, goes back to step 1 and reloads the slots (decision 022)', async () => {
    const refusal = { detail: 'У наставника на этот день больше нет мест', code: 'booking_daily_limit' };
    const { calls } = mockFetch(routes([{ method: 'POST', path: /\/api\/consultation-bookings\/create\b/, status: 409, body: refusal }]));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onBooked } = await openDialog();
    await toStepTwo();
    fireEvent.click(screen.getByRole('button', { name: /^Подтвердить/ }));
    await flush(0);
    await flush(0);
    expect(onBooked).not.toHaveBeenCalled();
    expect(screen.getAllByText('У наставника на этот день больше нет мест').length).toBeGreaterThan(0);
    expect(screen.getByText('Шаг 1/2')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/available'))).toHaveLength(2);
  });

  it('a taken slot says so, goes back to step 1 and reloads the slots', async () => {
    const { calls } = mockFetch(
      routes([{ method: 'POST', path: /\/api\/consultation-bookings\/create\b/, status: 409, body: { detail: 'Это время уже занято', code: 'slot_taken' } }]),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onBooked } = await openDialog();
    await toStepTwo();
    fireEvent.click(screen.getByRole('button', { name: /^Подтвердить/ }));
    await flush(0);
    await flush(0);

    expect(onBooked).not.toHaveBeenCalled();
    expect(screen.getAllByText('Это время уже занято').length).toBeGreaterThan(0);
    expect(screen.getByText('Шаг 1/2')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/available'))).toHaveLength(2);
    // the reload shows its loader too
    expect(screen.getByRole('status', { name: 'Загружаем свободное время' })).toBeTruthy();
    await flush(SLOTS_MIN_LOADER_MS);
    expect(nextButton().hasAttribute('disabled')).toBe(true);
  });
});

describe("'Записаться'", () => {
  it('sends a visitor to /login', async () => {
    const { router } = renderWithRouter(<BookConsultationButton mentorId={7} consultationType={TYPE} isSignedIn={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Записаться' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the booking dialog (a lazy chunk) for a signed-in user', async () => {
    mockFetch(routes());
    renderWithRouter(<BookConsultationButton mentorId={7} consultationType={TYPE} isSignedIn />, { queryClient: clientWith() });
    fireEvent.click(await screen.findByRole('button', { name: 'Записаться' }));
    expect(await screen.findByText('Шаг 1/2', {}, { timeout: 3000 })).toBeTruthy();
  });
});

describe('booking from a package (issue 36, decision 006 «Packages»)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const price = {
    regular_price: 2500,
    discount_percent: 0,
    price: 2500,
    consultation_number: 2,
    mentor_name: 'Анна',
    package: { id: 41, left: 3, sessions: 5, expires_at: '2030-09-02T09:00:00Z' },
  };
  const priceRoute: MockRoute = { path: /\/api\/consultation-types\/3\/price\b/, body: price };

  it('offers «Списать из пакета (осталось 3 из 5)» first, and books without a payment', async () => {
    const { calls } = mockFetch([
      priceRoute,
      { method: 'POST', path: /\/api\/consultation-bookings\/create\b/, status: 201, body: { id: 93, status: 'paid', price: 2250, hold_expires_at: null, package_id: 41 } },
      ...routes(),
    ]);
    const { onBooked, onOpenChange, redirect } = await openDialog();
    await toStepTwo();
    await flush(0);
    const spend = screen.getByRole('radio', { name: /Списать из пакета \(осталось 3 из 5\)/ }) as HTMLInputElement;
    expect(spend.checked).toBe(true);
    expect(screen.getByText('Пакет действует до 2 сентября 2030')).toBeTruthy();
    expect(screen.getByText(/^Консультация вернётся в пакет, если отменить запись/)).toBeTruthy();
    // the summary says what this booking costs now: nothing, the package pays
    const session = screen.getByRole('region', { name: 'О сессии' });
    expect(within(session).getByText('Из пакета, без доплаты')).toBeTruthy();
    expect(within(session).queryByText('К оплате')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await flush(0);
    await flush(0);
    const create = calls.find((call) => call.url.includes('/consultation-bookings/create'))!;
    expect(create.body).toMatchObject({ consultation_type_slot: 13, package_id: 41 });
    expect(onBooked).toHaveBeenCalledWith({ service_type: 'consultation', id: 93 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getAllByText(/Списано из пакета: осталось 2 из 5/).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.url.includes('/payments/deals'))).toBe(false);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('under a cut-off says the credit goes back only until it, not for 24 hours after booking (decision 022)', async () => {
    // slot 13 starts in 25 hours: the policy's «24 hours after booking» would reach past the 24-hour cut-off
    const withCutoff = { path: /\/api\/consultation-type-slots\/13\/detailed_info\b/, body: detail(13, { consultation_type: { ...detail(13).consultation_type, cancel_cutoff_hours: 24 } }) };
    mockFetch([priceRoute, withCutoff, ...routes()]);
    await openDialog();
    await toStepTwo();
    await flush(0);
    expect(screen.getByText('Отменить запись можно до 6 марта в 13:00 (за 24 ч до начала), позже — нельзя. При отмене в этот срок консультация вернётся в пакет.')).toBeTruthy();
    expect(screen.queryByText(/в течение 24 часов после записи/)).toBeNull();
  });

  it('pays as usual when the person chooses to', async () => {
    const { calls } = mockFetch([priceRoute, ...routes()]);
    await openDialog();
    await toStepTwo();
    await flush(0);
    fireEvent.click(screen.getByRole('radio', { name: /Оплатить отдельно — 2\s500\s₽/ }));
    expect(screen.queryByText(/^Консультация вернётся в пакет/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'О сессии' })).queryByText('Из пакета, без доплаты')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Подтвердить и оплатить 2\s500/ }));
    await flush(0);
    await flush(0);
    const create = calls.find((call) => call.url.includes('/consultation-bookings/create'))!;
    expect(create.body).not.toHaveProperty('package_id');
    expect(screen.getByText('Время забронировано')).toBeTruthy();
  });

  it('offers no package when the price answer names none', async () => {
    mockFetch([{ ...priceRoute, body: { ...price, package: null } }, ...routes()]);
    await openDialog();
    await toStepTwo();
    await flush(0);
    expect(screen.queryByRole('radio', { name: /Списать из пакета/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Подтвердить и оплатить 2\s500/ })).toBeTruthy();
  });
});
