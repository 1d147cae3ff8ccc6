import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { PAYMENT_POLL_MAX_MS, PAYMENT_POLL_MS, PaymentReturnScreen } from '../../web/features/payments/payment-return-screen.tsx';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { makeUser } from './fixtures.ts';
import { makeEventDetail } from './event-test-utils.ts';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets answers, React Query's batched notifications and the renders after them run. */
async function settle() {
  for (let i = 0; i < 8; i++) await flush(0);
}
/** Waits for what needs a few more turns (the summary call after the payment), moving fake time in 10 ms steps. */
const until = (check: () => unknown) => act(() => vi.waitFor(check, { timeout: 2000, interval: 10 }));

const payment = (overrides: Record<string, unknown> = {}) => ({
  id: '00000001-0000-4000-8000-000000000001',
  status: 'succeeded',
  service_type: 'consultation',
  service_id: 91,
  event_id: null,
  booking_id: 91,
  amount: 2500,
  ...overrides,
});

const bookingDetail = {
  id: 91,
  status: 'paid',
  slot: {
    id: 13,
    start_time: '2030-03-07T10:00:00Z',
    end_time: '2030-03-07T11:00:00Z',
    consultation_type: { id: 3, name: 'Разбор резюме', user: { id: 7, mentor_name: 'Анна', mentor_surname: 'Соколова' } },
  },
};

const summaryRoutes: MockRoute[] = [
  { path: /\/api\/consultation-bookings\/91\/detail\b/, body: bookingDetail },
  { path: /\/api\/events\/GetEvent\/\?id=5/, body: makeEventDetail({ id: 5, title: 'Акварель для начинающих', date: '2030-04-01T15:00:00Z' }) },
];

function clientWith(user: ReturnType<typeof makeUser> | null = makeUser({ id: 2 })) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
  return queryClient;
}

async function renderScreen(paymentId: string | undefined, queryClient = clientWith()) {
  renderWithRouter(<PaymentReturnScreen paymentId={paymentId} />, { queryClient, path: paymentId ? `/payment-return?payment_id=${paymentId}` : '/payment-return' });
  // the router renders, the payment arrives, then what it bought
  await settle();
}

