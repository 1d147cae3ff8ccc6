// «Перенести» on the schedule (issue 38 §1, decision 024): the buyer of a consultation ahead moves it from its card or its
// details with the slot picker the route hands in; the server's quote says before confirming what the move does with
// the money (the same price moves, a cheaper format gives the difference back, a dearer one is paid on the provider's
// page); a refused time reloads the picker. Without the picker (another screen) and past the cut-off there is no
// «Перенести».
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
/** the booking each mount was told is moving (the rules leave it out) */
const movingIds: (number | undefined)[] = [];
const FakePicker: SlotPickerComponent = ({ consultationTypeId, selectedSlotId, onSelectSlot, movingBookingId }) => {
  useState(() => {
    mounts.push(consultationTypeId);
    movingIds.push(movingBookingId);
  });
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
/** the quote's text with no-break spaces read as spaces */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

/** GET …/reschedule-quote: the same type at the same price unless told otherwise */
const quote = (overrides: Record<string, unknown> = {}) => ({
  slot_id: 502,
  start_time: '2030-03-13T07:00:00.000Z',
  end_time: '2030-03-13T08:00:00.000Z',
  same_type: true,
  consultation_type_id: 3,
  type_name: 'Разбор резюме',
  price_before: 3000,
  price_after: 3000,
  to_pay: 0,
  to_refund: 0,
  cancel_cutoff_hours: 0,
  ...overrides,
});
const quoteRoute = (bookingId: number, body: unknown, status = 200): MockRoute => ({
  path: new RegExp(`/api/consultation-bookings/${bookingId}/reschedule-quote`),
  status,
  body,
});
/** the mentor's current types (GET /api/consultation-types/all/?user_id=7) */
const type = (id: number, name: string, costs: number) => ({
  id,
  name,
  description: '',
  duration_minutes: 60,
  costs,
  loyalty_steps: [],
  packages: [],
  is_recorded: true,
  booking_rules: null,
  user: 7,
});
const typesRoute: MockRoute = {
  path: /\/api\/consultation-types\/all\/?\?user_id=7/,
  body: [type(3, 'Разбор резюме', 3000), type(4, 'Стратегия карьеры', 5000), type(5, 'Экспресс-разбор', 1500)],
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  mounts.length = 0;
  movingIds.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('«Перенести» a consultation', () => {
  it('moves a paid booking from its card: picks a time, says nothing is charged, posts the slot and reloads', async () => {
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      quoteRoute(22, quote({ slot_id: 502 })),
      {
        method: 'POST',
        path: /\/api\/consultation-bookings\/22\/reschedule/,
        body: { status: 'moved', id: 22, slot_id: 502, starts_at: '2030-03-13T07:00:00.000Z', previous_starts_at: '2030-03-09T10:00:00.000Z', refunded: 0 },
      },
    ]);
    await render();
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Перенести' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Перенести консультацию' });
    expect(mounts).toEqual([3]);
    // the picker leaves the moving booking out of the type's rules
    expect(movingIds).toEqual([22]);
    // the mentor has no other format (the list failed here): nothing to choose, the same price moves
    expect(within(dialog).queryByRole('group', { name: 'Формат' })).toBeNull();
    expect(within(dialog).getByTestId('reschedule-terms').textContent).toBe('Оплата переходит на новое время: доплачивать ничего не нужно, возврата не будет.');
    const confirm = within(dialog).getByRole('button', { name: 'Перенести' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('radio', { name: '2030-03-13T07:00:00Z' }));
    await flush(0);
    await flush(0);
    expect(within(dialog).getByTestId('reschedule-terms').textContent).toMatch(/^Суббота, 9 марта, 13:00.*Среда, 13 марта, 10:00Оплата переходит на новое время: доплачивать ничего не нужно\.$/);
    const loads = calls.filter((call) => call.url.includes('/calendars/schedule')).length;
    fireEvent.click(confirm);
    await flush(0);
    await flush(0);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/consultation-bookings\/22\/reschedule\/?$/);
    // the provider would send the browser back to the return page (only for a top-up)
    expect(post.body).toEqual({ slot_id: 502, return_url: `${window.location.origin}/payment-return` });
    expect(screen.getByText('Консультация перенесена')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Перенести консультацию' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('/calendars/schedule')).length).toBe(loads + 1);
  });

  it('opens from the booking’s details too; a time taken meanwhile is said in Russian and the picker asks again', async () => {
    mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z', { price: 0 })] })),
      quoteRoute(22, quote({ slot_id: 501, price_before: 0, price_after: 0 })),
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
    await flush(0);
    await flush(0);
    expect(within(dialog).getByTestId('reschedule-quote').textContent).toBe('Консультация бесплатная: платить ничего не нужно.');
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

describe('«Перенести» onto another format of the mentor', () => {
  const openMove = async () => {
    await render();
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Перенести' }));
    await flush(0);
    await flush(0);
    return screen.getByRole('dialog', { name: 'Перенести консультацию' });
  };
  const pickSlot = async (dialog: HTMLElement, name = '2030-03-13T07:00:00Z') => {
    fireEvent.click(within(dialog).getByRole('radio', { name }));
    await flush(0);
    await flush(0);
  };

  it('offers the mentor’s formats, the booking’s own first and chosen; another reloads the picker for it', async () => {
    const { calls } = mockFetch([scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })), typesRoute]);
    const dialog = await openMove();
    const formats = within(dialog).getByRole('group', { name: 'Формат' });
    const options = within(formats).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')!.textContent!.replace(/\u00a0/g, ' '))).toEqual([
      'Разбор резюме1 ч · 3 000 ₽ · сейчас',
      'Стратегия карьеры1 ч · 5 000 ₽',
      'Экспресс-разбор1 ч · 1 500 ₽',
    ]);
    expect((options[0] as HTMLInputElement).checked).toBe(true);
    expect(plain(within(dialog).getByTestId('reschedule-terms').textContent)).toBe(
      'Оплата переходит на новое время. Если выберете другой формат, до подтверждения покажем новую цену: доплату или возврат разницы.',
    );
    fireEvent.click(within(formats).getByRole('radio', { name: /Стратегия карьеры/ }));
    await flush(0);
    expect(mounts).toEqual([3, 4]);
    expect(movingIds).toEqual([22, 22]);
    // no quote is asked before a time is chosen
    expect(calls.some((c) => c.url.includes('reschedule-quote'))).toBe(false);
  });

  it('moves a booking paid from a package only within its format: no choice is offered', async () => {
    mockFetch([scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z', { from_package: true })] })), typesRoute]);
    const dialog = await openMove();
    await flush(0);
    expect(within(dialog).queryByRole('group', { name: 'Формат' })).toBeNull();
  });

  it('keeps the booking’s own format first and chosen when the mentor has archived it since', async () => {
    mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      { ...typesRoute, body: [type(4, 'Стратегия карьеры', 5000)] },
    ]);
    const dialog = await openMove();
    const options = within(within(dialog).getByRole('group', { name: 'Формат' })).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')!.textContent!.replace(/\u00a0/g, ' '))).toEqual(['Разбор резюме1 ч · 3 000 ₽ · сейчас', 'Стратегия карьеры1 ч · 5 000 ₽']);
    expect((options[0] as HTMLInputElement).checked).toBe(true);
    expect(mounts).toEqual([3]);
  });

  it('a dearer format: quotes the top-up and the cut-off, «Перенести и доплатить», then goes to the provider’s page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, origin: window.location.origin, assign });
    const { calls } = mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      typesRoute,
      quoteRoute(22, quote({ same_type: false, consultation_type_id: 4, type_name: 'Стратегия карьеры', price_after: 5000, to_pay: 2000, cancel_cutoff_hours: 24 })),
      {
        method: 'POST',
        path: /\/api\/consultation-bookings\/22\/reschedule/,
        body: {
          status: 'awaiting_payment',
          id: 22,
          slot_id: 502,
          to_pay: 2000,
          payment_id: '00000001-0000-4000-8000-000000000009',
          confirmation_url: 'http://127.0.0.1/sandbox/checkout/00000001-0000-4000-8000-000000000009',
          hold_expires_at: '2030-03-06T09:15:00.000Z',
        },
      },
    ]);
    try {
      const dialog = await openMove();
      fireEvent.click(within(dialog).getByRole('radio', { name: /Стратегия карьеры/ }));
      await flush(0);
      await pickSlot(dialog);
      const asked = calls.find((c) => c.url.includes('reschedule-quote'))!;
      expect(asked.url).toMatch(/\/consultation-bookings\/22\/reschedule-quote\/?\?slot_id=502$/);
      expect(plain(within(dialog).getByTestId('reschedule-terms').textContent)).toBe(
        'Суббота, 9 марта, 13:00Среда, 13 марта, 10:00, «Стратегия карьеры»' +
          'Новая цена 5 000 ₽ вместо 3 000 ₽. Доплата 2 000 ₽: время держится за вами 15 минут, пока вы платите.' +
          'Отменить или перенести можно будет не позднее чем за 24 ч до начала.',
      );
      const confirm = within(dialog).getByRole('button', { name: /^Перенести и доплатить 2\u00a0000\u00a0₽$/ });
      // (earlier tests' toasts may still be up: count this one's)
      const movedToasts = () => screen.queryAllByText('Консультация перенесена').length;
      const before = movedToasts();
      fireEvent.click(confirm);
      await flush(0);
      await flush(0);
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ slot_id: 502 });
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1/sandbox/checkout/00000001-0000-4000-8000-000000000009');
      // nothing says «перенесена» yet: the booking moves when the top-up succeeds
      expect(movedToasts()).toBe(before);
      expect(within(dialog).getByRole('button', { name: /Перенести и доплатить/ }).hasAttribute('disabled')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a cheaper format: quotes the partial refund; the toast says the difference is on its way back', async () => {
    mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      typesRoute,
      quoteRoute(22, quote({ same_type: false, consultation_type_id: 5, type_name: 'Экспресс-разбор', price_after: 1500, to_refund: 1500 })),
      {
        method: 'POST',
        path: /\/api\/consultation-bookings\/22\/reschedule/,
        body: { status: 'moved', id: 22, slot_id: 502, starts_at: '2030-03-13T07:00:00.000Z', previous_starts_at: '2030-03-09T10:00:00.000Z', refunded: 1500 },
      },
    ]);
    const dialog = await openMove();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Экспресс-разбор/ }));
    await flush(0);
    await pickSlot(dialog);
    expect(plain(within(dialog).getByTestId('reschedule-quote').textContent)).toBe(
      'Новая цена 1 500 ₽ вместо 3 000 ₽. Разницу 1 500 ₽ вернём на карту, с которой вы платили.',
    );
    // no cut-off on the new format: nothing more is said
    expect(within(dialog).getByTestId('reschedule-terms').querySelectorAll('p')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    await flush(0);
    await flush(0);
    expect(screen.getAllByText('Консультация перенесена').length).toBeGreaterThan(0);
    expect(plain(screen.getByText(/Разницу .* возвращаем/).textContent)).toBe(
      'Среда, 13 марта, 10:00. Разницу 1 500 ₽ возвращаем на карту, с которой вы платили: банк может зачислить её не сразу. Мы сообщили наставнику.',
    );
  });

  it('waits for the quote before confirming, and says a refused quote in the server’s words', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => (release = resolve));
    mockFetch([
      scheduleRoute(schedule({ booked_by_user: [booking(22, '2030-03-09T10:00:00Z')] })),
      typesRoute,
      {
        ...quoteRoute(22, { detail: 'Перенести запись можно не позднее чем за 24 ч до начала', code: 'reschedule_cutoff_passed' }, 409),
        wait,
      },
    ]);
    const dialog = await openMove();
    await pickSlot(dialog);
    expect(within(dialog).getByTestId('reschedule-terms').textContent).toContain('Считаем стоимость переноса…');
    expect(within(dialog).getByRole('button', { name: 'Перенести' }).hasAttribute('disabled')).toBe(true);
    release();
    await flush(0);
    await flush(0);
    await flush(0);
    expect(within(dialog).getByTestId('reschedule-quote-error').textContent).toBe('Перенести запись можно не позднее чем за 24 ч до начала');
    expect(within(dialog).getByRole('button', { name: 'Перенести' }).hasAttribute('disabled')).toBe(true);
  });

  it('the mentor’s proposal keeps the format: no choice, no quote', async () => {
    const { calls } = mockFetch([scheduleRoute(schedule({ booked_for_mentor: [booking(22, '2030-03-09T10:00:00Z')] })), typesRoute]);
    await render({ viewer: MENTOR });
    fireEvent.click(within(card('booking:22')).getByRole('button', { name: 'Подробнее' }));
    await flush(0);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Запись на консультацию' })).getByRole('button', { name: 'Предложить другое время' }));
    await flush(0);
    const dialog = screen.getByRole('dialog', { name: 'Предложить другое время' });
    expect(within(dialog).queryByRole('group', { name: 'Формат' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: '2030-03-12T07:00:00Z' }));
    await flush(0);
    expect(within(dialog).getByRole('button', { name: 'Предложить' }).hasAttribute('disabled')).toBe(false);
    expect(calls.some((c) => c.url.includes('consultation-types/all') || c.url.includes('reschedule-quote'))).toBe(false);
    expect(movingIds).toEqual([undefined]);
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
