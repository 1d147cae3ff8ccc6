// Consultation packages in the web (issue 36, decision 006 «Packages»): the mentor's editor, the mentor page's offers and
// «Купить пакет», «Мои пакеты» with the refund of what is unused, the cancel dialog's credit and /payment-return. The
// booking dialog's «Списать из пакета» is tested beside the rest of the dialog (booking-dialog.test.tsx).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { ConsultationTypeList } from '../../web/features/mentors/consultation-type-list.tsx';
import { ConsultationTypeDialog, validateType } from '../../web/features/session-editor/consultation-type-dialog.tsx';
import { MyPackages } from '../../web/features/schedule/my-packages.tsx';
import { CancelDialog } from '../../web/features/schedule/cancel-dialog.tsx';
import type { ScheduleItem } from '../../web/features/schedule/schedule-items.ts';
import { scheduleItems } from '../../web/features/schedule/schedule-items.ts';
import { PaymentReturnScreen, PACKAGE_PAID_TEXT } from '../../web/features/payments/payment-return-screen.tsx';
import type { ConsultationPackage } from '../../web/lib/consultation-packages.ts';
import { packagePriceText, packageLeftText } from '../../web/lib/package-text.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { makeUser } from './fixtures.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { booking, schedule } from './schedule-fixtures.ts';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
async function settle() {
  for (let i = 0; i < 8; i++) await flush(0);
}

const base = { name: 'Разбор', description: '', duration: '60', costs: '3000' };
const OFFER = { sessions: 5, percent: 10, valid_days: 180, price_per_session: 2700, total_price: 13_500, regular_total: 15_000 };

function pkg(overrides: Partial<ConsultationPackage> = {}): ConsultationPackage {
  return {
    id: 41,
    status: 'active',
    sessions: 5,
    used: 1,
    reserved: 1,
    left: 3,
    percent: 10,
    valid_days: 180,
    price_per_session: 2700,
    total_price: 13_500,
    regular_price: 3000,
    expires_at: '2030-09-02T09:00:00Z',
    paid_at: '2030-03-06T09:00:00Z',
    consultation_type: { id: 3, name: 'Разбор резюме', duration_minutes: 60 },
    mentor: { id: 7, name: 'Анна', surname: 'Соколова', avatar_url: null },
    refundable_amount: 8100,
    ...overrides,
  };
}

function clientWith(user: ReturnType<typeof makeUser> | null = makeUser({ id: 2, time_zone: 'Europe/Moscow' })) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
  return queryClient;
}

describe('package texts', () => {
  it('say an offer and what is left as the product writes prices', () => {
    expect(packagePriceText(OFFER)).toMatch(/^5 консультаций — 13\s500\s₽ вместо 15\s000\s₽ \(−10\u00a0%\)$/);
    expect(packageLeftText(3, 5)).toBe('осталось 3 из 5');
  });
});

