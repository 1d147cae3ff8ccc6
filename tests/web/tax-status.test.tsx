import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager, QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { PaymentTab } from '../../web/features/profile-settings/payment-tab.tsx';
import type { TaxProfile } from '../../web/features/profile-settings/profile-settings.api.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { taxProfileMessages } from '../../worker/tax-profiles/tax-profiles.schemas.ts';
import { makeUser } from './fixtures.ts';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const INN = '500100732259';
const NO_STATUS_MESSAGE = 'Без налогового статуса Форма не может отправлять вам выплаты: деньги ждут на балансе.';

function profile(overrides: Partial<TaxProfile> = {}): TaxProfile {
  return {
    status: 'none',
    inn: null,
    phone: null,
    legal_name: null,
    self_employed: null,
    can_receive_payouts: false,
    message: NO_STATUS_MESSAGE,
    ...overrides,
  };
}

const taxGet = (body: TaxProfile): MockRoute => ({ path: /\/api\/tax-profile\/?$/, body });
// a card is on file, so the widget's frame (which the test DOM cannot load) stays away
const tokens: MockRoute = { path: /\/api\/payments\/tokens/, body: [{ id: 1, card_type: 'mir', card_last4: '4242', created_at: '2026-03-01T10:00:00Z' }] };

function renderTab(role: 'mentor' | 'mentee' = 'mentor') {
  // the app's 30 s staleTime (web/app/query-client.ts), so a re-read on return is the query's own doing
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, makeUser({ user_role: role }));
  return renderWithRouter(
    <>
      <PaymentTab />
      <Toaster />
    </>,
    { queryClient },
  );
}

