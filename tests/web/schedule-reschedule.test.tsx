// «Перенести» on the schedule (issue 38 §1, decision 024): the buyer of a consultation ahead moves it from its card or its
// details with the slot picker the route hands in; the payment stays, nothing is charged; a refused time reloads the
// picker. Without the picker (another screen) and past the cut-off there is no «Перенести».
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from '../../web/components/ui/toast.tsx';
import type { Schedule } from '../../web/features/schedule/schedule.api.ts';
import type { SlotPickerComponent } from '../../web/features/schedule/reschedule-dialog.tsx';
import { ScheduleScreen, type ScheduleViewer } from '../../web/features/schedule/schedule-screen.tsx';
import type { ScheduleView } from '../../web/features/schedule/schedule-tabs.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { booking, schedule as scheduleFixture } from './schedule-fixtures.ts';

const NOW = new Date('2030-03-06T09:00:00Z');
const ZONE = 'Europe/Moscow';
const MENTEE: ScheduleViewer = { id: 1, user_role: 'mentee', time_zone: ZONE };
const MENTOR: ScheduleViewer = { id: 7, user_role: 'mentor', time_zone: ZONE };

const schedule = (parts: Partial<Schedule> = {}): Schedule => scheduleFixture(ZONE, NOW, parts);
const scheduleRoute = (body: Schedule): MockRoute => ({ path: /\/api\/calendars\/schedule/, body });
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** stands in for the booking dialog's picker: two free times of the type it is asked about; counts its mounts */
const mounts: number[] = [];
const FakePicker: SlotPickerComponent = ({ consultationTypeId, selectedSlotId, onSelectSlot }) => {
  useState(() => mounts.push(consultationTypeId));
  return (
    <div role="radiogroup" aria-label="Время">
      {[
        { id: 501, start_time: '2030-03-12T07:00:00Z', end_time: '2030-03-12T08:00:00Z' },
        { id: 502, start_time: '2030-03-13T07:00:00Z', end_time: '2030-03-13T08:00:00Z' },
      ].map((slot) => (
        <button key={slot.id} type="button" role="radio" aria-checked={slot.id === selectedSlotId} onClick={() => onSelectSlot(slot)}>
          {slot.start_time}
        </button>
      ))}
    </div>
  );
};

function Screen({ picker, viewer }: { picker?: SlotPickerComponent; viewer: ScheduleViewer }) {
  const [view, setView] = useState<ScheduleView>({});
  return <ScheduleScreen viewer={viewer} view={view} onViewChange={setView} slotPicker={picker} />;
}

async function render({ withPicker = true, viewer = MENTEE } = {}) {
  const picker = withPicker ? FakePicker : undefined;
  renderWithRouter(
    <>
      <Toaster />
      <Screen picker={picker} viewer={viewer} />
    </>,
    { path: '/CalendarPage' },
  );
  for (let i = 0; i < 4; i += 1) await flush(0);
}

const card = (key: string) => screen.getByTestId(`schedule-card-${key}`);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  mounts.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('«Перенести» a consultation', () => {
  it('moves a paid booking from its card: picks a time, says nothing is charged, posts the slot and reloads', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/reschedule/, body: { id: 22, slot_id: 502, starts_at: '2030-03-13T07:00:00.000Z', previous_starts_at: '2030-03-09T10:00:00.000Z' } },
    ]);
    await render();
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Перенести' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Перенести консультацию' });
    expect(mounts).toEqual([3]);
    expect(within(dialog).getByTestId('reschedule-terms').textContent).toBe('Оплата переходит на новое время: доплачивать ничего не нужно, возврата не будет.');
    const confirm = within(dialog).getByRole('button', { name: 'Перенести' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: '2030-03-13T07:00:00Z' }));
    expect(within(dialog).getByTestId('reschedule-terms').textContent).toMatch(/^Суббота, 9 марта, 13:00.*Среда, 13 марта, 10:00Оплата переходит/);
    const loads = calls.filter((call) => call.url.includes('/calendars/schedule')).length;
    fireEvent.click(confirm);
    await flush(0);
    await flush(0);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/consultation-bookings\/22\/reschedule\/?$/);
    expect(post.body).toEqual({ slot_id: 502 });
    expect(screen.getByText('Консультация перенесена')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Перенести консультацию' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('/calendars/schedule')).length).toBe(loads + 1);
  });

  it('opens from the booking’s details too; a time taken meanwhile is said in Russian and the picker asks again', async () => {
    mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z', { price: 0 })] })),
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/reschedule/, status: 409, body: { detail: 'Это время уже занято', code: 'slot_taken' } },
    ]);
    await render();
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Подробнее' }));
    await flush(0);
    const details = screen.getByRole('dialog', { name: 'Запись на консультацию' });
    fireEvent.click(within(details).getByRole('button', { name: 'Перенести' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Перенести консультацию' });
    expect(within(dialog).getByTestId('reschedule-terms').textContent).toBe('Консультация бесплатная — просто выберите новое время.');
    fireEvent.click(within(dialog).getByRole('radio', { name: '2030-03-12T07:00:00Z' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    await flush(0);
    await flush(0);
    expect(screen.getByText('Не удалось перенести')).toBeTruthy();
    expect(screen.getByText('Это время уже занято')).toBeTruthy();
    // still open, nothing chosen, the picker mounted afresh (it asks for the free times again)
    expect(within(dialog).getByRole('button', { name: 'Перенести' }).hasAttribute('disabled')).toBe(true);
    expect(mounts).toEqual([3, 3]);
  });

  it('offers no «Перенести» past the cut-off kept on the booking', async () => {
    mockFetch([
      scheduleRoute(
        schedule({
          booked_by_user: [booking(22, '2030-03-09T10:00:00Z'), booking(23, '2030-03-06T20:00:00Z', { cancel_cutoff_hours: 24 })],
        }),
      ),
    ]);
    await render();
    expect(within(card('booking:22')).queryByRole('button', { name: 'Перенести' })).not.toBeNull();
    expect(within(card('booking:23')).queryByRole('button', { name: 'Перенести' })).toBeNull();
  });

  it('has no «Перенести» without the slot picker', async () => {
    mockFetch([scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] }))]);
    await render({ withPicker: false });
    expect(within(card('booking:22')).queryByRole('button', { name: 'Перенести' })).toBeNull();
  });
});