describe('the type form’s packages', () => {
  it('checks them with the server’s messages, beside each package', () => {
    const check = (packages: { sessions: string; percent: string; valid_days: string }[], costs = '3000') => validateType({ ...base, costs, packages }).errors;
    expect(check([{ sessions: '1', percent: '10', valid_days: '180' }])).toEqual({ 'packages.0.sessions': 'В пакете не меньше 2 консультаций' });
    expect(check([{ sessions: '5', percent: '10', valid_days: '30' }])).toEqual({ 'packages.0.valid_days': 'Пакет должен действовать не меньше 90 дней' });
    expect(check([{ sessions: '5', percent: '10', valid_days: '180' }, { sessions: '5', percent: '15', valid_days: '180' }])).toEqual({
      'packages.1.sessions': 'Пакет с таким числом консультаций уже есть',
    });
    expect(check([{ sessions: '5', percent: '10', valid_days: '180' }], '0')).toEqual({ packages: 'Пакеты можно предложить только для платной консультации' });
    expect(validateType({ ...base, packages: [{ sessions: '5', percent: '10', valid_days: '180' }] }).values?.packages).toEqual([{ sessions: 5, percent: 10, valid_days: 180 }]);
  });

  it('adds a package with the price it will have, refuses a wrong one beside it and sends the packages', async () => {
    const type = { id: 3, name: 'Разбор резюме', description: '', duration_minutes: 60, costs: 3000, loyalty_steps: [], packages: [OFFER], is_recorded: true, booking_rules: NO_BOOKING_RULES, user: 7 };
    const { calls } = mockFetch([{ method: 'PATCH', path: /\/api\/consultation-types\/3\/update\b/, body: type }]);
    const onOpenChange = vi.fn();
    renderWithRouter(<ConsultationTypeDialog open onOpenChange={onOpenChange} type={type} userId={7} />, { queryClient: new QueryClient() });
    expect(((await screen.findByLabelText('Пакет 1: консультаций')) as HTMLInputElement).value).toBe('5');
    expect(screen.getByText(/^по 2\s700\s₽, всего 13\s500\s₽ вместо 15\s000\s₽$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить пакет' }));
    expect((screen.getByLabelText('Пакет 2: консультаций') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Пакет 2: скидка, %') as HTMLInputElement).value).toBe('15');
    fireEvent.change(screen.getByLabelText('Пакет 2: действует дней'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить пакет' }));
    // three at most
    expect(screen.queryByRole('button', { name: 'Добавить пакет' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить пакет 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Пакет должен действовать не меньше 90 дней')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('Пакет 2: действует дней'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ packages: [{ sessions: 5, percent: 10, valid_days: 180 }, { sessions: 10, percent: 15, valid_days: 120 }], user_id: 7 });
  });
});

describe('the mentor page’s packages', () => {
  const types = [
    { id: 3, name: 'Разбор резюме', description: '', duration_minutes: 60, costs: 3000, loyalty_steps: [], packages: [OFFER], is_recorded: true, booking_rules: NO_BOOKING_RULES },
    { id: 4, name: 'Знакомство', description: '', duration_minutes: 30, costs: 0, loyalty_steps: [], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES },
  ];
  const bookButton = () => <button type="button">Записаться</button>;

  it('lists a type’s packages with the server’s prices and buys one through the payment', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: /\/api\/consultation-packages\/buy\b/, status: 201, body: pkg({ status: 'pending_payment', used: 0, reserved: 0, left: 5, paid_at: null, expires_at: null }) },
      { method: 'POST', path: /\/api\/payments\/deals\b/, body: { confirmation_url: 'https://pay.example/confirm/9', payment_id: 'p-9' } },
    ]);
    renderWithRouter(<ConsultationTypeList mentorId={7} types={types} isSignedIn bookButton={bookButton} />, { queryClient: clientWith() });
    const lists = await screen.findAllByRole('list', { name: 'Пакеты консультаций' });
    expect(lists).toHaveLength(1);
    expect(lists[0].textContent).toMatch(/^5 консультаций — 13\s500\s₽ вместо 15\s000\s₽ \(−10\s%\), действует 180 днейКупить пакет$/);
    fireEvent.click(within(lists[0]).getByRole('button', { name: /Купить пакет/ }));
    expect(await screen.findByText('Перенаправляем к оплате…')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/payments/deals'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/buy'))!.body).toEqual({ consultation_type_id: 3, sessions: 5 });
    expect(calls.find((c) => c.url.includes('/payments/deals'))!.body).toMatchObject({ service_type: 'package', service_id: 41 });
  });

  it('sends a visitor to sign in first and back to the same purchase; its own mentor sees no «Купить пакет»', async () => {
    mockFetch([]);
    const visitor = renderWithRouter(<ConsultationTypeList mentorId={7} types={types} isSignedIn={false} bookButton={bookButton} />, {
      queryClient: clientWith(null),
      path: '/mentor_info/7',
    });
    fireEvent.click(await screen.findByRole('button', { name: /Купить пакет/ }));
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    // (the target is the window's address: the memory router's page is not it)
    expect((visitor.router.state.location.search as { redirect: string }).redirect).toMatch(/\?after_sign_in=package-3-5$/);
    visitor.unmount();

    renderWithRouter(<ConsultationTypeList mentorId={7} types={types} isSignedIn />, { queryClient: clientWith() });
    expect(await screen.findByRole('list', { name: 'Пакеты консультаций' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Купить пакет/ })).toBeNull();
  });
});

describe('«Мои пакеты»', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2030-03-06T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('shows credits left and until when, and refunds the unused after a confirmation with the server’s sum', async () => {
    let list = [pkg(), pkg({ id: 40, status: 'used_up', used: 5, reserved: 0, left: 0, refundable_amount: 0 }), pkg({ id: 39, status: 'pending_payment' })];
    const { calls } = mockFetch([
      { path: /\/api\/consultation-packages\/my\b/, get body() { return { results: list }; } } as never,
      { path: /\/api\/consultation-packages\/41\/refund-quote\b/, body: { credits: 3, amount: 8100 } },
      { method: 'POST', path: /\/api\/consultation-packages\/41\/refund\b/, body: pkg({ status: 'refunded', left: 0, refundable_amount: 0 }) },
    ]);
    renderWithRouter(
      <>
        <MyPackages timeZone="Europe/Moscow" />
        <Toaster />
      </>,
      { queryClient: clientWith() },
    );
    await settle();
    const section = screen.getByRole('region', { name: 'Мои пакеты' });
    // the unpaid checkout is not a package the person owns
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    const [first, second] = within(section).getAllByRole('listitem');
    expect(within(first).getByText('осталось 3 из 5')).toBeTruthy();
    expect(within(first).getByText('действует до 2 сентября 2030')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Записаться' }).getAttribute('href')).toBe('/mentor_info/7');
    expect(within(second).getByText('Все консультации использованы')).toBeTruthy();
    // an ended package is history: folded under «Завершённые», after the ones in use
    expect(within(section).getByText('Завершённые (1)').closest('details')!.contains(second)).toBe(true);
    expect(first.closest('details')).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: /^Вернуть неиспользованные \(8\s100\s₽\)$/ }));
    await settle();
    const dialog = screen.getByRole('alertdialog', { name: 'Вернуть неиспользованные консультации?' });
    expect(dialog.textContent).toMatch(/Вернём 8\s100\s₽ — стоимость 3 неиспользованных консультаций\./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    list = [pkg({ status: 'refunded', left: 0, refundable_amount: 0 })];
    fireEvent.click(within(dialog).getByRole('button', { name: /^Вернуть 8\s100\s₽$/ }));
    await settle();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/consultation-packages\/41\/refund\/?$/)]);
    expect(screen.getByText('Возврат оформлен')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const after = screen.getByRole('region', { name: 'Мои пакеты' });
    expect(within(after).getByText('Неиспользованные консультации возвращены')).toBeTruthy();
    expect(within(after).getByText('Действующих пакетов нет.')).toBeTruthy();
  });

  it('is not there for someone without packages', async () => {
    mockFetch([{ path: /\/api\/consultation-packages\/my\b/, body: { results: [] } }]);
    renderWithRouter(<MyPackages timeZone="Europe/Moscow" />, { queryClient: clientWith() });
    await settle();
    expect(screen.queryByRole('region', { name: 'Мои пакеты' })).toBeNull();
  });
});

