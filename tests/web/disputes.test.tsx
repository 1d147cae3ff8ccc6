import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { DisputesScreen, outcomeLabel } from '../../web/features/disputes/disputes-screen.tsx';
import type { Dispute } from '../../web/features/disputes/disputes.api.ts';
import { validateResolution } from '../../web/features/disputes/resolve-dialog.tsx';
import { resolveBody } from '../../worker/disputes/disputes.schemas.ts';
import { ProfileMenu } from '../../web/features/account/profile-menu.tsx';
import { makeUser } from './fixtures.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  id: 4,
  booking_id: 91,
  status: 'open',
  text: 'Наставник не пришёл на встречу',
  resolution: null,
  refund_amount: null,
  created_at: '2030-03-08T09:00:00Z',
  resolved_at: null,
  amount: 2500,
  consultation: { name: 'Разбор резюме', start_time: '2030-03-07T10:00:00Z', end_time: '2030-03-07T11:00:00Z' },
  attendance: { room_opened_at: null, buyer: null, mentor: null, buyer_waited: null },
  buyer: { id: 2, name: 'Иван', surname: 'Петров', email: 'ivan@example.com' },
  mentor: { id: 7, name: 'Анна', surname: 'Соколова', email: 'anna@example.com' },
  ...overrides,
});

function renderScreen(status: 'open' | 'resolved' = 'open') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <DisputesScreen status={status} onStatusChange={() => {}} timeZone="Europe/Moscow" />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('resolve form rules', () => {
  it('asks for a resolution and, for a partial refund, 1..price−1 whole rubles', () => {
    expect(validateResolution('refund', 2500, '', '  ').errors).toEqual({ resolution: 'Поле не может быть пустым' });
    expect(validateResolution('refund', 2500, '', 'ж'.repeat(2001)).errors).toEqual({ resolution: 'Текст не должен превышать 2000 символов' });
    expect(validateResolution('partial_refund', 2500, '0', 'ok').errors.amount).toBe('Сумма возврата — от 1 до 2\u00A0499\u00A0₽');
    expect(validateResolution('partial_refund', 2500, '2500', 'ok').errors.amount).toBe('Сумма возврата — от 1 до 2\u00A0499\u00A0₽');
    expect(validateResolution('partial_refund', 1, '1', 'ok').errors.amount).toBe('Частичный возврат невозможен');
    expect(validateResolution('partial_refund', 2500, '12.5', 'ok').errors.amount).toBeDefined();
    expect(validateResolution('partial_refund', 2500, '1 000', ' Половина ').body).toEqual({ outcome: 'partial_refund', refund_amount: 1000, resolution: 'Половина' });
    expect(validateResolution('release', 2500, '', 'Встреча прошла').body).toEqual({ outcome: 'release', resolution: 'Встреча прошла' });
  });

  it("words the resolution's checks as the server's schema does", () => {
    const serverMessage = (resolution: string) => resolveBody.safeParse({ outcome: 'refund', resolution }).error?.issues[0]?.message;
    for (const resolution of ['  ', 'ж'.repeat(2001)]) {
      expect(validateResolution('refund', 2500, '', resolution).errors.resolution).toBe(serverMessage(resolution));
    }
  });

  it('names the outcome of a resolved dispute', () => {
    const label = (value: Parameters<typeof outcomeLabel>[0]) => outcomeLabel(value).replace(/\u00A0/g, ' ');
    expect(label({ status: 'resolved_refund', refund_amount: 2500, amount: 2500 })).toBe('Возврат всей суммы: 2 500 ₽');
    expect(label({ status: 'resolved_partial', refund_amount: 1000, amount: 2500 })).toBe('Частичный возврат: 1 000 ₽');
    expect(label({ status: 'resolved_release', refund_amount: null, amount: 2500 })).toBe('Выплачено наставнику');
  });
});