const proposal = (role: 'mentee' | 'mentor') => ({
  id: 9,
  booking_id: 22,
  role,
  type_name: 'Разбор резюме',
  booking_start_time: '2030-03-09T10:00:00.000Z',
  slot: { id: 502, start_time: '2030-03-13T07:00:00.000Z', end_time: '2030-03-13T08:00:00.000Z' },
  expires_at: '2030-03-07T09:00:00.000Z',
});
const proposalsRoute = (body: unknown): MockRoute => ({ path: /\/api\/consultation-bookings\/move-proposals\/?(\?.*)?$/, body });

describe('a mentor’s proposal to move', () => {
  it('shows the mentee the proposed time and how long it is held; «Принять» accepts, «Отменить с возвратом» declines with cancel', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      proposalsRoute([proposal('mentee')]),
      { method: 'POST', path: /move-proposals\/9\/accept/, body: { id: 22, starts_at: '2030-03-13T07:00:00.000Z', previous_starts_at: '2030-03-09T10:00:00.000Z' } },
      { method: 'POST', path: /move-proposals\/9\/decline/, body: { booking_id: 22, status: 'canceled', refund: 'full' } },
    ]);
    await render();
    const panel = screen.getByTestId('move-proposal-9');
    expect(within(panel).getByRole('heading').textContent).toBe('Наставник предлагает перенести консультацию «Разбор резюме»');
    expect(panel.textContent).toContain('Сб, 9 марта, 13:00');
    expect(panel.textContent).toContain('Ср, 13 марта, 10:00');
    expect(panel.textContent).toContain('Время держится за вами до Чт, 7 марта, 12:00');
    fireEvent.click(within(panel).getByRole('button', { name: 'Принять' }));
    await flush(0);
    await flush(0);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.replace(/^.*\/api/, ''))).toEqual(['/consultation-bookings/move-proposals/9/accept']);
    // the toast with the new time, beside the panel's own
    expect(screen.getAllByText('Ср, 13 марта, 10:00')).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId('move-proposal-9')).getByRole('button', { name: 'Отменить с возвратом' }));
    await flush(0);
    await flush(0);
    const decline = calls.filter((c) => c.method === 'POST')[1]!;
    expect(decline.url).toMatch(/move-proposals\/9\/decline\/?$/);
    expect(decline.body).toEqual({ cancel: true });
    expect(screen.getByText('Вернём всю сумму.')).toBeTruthy();
  });

  it('lets the mentor propose another time from the booking’s details with the same picker, and shows what waits', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_for_mentor: [booking(22, '2030-03-09T10:00:00Z')] })),
      proposalsRoute([proposal('mentor')]),
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/propose-move/, status: 201, body: { id: 10, booking_id: 22, expires_at: '2030-03-07T09:00:00.000Z' } },
    ]);
    await render({ viewer: MENTOR });
    expect(within(screen.getByTestId('move-proposal-9')).getByRole('heading').textContent).toBe('Вы предложили перенести консультацию «Разбор резюме»');
    expect(within(screen.getByTestId('move-proposal-9')).queryByRole('button')).toBeNull();
    // the mentor's card has no «Перенести»: moving is the mentee's; the mentor proposes from the details
    expect(within(card('booking:22')).queryByRole('button', { name: 'Перенести' })).toBeNull();
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Подробнее' }));
    await flush(0);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Запись на консультацию' })).getByRole('button', { name: 'Предложить другое время' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Предложить другое время' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '2030-03-12T07:00:00Z' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Предложить' }));
    await flush(0);
    await flush(0);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/consultation-bookings\/22\/propose-move\/?$/);
    expect(post.body).toEqual({ slot_id: 501 });
    expect(screen.getByText('Предложение отправлено')).toBeTruthy();
  });
});