describe('cancelling a booking from a package', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2030-03-06T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  const item = (): ScheduleItem => {
    const loaded = { ...schedule('Europe/Moscow', new Date('2030-03-06T09:00:00Z'), { booked_by_user: [booking(22, '2030-03-20T10:00:00Z')] }), clockOffsetMs: 0 };
    return scheduleItems(loaded).find((i) => i.kind === 'consultation')!;
  };

  it('says, after cancelling, that the consultation went back to the package when the quote said so', async () => {
    mockFetch([
      {
        path: /\/api\/consultation-bookings\/22\/cancel-quote/,
        body: {
          refund: 'not_paid',
          refund_amount: 0,
          paid_amount: 0,
          by: 'buyer',
          free_until: '2030-03-13T10:00:00Z',
          returns_credit: true,
          message: 'Консультация вернётся в пакет: её можно будет забронировать снова.',
        },
      },
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/cancel/, body: { id: 22, status: 'canceled', refund: 'full' } },
    ]);
    const onClose = vi.fn();
    renderWithRouter(
      <>
        <CancelDialog item={item()} userId={1} onClose={onClose} />
        <Toaster />
      </>,
      { queryClient: clientWith() },
    );
    await settle();
    expect(screen.getByTestId('cancel-terms').textContent).toBe('Консультация вернётся в пакет: её можно будет забронировать снова.');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить запись' }));
    await settle();
    expect(screen.getByText('Консультация вернулась в пакет.')).toBeTruthy();
  });

  it('says the refund, not a package, for a booking paid as usual', async () => {
    mockFetch([
      {
        path: /\/api\/consultation-bookings\/22\/cancel-quote/,
        body: { refund: 'full', refund_amount: 3000, paid_amount: 3000, by: 'buyer', free_until: '2030-03-13T10:00:00Z', returns_credit: false, message: 'Вернём всю сумму: 3 000 ₽.' },
      },
      { method: 'POST', path: /\/api\/consultation-bookings\/22\/cancel/, body: { id: 22, status: 'canceled', refund: 'full', returns_credit: false } },
    ]);
    renderWithRouter(
      <>
        <CancelDialog item={item()} userId={1} onClose={vi.fn()} />
        <Toaster />
      </>,
      { queryClient: clientWith() },
    );
    await settle();
    expect(screen.getByTestId('cancel-terms').textContent).toBe('Вернём всю сумму: 3 000 ₽.');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить запись' }));
    await settle();
    expect(screen.getByText('Вернём 3 000 ₽.')).toBeTruthy();
  });
});

describe('/payment-return for a package', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says what the package gives and leads to booking from it and to «Мои пакеты»', async () => {
    const id = '00000001-0000-4000-8000-000000000009';
    mockFetch([
      { path: new RegExp(`/api/payments/${id}\\b`), body: { id, status: 'succeeded', service_type: 'package', service_id: 41, event_id: null, booking_id: null, amount: 13_500 } },
      { path: /\/api\/consultation-packages\/my\b/, body: { results: [pkg({ used: 0, reserved: 0, left: 5 })] } },
    ]);
    renderWithRouter(<PaymentReturnScreen paymentId={id} />, { queryClient: clientWith(), path: `/payment-return?payment_id=${id}` });
    await act(() => vi.waitFor(() => screen.getByText('5 консультаций «Разбор резюме» — Анна Соколова'), { timeout: 2000, interval: 10 }));
    expect(screen.getByText('Оплата прошла успешно')).toBeTruthy();
    expect(screen.getByText(PACKAGE_PAID_TEXT)).toBeTruthy();
    expect(screen.getByText('Пакет')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Записаться' }).getAttribute('href')).toBe('/mentor_info/7');
    expect(screen.getByRole('link', { name: 'Мои пакеты' }).getAttribute('href')).toBe('/CalendarPage');
  });
});