const linkHref = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/payment-return', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('without payment_id says so kindly and links to the mentors', async () => {
    const { calls } = mockFetch([]);
    await renderScreen(undefined);
    expect(screen.getByText('Здесь пока нечего показать')).toBeTruthy();
    expect(linkHref('Выбрать наставника')).toBe('/AllMentors');
    expect(calls).toHaveLength(0);
  });

  it('polls every 1.5 s while pending, then shows the success with what was bought and the mentor link', async () => {
    let status = 'pending';
    const { calls } = mockFetch([
      { path: /\/api\/payments\/00000001-0000-4000-8000-000000000001\b/, get body() { return payment({ status }); } } as MockRoute,
      ...summaryRoutes,
    ]);
    await renderScreen('00000001-0000-4000-8000-000000000001');
    expect(screen.getByText('Проверяем оплату…')).toBeTruthy();
    const polls = () => calls.filter((call) => call.url.includes('/api/payments/00000001-0000-4000-8000-000000000001')).length;
    expect(polls()).toBe(1);
    await flush(PAYMENT_POLL_MS);
    expect(polls()).toBe(2);
    await flush(PAYMENT_POLL_MS);
    expect(polls()).toBe(3);

    status = 'succeeded';
    await flush(PAYMENT_POLL_MS);
    await until(() => screen.getByText('Оплата прошла успешно'));
    await until(() => screen.getByText('Разбор резюме — Анна Соколова'));
    expect(screen.getByText('2 500 ₽')).toBeTruthy();
    expect(linkHref('Страница наставника')).toBe('/mentor_info/7');
    expect(linkHref('Открыть календарь')).toBe('/CalendarPage');

    // no more polling once the outcome is known
    const settled = polls();
    await flush(PAYMENT_POLL_MS * 3);
    expect(polls()).toBe(settled);
  });

  it('shows a loyalty discount: the regular price, why less was paid, and the sum charged (issue 36)', async () => {
    const discount = { regular_amount: 2500, percent: 10, consultation_number: 5, mentor_name: 'Анна' };
    mockFetch([{ path: /\/api\/payments\/00000001-0000-4000-8000-000000000001\b/, body: payment({ amount: 2250, discount }) }, ...summaryRoutes]);
    await renderScreen('00000001-0000-4000-8000-000000000001');
    await until(() => expect(screen.getByText('5-я консультация с Анной: −10 %') /* no-break space normalized by Testing Library */).toBeTruthy());
    expect(screen.getByText('Стоимость').nextElementSibling?.textContent).toMatch(/^2\s?500\s₽$/);
    expect(screen.getByText('Сумма').nextElementSibling?.textContent).toMatch(/^2\s?250\s₽$/);
  });

  it('a paid top-up (a move to a dearer format) says the consultation moved and links to the booking (decision 024)', async () => {
    const id = '00000009-0000-4000-8000-000000000009';
    mockFetch([{ path: new RegExp(`/api/payments/${id}\\b`), body: payment({ id, amount: 2000, is_top_up: true }) }, ...summaryRoutes]);
    await renderScreen(id);
    expect(screen.getByText('Доплата прошла')).toBeTruthy();
    expect(screen.getByText('Консультация перенесена на новое время, формат и цена обновлены. Мы сообщили наставнику.')).toBeTruthy();
    expect(screen.queryByText('Оплата прошла успешно')).toBeNull();
    await until(() => screen.getByText('Разбор резюме — Анна Соколова'));
    expect(screen.getByText('Доплата').nextElementSibling?.textContent).toMatch(/^2\s?000\s₽$/);
    expect(linkHref('Открыть запись')).toBe('/CalendarPage?booking=91');
    expect(linkHref('Открыть календарь')).toBe('/CalendarPage');
  });

  it('a canceled top-up says the booking stays as it was, not «уже оплачена» nor a retry', async () => {
    const id = '0000000a-0000-4000-8000-00000000000a';
    mockFetch([{ path: new RegExp(`/api/payments/${id}\\b`), body: payment({ id, status: 'canceled', cancel_reason: 'expired_on_confirmation', amount: 2000, is_top_up: true }) }, ...summaryRoutes]);
    await renderScreen(id);
    await until(() => screen.getByText('Разбор резюме — Анна Соколова'));
    expect(screen.getByText('Доплата не прошла')).toBeTruthy();
    expect(screen.getByText(/^Запись осталась как была: прежние время, формат и оплата\. Деньги за доплату не списаны\./)).toBeTruthy();
    expect(screen.queryByText('Запись уже оплачена')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Попробовать снова' })).toBeNull();
    expect(linkHref('Открыть запись')).toBe('/CalendarPage?booking=91');
  });

  it('links a paid event to its page', async () => {
    mockFetch([{ path: /\/api\/payments\/00000002-0000-4000-8000-000000000002\b/, body: payment({ id: '00000002-0000-4000-8000-000000000002', service_type: 'event', service_id: 5, event_id: 5, booking_id: null, amount: 1500 }) }, ...summaryRoutes]);
    await renderScreen('00000002-0000-4000-8000-000000000002');
    expect(screen.getByText('Оплата прошла успешно')).toBeTruthy();
    await until(() => screen.getByText('Акварель для начинающих'));
    expect(linkHref('К мероприятию')).toBe('/event_info/5');
  });

  it("a canceled (e.g. declined) payment says «Оплата не прошла», not that the person cancelled, and offers 'Попробовать снова' (issue 35)", async () => {
    mockFetch([
      { path: /\/api\/payments\/00000003-0000-4000-8000-000000000003\b/, body: payment({ id: '00000003-0000-4000-8000-000000000003', status: 'canceled' }) },
      // its hold ran out with it
      { path: /\/api\/consultation-bookings\/91\/detail\b/, body: { ...bookingDetail, status: 'expired' } },
    ]);
    await renderScreen('00000003-0000-4000-8000-000000000003');
    // the booking's state is read first: a payment failed for a consultation paid since says something else
    await until(() => screen.getByText('Оплата не прошла'));
    expect(screen.queryByText('Запись уже оплачена')).toBeNull();
    expect(screen.queryByText(/отменена/)).toBeNull();
    await until(() => expect(linkHref('Попробовать снова')).toBe('/mentor_info/7'));
  });

  it('an old canceled attempt of a consultation paid since says it is paid and offers the calendar, not a retry', async () => {
    const id = '00000006-0000-4000-8000-000000000006';
    mockFetch([{ path: new RegExp(`/api/payments/${id}\\b`), body: payment({ id, status: 'canceled', cancel_reason: 'insufficient_funds' }) }, ...summaryRoutes]);
    await renderScreen(id);
    await until(() => screen.getByRole('heading', { name: 'Запись уже оплачена' }));
    expect(screen.getByText(/оплачена другим платежом/)).toBeTruthy();
    expect(linkHref('Открыть календарь')).toBe('/CalendarPage');
    expect(screen.queryByRole('link', { name: 'Попробовать снова' })).toBeNull();
  });

  it.each([
    ['insufficient_funds', 'Банк отклонил платёж', /На карте недостаточно средств\. Деньги не списаны\./, 'Попробовать снова'],
    ['card_expired', 'Банк отклонил платёж', /Срок действия карты истёк\./, 'Попробовать снова'],
    ['expired_on_confirmation', 'Время на оплату истекло', /не была завершена вовремя/, 'Попробовать снова'],
    ['canceled_by_merchant', 'Платёж отменён', /Запись отменена до оплаты/, 'К мероприятию'],
    ['something_new', 'Оплата не прошла', /Банк отклонил платёж или оплата была прервана/, 'Попробовать снова'],
  ])('a payment canceled for %s says why (%s) and what next', async (reason, title, text, action) => {
    const id = '00000005-0000-4000-8000-000000000005';
    mockFetch([{ path: new RegExp(`/api/payments/${id}\\b`), body: payment({ id, status: 'canceled', cancel_reason: reason, service_type: 'event', service_id: 5, event_id: 5, booking_id: null }) }, ...summaryRoutes]);
    await renderScreen(id);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    await until(() => expect(linkHref(action)).toBe('/event_info/5'));
  });

  it('a top-up still pending after about 40 s says the consultation moves once it is confirmed', async () => {
    const id = '0000000b-0000-4000-8000-00000000000b';
    mockFetch([{ path: new RegExp(`/api/payments/${id}\\b`), body: payment({ id, status: 'pending', amount: 2000, is_top_up: true }) }, ...summaryRoutes]);
    await renderScreen(id);
    await flush(PAYMENT_POLL_MAX_MS);
    expect(screen.getByText('Ждём подтверждения от платёжной системы…')).toBeTruthy();
    expect(screen.getByText(/Как только доплата подтвердится, консультация перенесётся на новое время/)).toBeTruthy();
    expect(screen.queryByText(/бронь станет оплаченной/)).toBeNull();
  });

  it('after about 40 s of pending it stops polling and says it is waiting for the provider', async () => {
    const { calls } = mockFetch([{ path: /\/api\/payments\/00000004-0000-4000-8000-000000000004\b/, body: payment({ id: '00000004-0000-4000-8000-000000000004', status: 'pending' }) }, ...summaryRoutes]);
    await renderScreen('00000004-0000-4000-8000-000000000004');
    const polls = () => calls.filter((call) => call.url.includes('/api/payments/00000004-0000-4000-8000-000000000004')).length;
    await flush(PAYMENT_POLL_MAX_MS - 100);
    expect(screen.getByText('Проверяем оплату…')).toBeTruthy();
    await flush(100);
    expect(screen.getByText('Ждём подтверждения от платёжной системы…')).toBeTruthy();
    const stopped = polls();
    expect(stopped).toBeGreaterThanOrEqual(Math.floor(PAYMENT_POLL_MAX_MS / PAYMENT_POLL_MS) - 1);
    await flush(PAYMENT_POLL_MS * 4);
    expect(polls()).toBe(stopped);

    // 'Проверить ещё раз' asks again and polls again
    act(() => screen.getByRole('button', { name: 'Проверить ещё раз' }).click());
    await flush(0);
    expect(screen.getByText('Проверяем оплату…')).toBeTruthy();
    await flush(PAYMENT_POLL_MS);
    expect(polls()).toBeGreaterThan(stopped + 1);
  });

  it('asks a visitor to sign in', async () => {
    mockFetch([
      { method: 'POST', path: /\/api\/token\/refresh\//, status: 401, body: { detail: 'Нет сессии', code: 'not_authenticated' } },
      { path: /\/api\/payments\/00000005-0000-4000-8000-000000000005\b/, status: 401, body: { detail: 'Требуется вход', code: 'not_authenticated' } },
    ]);
    await renderScreen('00000005-0000-4000-8000-000000000005', clientWith(null));
    await flush(0);
    expect(screen.getByText('Войдите, чтобы увидеть оплату')).toBeTruthy();
    // signing in comes back to this payment's result (issue 35)
    expect(linkHref('Войти')).toBe(`/login?redirect=${encodeURIComponent('/payment-return?payment_id=00000005-0000-4000-8000-000000000005')}`);
  });

  it('says a payment of someone else or a missing one was not found', async () => {
    mockFetch([{ path: /\/api\/payments\/00000006-0000-4000-8000-000000000006\b/, status: 404, body: { detail: 'Платёж не найден', code: 'not_found' } }]);
    await renderScreen('00000006-0000-4000-8000-000000000006');
    expect(screen.getByText('Платёж не найден')).toBeTruthy();
  });
});
