// The buyer's «Запись на консультацию» lists the payment's fiscal receipts as /loads does (decision 020, «What people
// see»): kind, sum and state in the shared Russian names, with the printable «Квитанция об оплате»; the mentor's does not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { BookingDetail, Schedule } from '../../web/features/schedule/schedule.api.ts';
import { ScheduleScreen, type ScheduleViewer } from '../../web/features/schedule/schedule-screen.tsx';
import type { ScheduleView } from '../../web/features/schedule/schedule-tabs.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { booking, person, schedule as scheduleFixture } from './schedule-fixtures.ts';

const NOW = new Date('2030-03-06T09:00:00Z');
const ZONE = 'Europe/Moscow';
const BUYER: ScheduleViewer = { id: 1, user_role: 'mentee', time_zone: ZONE };
const MENTOR: ScheduleViewer = { id: 7, user_role: 'mentor', time_zone: ZONE };
const PAYMENT = '0b6f7a52-1c1e-4b8e-9f0e-3d2a1c4b5e6f';

const schedule = (parts: Partial<Schedule> = {}): Schedule => scheduleFixture(ZONE, NOW, parts);
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

const receipts: NonNullable<BookingDetail['payment_receipts']> = {
  receipt_url: `/api/downloads/receipts/${PAYMENT}/`,
  fiscal_receipts: [
    { kind: 'payment', status: 'succeeded', amount: 1500, registered_at: '2030-03-01T07:01:00.000Z', fiscal: { fn: '9960440300012345', fd: '4021', fp: '2716375041' } },
    { kind: 'settlement', status: 'not_sent', amount: 1500, registered_at: null, fiscal: null },
  ],
};

async function openDetails(viewer: ScheduleViewer, view: ScheduleView, routes: MockRoute[]) {
  const mock = mockFetch(routes);
  renderWithRouter(<ScheduleScreen viewer={viewer} view={view} onViewChange={() => undefined} />, { path: '/CalendarPage' });
  for (let i = 0; i < 8; i += 1) await flush(0);
  return mock;
}

const details = () => screen.getByRole('dialog', { name: 'Запись на консультацию' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('booking details: fiscal receipts', () => {
  it('lists them to the buyer, each as kind · sum · state, with the «Квитанция об оплате» link', async () => {
    const bought = booking(21, '2030-03-09T10:00:00Z', { price: 1500 });
    await openDetails(BUYER, { booking: 21 }, [
      { path: /\/api\/consultation-bookings\/21\/detail/, body: { id: 21, slot: bought.slot, payment_receipts: receipts } as Partial<BookingDetail> },
      { path: /\/api\/calendars\/schedule/, body: schedule({ booked_by_user: [bought] }) },
    ]);
    const dialog = details();
    const lines = within(dialog).getAllByTestId('fiscal-receipt').map((li) => li.textContent?.replace(/\s+/g, ' '));
    expect(lines).toEqual([
      'Кассовый чек: приход · 1 500 ₽ · ЗарегистрированФН 9960440300012345 · ФД 4021 · ФП 2716375041',
      'Кассовый чек: зачёт предоплаты · 1 500 ₽ · Не зарегистрирован — повторим',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Квитанция об оплате' }).getAttribute('href')).toBe(`/api/downloads/receipts/${PAYMENT}/`);
  });

  it('shows none to the mentor and does not ask for them', async () => {
    const { calls } = await openDetails(MENTOR, { tab: 'leading', booking: 21 }, [
      { path: /\/api\/consultation-bookings\/21\/detail/, body: { id: 21, payment_receipts: receipts } as Partial<BookingDetail> },
      { path: /\/api\/calendars\/schedule/, body: schedule({ booked_for_mentor: [booking(21, '2030-03-09T10:00:00Z', { booked_by: person(30, 'Иван', 'Петров'), price: 1500 })] }) },
    ]);
    expect(within(details()).queryByTestId('fiscal-receipt')).toBeNull();
    expect(within(details()).queryByRole('link', { name: 'Квитанция об оплате' })).toBeNull();
    expect(calls.some((call) => call.url.includes('/detail'))).toBe(false);
  });
});