describe('admin disputes screen', () => {
  it('lists open disputes with buyer, mentor, consultation, date, amount and complaint', async () => {
    const { calls } = mockFetch([{ path: /\/api\/disputes\/?\?status=open/, body: { results: [dispute()] } }]);
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Диспут №4' });
    expect(within(card).getByText('Разбор резюме')).toBeTruthy();
    expect(within(card).getByText('7 марта 2030 13:00')).toBeTruthy();
    expect(within(card).getByText('2 500 ₽')).toBeTruthy();
    expect(within(card).getByText('Иван Петров')).toBeTruthy();
    expect(within(card).getByText('Анна Соколова')).toBeTruthy();
    expect(within(card).getByText('Наставник не пришёл на встречу')).toBeTruthy();
    expect(within(card).getByText('Жалоба от 8 марта 2030 12:00')).toBeTruthy();
    expect(calls[0]!.url).toMatch(/^\/api\/disputes\/?\?status=open$/);
  });

  it('shows beside the complaint what the meeting room recorded (issue 35)', async () => {
    mockFetch([
      {
        path: /\/api\/disputes\/?\?status=open/,
        body: {
          results: [
            dispute({ id: 5, attendance: { room_opened_at: null, buyer: null, mentor: null, buyer_waited: { first_seen_at: '2030-03-07T09:55:00Z', last_seen_at: '2030-03-07T10:20:00Z' } } }),
            dispute({
              id: 6,
              attendance: {
                room_opened_at: '2030-03-07T09:50:00Z',
                mentor: { first_joined_at: '2030-03-07T09:50:00Z', minutes: 62 },
                buyer: { first_joined_at: '2030-03-07T10:05:00Z', minutes: 3 },
                buyer_waited: null,
              },
            }),
          ],
        },
      },
    ]);
    renderScreen();
    const none = within(await screen.findByRole('article', { name: 'Диспут №5' })).getByRole('region', { name: 'Что записала комната' });
    expect(within(none).getByText('наставник её не открывал')).toBeTruthy();
    expect(within(none).getAllByText('в комнату не заходил')).toHaveLength(2);
    expect(within(none).getByText('покупатель ждал открытия комнаты с 7 марта 2030 12:55 до 7 марта 2030 13:20')).toBeTruthy();
    const met = within(screen.getByRole('article', { name: 'Диспут №6' })).getByRole('region', { name: 'Что записала комната' });
    expect(within(met).getByText('открыта 7 марта 2030 12:50')).toBeTruthy();
    expect(within(met).getByText('вошёл 7 марта 2030 12:50, был в комнате 62 мин')).toBeTruthy();
    expect(within(met).getByText('вошёл 7 марта 2030 13:05, был в комнате 3 мин')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mockFetch([{ path: /\/api\/disputes\/?\?status=open/, body: { results: [] } }]);
    renderScreen();
    expect(await screen.findByText('Открытых диспутов нет')).toBeTruthy();
  });

  it("'Вернуть всё' asks for the resolution, posts the refund, says so and reloads the list", async () => {
    let resolved = false;
    const { calls } = mockFetch([
      { method: 'POST', path: /\/api\/disputes\/4\/resolve\b/, body: dispute({ status: 'resolved_refund' }) },
      { path: /\/api\/disputes\/?\?status=open/, get body() { return { results: resolved ? [] : [dispute()] }; } } as never,
    ]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть всё' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Покупателю вернётся 2 500 ₽, наставник ничего не получит.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вернуть всё' }));
    expect(within(dialog).getByText('Поле не может быть пустым')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Решение'), { target: { value: 'Встреча не состоялась' } });
    resolved = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вернуть всё' }));
    await screen.findByText('Диспут решён');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/^\/api\/disputes\/4\/resolve\/?$/);
    expect(post.body).toEqual({ outcome: 'refund', resolution: 'Встреча не состоялась' });
    expect(await screen.findByText('Открытых диспутов нет')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Вернуть часть' takes an amount between 1 and price − 1", async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: /\/api\/disputes\/4\/resolve\b/, body: dispute({ status: 'resolved_partial', refund_amount: 1000 }) },
      { path: /\/api\/disputes\/?\?status=open/, body: { results: [dispute()] } },
    ]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть часть' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Сумма возврата, ₽');
    fireEvent.change(within(dialog).getByLabelText('Решение'), { target: { value: 'Половина встречи' } });
    fireEvent.change(amount, { target: { value: '2500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вернуть часть' }));
    expect(within(dialog).getByText('Сумма возврата — от 1 до 2 499 ₽')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1000' } });
    expect(within(dialog).queryByText('Сумма возврата — от 1 до 2 499 ₽')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вернуть часть' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ outcome: 'partial_refund', refund_amount: 1000, resolution: 'Половина встречи' });
    expect(await screen.findByText('Часть суммы вернётся покупателю, остальное — наставнику')).toBeTruthy();
  });

  it("'Выплатить ментору' confirms with a resolution and posts the release", async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: /\/api\/disputes\/4\/resolve\b/, body: dispute({ status: 'resolved_release' }) },
      { path: /\/api\/disputes\/?\?status=open/, body: { results: [dispute()] } },
    ]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Выплатить ментору' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Наставник получит 2 500 ₽ за вычетом комиссии платформы 5 %/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Решение'), { target: { value: 'Встреча прошла, запись есть' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выплатить ментору' }));
    await screen.findByText('Деньги уйдут наставнику');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ outcome: 'release', resolution: 'Встреча прошла, запись есть' });
  });

  it("keeps the dialog open and shows the server's reason when resolving fails", async () => {
    mockFetch([
      { method: 'POST', path: /\/api\/disputes\/4\/resolve\b/, status: 409, body: { detail: 'Диспут уже рассмотрен', code: 'dispute_resolved' } },
      { path: /\/api\/disputes\/?\?status=open/, body: { results: [dispute()] } },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Выплатить ментору' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Решение'), { target: { value: 'Встреча прошла' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выплатить ментору' }));
    expect(await screen.findByText('Не удалось решить диспут')).toBeTruthy();
    expect(screen.getByText('Диспут уже рассмотрен')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the resolved tab shows the outcome and the resolution, without actions', async () => {
    const { calls } = mockFetch([
      {
        path: /\/api\/disputes\/?\?status=resolved/,
        body: { results: [dispute({ status: 'resolved_partial', refund_amount: 1000, resolution: 'Половина встречи', resolved_at: '2030-03-09T10:00:00Z' })] },
      },
    ]);
    renderScreen('resolved');
    expect(await screen.findByText('Частичный возврат: 1 000 ₽')).toBeTruthy();
    expect(screen.getByText('Половина встречи')).toBeTruthy();
    expect(screen.getByText('9 марта 2030 13:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Вернуть всё' })).toBeNull();
    expect(calls[0]!.url).toMatch(/^\/api\/disputes\/?\?status=resolved$/);
  });
});

describe('profile menu', () => {
  it("gives admins 'Диспуты' next to the moderation", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'admin' })} />);
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Меню профиля' }), { key: 'Enter' });
    await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Диспуты' }).getAttribute('href')).toBe('/admin/disputes');
  });

  it("hides 'Диспуты' from others", async () => {
    renderWithRouter(<ProfileMenu user={makeUser({ user_role: 'mentor' })} />);
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Меню профиля' }), { key: 'Enter' });
    await screen.findByRole('menu');
    expect(screen.queryByText('Диспуты')).toBeNull();
  });
});