describe('Tax status on the payout settings (decision 020)', () => {
  it('is shown to mentors only', async () => {
    const { calls } = mockFetch([tokens, taxGet(profile())]);
    renderTab('mentee');
    await screen.findByText('Карта для выплат');
    expect(screen.queryByText('Налоговый статус')).toBeNull();
    expect(calls.some((call) => call.url.includes('tax-profile'))).toBe(false);
  });

  it('shows the server’s message, why payouts wait beside the payout card, and each status’s fields', async () => {
    mockFetch([tokens, taxGet(profile())]);
    renderTab();
    expect(await screen.findByText(NO_STATUS_MESSAGE)).toBeTruthy();
    expect((await screen.findByTestId('payout-readiness')).textContent).toBe('Выплаты ждут: укажите налоговый статус — самозанятый или ИП.');
    expect(screen.getByText('Выплаты ждут')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Без статуса/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('ИНН')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /Самозанятый/ }));
    expect(screen.getByLabelText('ИНН')).toBeTruthy();
    expect(screen.getByLabelText('Телефон в «Мой налог»')).toBeTruthy();
    expect(screen.queryByLabelText('Название ИП, как в ЕГРИП')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /ИП/ }));
    expect(screen.getByLabelText('ИНН')).toBeTruthy();
    expect(screen.getByLabelText('Название ИП, как в ЕГРИП')).toBeTruthy();
    expect(screen.queryByLabelText('Телефон в «Мой налог»')).toBeNull();
  });

  it('says under «Без статуса» that payouts wait and that becoming самозанятый takes minutes in «Мой налог»', async () => {
    mockFetch([tokens, taxGet(profile({ status: 'individual_entrepreneur', inn: INN, legal_name: 'ИП Иванова', can_receive_payouts: true, message: 'ИП' }))]);
    renderTab();
    expect((await screen.findByTestId('payout-readiness')).textContent).toBe('Налоговый статус указан: выплаты на карту можно получать.');
    fireEvent.click(screen.getByRole('radio', { name: /Без статуса/ }));
    expect(screen.getByText(/выплаты ждут.*Стать самозанятым можно за несколько минут в приложении «Мой налог»/)).toBeTruthy();
  });

  it('saves an ИП with the right body and a toast', async () => {
    const saved = profile({ status: 'individual_entrepreneur', inn: INN, legal_name: 'ИП Иванова Анна Сергеевна', can_receive_payouts: true, message: 'Выплаты приходят на вашу карту как ИП.' });
    const { calls } = mockFetch([tokens, taxGet(profile()), { method: 'PUT', path: /\/api\/tax-profile\/?$/, body: saved }]);
    renderTab();
    fireEvent.click(await screen.findByRole('radio', { name: /ИП/ }));
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: INN } });
    fireEvent.change(screen.getByLabelText('Название ИП, как в ЕГРИП'), { target: { value: ' ИП Иванова Анна Сергеевна ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить статус' }));

    expect(await screen.findByText('Налоговый статус сохранён')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toMatch(/\/api\/tax-profile\/?$/);
    expect(put.body).toEqual({ status: 'individual_entrepreneur', inn: INN, phone: null, legal_name: 'ИП Иванова Анна Сергеевна' });
    expect(await screen.findByText('Выплаты приходят на вашу карту как ИП.')).toBeTruthy();
    expect(screen.getByText('Выплаты доступны')).toBeTruthy();
  });

  it('saves a самозанятый by the «Мой налог» phone as YooKassa takes it', async () => {
    const { calls } = mockFetch([
      tokens,
      taxGet(profile()),
      { method: 'PUT', path: /\/api\/tax-profile\/?$/, body: profile({ status: 'self_employed', phone: '79991234567', message: 'Осталось разрешить' }) },
    ]);
    renderTab();
    fireEvent.click(await screen.findByRole('radio', { name: /Самозанятый/ }));
    fireEvent.change(screen.getByLabelText('Телефон в «Мой налог»'), { target: { value: '9991234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить статус' }));
    await screen.findByText('Налоговый статус сохранён');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ status: 'self_employed', inn: null, phone: '79991234567', legal_name: null });
    // saved as самозанятый: the permission can now be asked for
    expect(await screen.findByRole('button', { name: 'Разрешить регистрировать чеки' })).toBeTruthy();
  });

  it('refuses with the server’s own schema before sending, and shows the server’s field error beside its field', async () => {
    const { calls } = mockFetch([
      tokens,
      taxGet(profile()),
      { method: 'PUT', path: /\/api\/tax-profile\/?$/, status: 400, body: { detail: 'Проверьте поля', code: 'validation_error', fields: { legal_name: 'Такое название не подходит' } } },
    ]);
    renderTab();
    fireEvent.click(await screen.findByRole('radio', { name: /Самозанятый/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить статус' }));
    expect(screen.getByText(taxProfileMessages.innOrPhone)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: /ИП/ }));
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: INN } });
    fireEvent.change(screen.getByLabelText('Название ИП, как в ЕГРИП'), { target: { value: 'ИП Иванова' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить статус' }));
    const error = await screen.findByText('Такое название не подходит');
    const field = screen.getByLabelText('Название ИП, как в ЕГРИП');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(error.parentElement!.id);
  });

  it.each([
    ['pending', 'Ждём подтверждения', 'Разрешить регистрировать чеки'],
    ['confirmed', 'Подтверждено', null],
    ['canceled', 'Разрешение отклонено или отозвано', 'Запросить снова'],
    ['unregistered', 'Нет статуса самозанятого', 'Запросить снова'],
    [null, 'Разрешение ещё не запрошено', 'Разрешить регистрировать чеки'],
  ] as const)('names the permission state %s «%s» with its button', async (state, label, button) => {
    mockFetch([
      tokens,
      taxGet(
        profile({
          status: 'self_employed',
          inn: INN,
          self_employed: state ? { status: state, confirmation_url: state === 'pending' ? 'https://pay.example/se/1' : null } : null,
          can_receive_payouts: state === 'confirmed',
          message: `сообщение ${state}`,
        }),
      ),
    ]);
    renderTab();
    const permission = within(await screen.findByTestId('self-employed-permission'));
    expect(permission.getByText(label)).toBeTruthy();
    expect(screen.getByText(`сообщение ${state}`)).toBeTruthy();
    const buttons = permission.queryAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(button ? [button] : []);
  });

  it('asks for the permission and sends the browser to the confirmation page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, origin: window.location.origin, assign });
    const selfEmployed = profile({ status: 'self_employed', inn: INN, message: 'Осталось разрешить' });
    const { calls } = mockFetch([
      tokens,
      taxGet(selfEmployed),
      {
        method: 'POST',
        path: /\/api\/tax-profile\/self-employed\/?$/,
        body: { ...selfEmployed, self_employed: { status: 'pending', confirmation_url: 'https://yoomoney.example/se/confirm' } },
      },
    ]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Разрешить регистрировать чеки' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://yoomoney.example/se/confirm'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('reads the permission again when the mentor comes back to the tab', async () => {
    const pending = profile({ status: 'self_employed', inn: INN, self_employed: { status: 'pending', confirmation_url: 'https://pay.example/se/1' } });
    const get = taxGet(pending);
    mockFetch([tokens, get]);
    renderTab();
    const permission = within(await screen.findByTestId('self-employed-permission'));
    expect(permission.getByText('Ждём подтверждения')).toBeTruthy();
    expect(screen.getByTestId('payout-readiness').textContent).toMatch(/^Выплаты ждут: нет подтверждённого разрешения/);

    get.body = { ...pending, self_employed: { status: 'confirmed', confirmation_url: null }, can_receive_payouts: true };
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(await permission.findByText('Подтверждено')).toBeTruthy();
    expect(screen.getByText('Выплаты доступны')).toBeTruthy();
    focusManager.setFocused(undefined);
  });

  it('shows the provider’s refusal (503 while not connected) as a toast and stays', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, origin: window.location.origin, assign });
    mockFetch([
      tokens,
      taxGet(profile({ status: 'self_employed', inn: INN, self_employed: { status: 'canceled', confirmation_url: null } })),
      {
        method: 'POST',
        path: /\/api\/tax-profile\/self-employed\/?$/,
        status: 503,
        body: { detail: 'Подтверждение статуса самозанятого пока не подключено. Попробуйте позже.', code: 'self_employed_not_configured' },
      },
    ]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Запросить снова' }));
    expect(await screen.findByText('Подтверждение статуса самозанятого пока не подключено. Попробуйте позже.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a load error with a retry', async () => {
    mockFetch([tokens, { path: /\/api\/tax-profile\/?$/, status: 500, body: { detail: 'Ошибка', code: 'internal' } }]);
    renderTab();
    expect(await screen.findByText('Не удалось загрузить налоговый статус')).toBeTruthy();
  });
});
