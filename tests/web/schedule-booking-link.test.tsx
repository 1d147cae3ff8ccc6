// A link to one booking (/CalendarPage?booking=<id>, where a notice about it leads; issue 35 item 19): it opens that
// consultation's «Запись на консультацию» as «Подробнее» does, whether it is in the loaded months or not; a booking
// that is not the viewer's says «Запись не найдена»; closing the details takes the id out of the address.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from '../../web/components/ui/toast.tsx';
import type { BookingDetail, Schedule } from '../../web/features/schedule/schedule.api.ts';
import { ScheduleScreen, type ScheduleViewer } from '../../web/features/schedule/schedule-screen.tsx';
import type { ScheduleView } from '../../web/features/schedule/schedule-tabs.ts';
import { Route } from '../../web/routes/CalendarPage.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { booking, person, schedule as scheduleFixture } from './schedule-fixtures.ts';

// Wednesday 6 March 2030, 12:00 in Moscow: the page loads December 2029 to September 2030.
const NOW = new Date('2030-03-06T09:00:00Z');
const ZONE = 'Europe/Moscow';
const MENTOR: ScheduleViewer = { id: 7, user_role: 'mentor', time_zone: ZONE };

const schedule = (parts: Partial<Schedule> = {}): Schedule => scheduleFixture(ZONE, NOW, parts);
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

function ScheduleWithView({ initial, changes }: { initial: ScheduleView; changes: ScheduleView[] }) {
  const [view, setView] = useState(initial);
  const onViewChange = (next: ScheduleView) => {
    changes.push(next);
    setView(next);
  };
  return <ScheduleScreen viewer={MENTOR} view={view} onViewChange={onViewChange} />;
}

async function openLink(initial: ScheduleView, routes: MockRoute[]) {
  const changes: ScheduleView[] = [];
  const mock = mockFetch(routes);
  renderWithRouter(
    <>
      <Toaster />
      <ScheduleWithView initial={initial} changes={changes} />
    </>,
    { path: '/CalendarPage' },
  );
  for (let i = 0; i < 8; i += 1) await flush(0);
  return { ...mock, changes };
}

const details = () => screen.queryByRole('dialog', { name: 'Запись на консультацию' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/CalendarPage?booking=<id>', () => {
  it('reads the id from the address beside the tab and the filter; a bad one reads as none', () => {
    const read = Route.options.validateSearch as (raw: Record<string, unknown>) => ScheduleView;
    expect(read({ tab: 'history', filter: 'cancelled', booking: 12 })).toEqual({ tab: 'history', filter: 'cancelled', booking: 12 });
    for (const bad of ['12abc', 0, -3, 1.5, null]) expect(read({ booking: bad }).booking).toBeUndefined();
  });

  it('opens the details of a booking in the loaded months, and closing them takes the id out of the address', async () => {
    const { changes } = await openLink({ tab: 'leading', booking: 21 }, [
      { path: /\/api\/calendars\/schedule/, body: schedule({ booked_for_mentor: [booking(21, '2030-03-09T10:00:00Z', { booked_by: person(30, 'Иван', 'Петров'), question: 'Как пройти собеседование?' })] }) },
    ]);
    const dialog = details()!;
    for (const text of ['Разбор резюме', 'Суббота, 9 марта 2030', '13:00 – 14:00', 'Иван Петров', 'Как пройти собеседование?']) expect(within(dialog).getByText(text)).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Закрыть' })[0]!);
    await flush(0);
    expect(details()).toBeNull();
    expect(changes).toEqual([{ tab: 'leading', booking: undefined }]);
  });

  it('asks for a booking outside the loaded months by itself, then its day', async () => {
    const old = booking(5, '2028-05-10T12:00:00Z', { booked_by: person(30, 'Иван', 'Петров'), status: 'finished' });
    const { calls } = await openLink({ booking: 5 }, [
      { path: /\/api\/consultation-bookings\/5\/detail/, body: { id: 5, slot: { start_time: old.slot.start_time } } as Partial<BookingDetail> },
      { path: /\/api\/calendars\/schedule\/?\?start_date=2028-05-10&end_date=2028-05-10/, body: schedule({ booked_for_mentor: [old] }) },
      { path: /\/api\/calendars\/schedule/, body: schedule() },
    ]);
    expect(calls.some((call) => call.url.includes('/consultation-bookings/5/detail'))).toBe(true);
    expect(within(details()!).getByText('Среда, 10 мая 2028')).toBeTruthy();
  });

  it('says «Запись не найдена» for a booking that is not the viewer’s, and leaves the list as it was', async () => {
    const { changes } = await openLink({ tab: 'history', booking: 404 }, [
      { path: /\/api\/consultation-bookings\/404\/detail/, status: 404, body: { detail: 'Бронирование не найдено', code: 'not_found' } },
      { path: /\/api\/calendars\/schedule/, body: schedule() },
    ]);
    expect(details()).toBeNull();
    expect(screen.getByText('Запись не найдена')).toBeTruthy();
    expect(changes).toEqual([{ tab: 'history', booking: undefined }]);
    expect(screen.getByRole('tab', { name: 'История' }).getAttribute('aria-selected')).toBe('true');
  });
});
