import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { EventPageScreen } from '../../web/features/events/event-page-screen.tsx';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { PAYMENT_FAILED_TOAST, PAYMENT_REDIRECT_DELAY_MS, PaymentDialog } from '../../web/components/payment-dialog.tsx';
import type { PaymentService } from '../../web/lib/payment-deal.ts';
import { makeUser } from './fixtures.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeEventDetail } from './event-test-utils.ts';
import type { EventListPage, EventReview, RegisterResult, RegistrationCheck } from '../../web/features/events/events.api.ts';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Waits for what takes a few turns (a page's several calls), moving fake time in 10 ms steps. */
const until = <T,>(check: () => T) => act(() => vi.waitFor(check, { timeout: 2000, interval: 10 }));
const dealCall = (calls: { url: string; body: unknown }[]) => () => {
  const call = calls.find((item) => item.url.includes('/api/payments/deals'));
  if (!call) throw new Error('no deal call yet');
  return call;
};

function renderDialog(service: PaymentService | null, { onClose = vi.fn(), redirect = vi.fn() } = {}) {
  const view = render(
    <>
      <PaymentDialog service={service} onClose={onClose} redirect={redirect} />
      <Toaster />
    </>,
  );
  const rerender = (next: PaymentService | null) =>
    view.rerender(
      <>
        <PaymentDialog service={next} onClose={onClose} redirect={redirect} />
        <Toaster />
      </>,
    );
  return { onClose, redirect, rerender };
}

describe('payment dialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('creates the deal for any service and redirects 800 ms after the address arrives', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\b/, body: { confirmation_url: 'https://pay.example/c/1', payment_id: 'p-1' } }]);
    const { redirect, onClose, rerender } = renderDialog({ service_type: 'event', service_id: 5 });

    expect(screen.getByText('Перенаправляем к оплате…')).toBeTruthy();
    expect(screen.getByText('Окно оплаты откроется автоматически.')).toBeTruthy();
    await flush(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ service_type: 'event', service_id: 5, return_url: `${window.location.origin}/payment-return` });

    // a new object for the same service does not start a second deal
    rerender({ service_type: 'event', service_id: 5 });
    await flush(PAYMENT_REDIRECT_DELAY_MS - 1);
    expect(redirect).not.toHaveBeenCalled();
    await flush(1);
    expect(redirect).toHaveBeenCalledExactlyOnceWith('https://pay.example/c/1');
    expect(calls).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes when the call fails, saying the booking is still held', async () => {
    mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\b/, status: 502, body: { detail: 'Платёжная система не ответила', code: 'provider_error' } }]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { redirect, onClose } = renderDialog({ service_type: 'consultation', service_id: 91 });
    await flush(0);
    await flush(0);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText(PAYMENT_FAILED_TOAST)).toBeTruthy();
    expect(screen.getByText('Время забронировано за вами. Попробуйте оплатить ещё раз чуть позже.')).toBeTruthy();
    await flush(PAYMENT_REDIRECT_DELAY_MS);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("closes when the answer has no address, and shows the server's reason for a refusal", async () => {
    mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\b/, body: { confirmation_url: '', payment_id: null } }]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = renderDialog({ service_type: 'event', service_id: 5 });
    await flush(0);
    await flush(0);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(first.redirect).not.toHaveBeenCalled();

    mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\b/, status: 409, body: { detail: 'Время брони истекло', code: 'hold_expired' } }]);
    const second = renderDialog({ service_type: 'event', service_id: 6 });
    await flush(0);
    await flush(0);
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Время брони истекло').length).toBeGreaterThan(0);
  });

  it('stays closed and calls nothing without a service', async () => {
    const { calls } = mockFetch([]);
    renderDialog(null);
    await flush(PAYMENT_REDIRECT_DELAY_MS);
    expect(screen.queryByText('Перенаправляем к оплате…')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe("the event page's paid 'Участвовать'", () => {
  const event = makeEventDetail({ date: '2030-03-05T15:30:00Z', status: 'live' });
  const common = [
    { path: /\/api\/events\/GetEvent\//, body: event },
    { path: /\/api\/event_reviews\/GetEventReviews\//, body: [] satisfies EventReview[] },
    { path: /\/api\/events\/load_more\//, body: { results: [], has_more: false } satisfies EventListPage },
  ];

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function renderEventPage() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueries.me().queryKey, makeUser({ id: 2 }));
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient });
  }

  it('registers (pending payment) and opens the generic payment dialog for the event', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, pathname: window.location.pathname, search: window.location.search, origin: window.location.origin, assign });
    const { calls } = mockFetch([
      ...common,
      { path: /\/api\/events\/check_registration\//, body: { is_registered: false, status: null } satisfies RegistrationCheck },
      { method: 'POST', path: /\/api\/events\/register_for_event\//, status: 201, body: { id: 3, event_id: 7, status: 'pending_payment', hold_expires_at: null } satisfies RegisterResult },
      { method: 'POST', path: /\/api\/payments\/deals\b/, body: { confirmation_url: 'https://pay.example/c/7', payment_id: 'p-7' } },
    ]);
    await renderEventPage();
    const [button] = await until(() => {
      const found = screen.getAllByRole('button', { name: 'Участвовать' });
      expect(found[0]!.hasAttribute('disabled')).toBe(false);
      return found;
    });
    act(() => button!.click());
    // the summary first (issue 35), then the seat and the checkout
    const pay = await until(() => screen.getByRole('button', { name: /^Подтвердить и оплатить/ }));
    act(() => pay.click());
    await until(() => screen.getByText('Перенаправляем к оплате…'));
    const deal = await until(dealCall(calls));
    expect(deal.body).toEqual({ service_type: 'event', service_id: 7, return_url: `${window.location.origin}/payment-return` });
    await flush(PAYMENT_REDIRECT_DELAY_MS);
    expect(assign).toHaveBeenCalledWith('https://pay.example/c/7');
  });

  it("offers 'Перейти к оплате' for a seat still held for payment", async () => {
    const { calls } = mockFetch([
      ...common,
      { path: /\/api\/events\/check_registration\//, body: { is_registered: true, status: 'pending_payment' } satisfies RegistrationCheck },
      { method: 'POST', path: /\/api\/payments\/deals\b/, body: { confirmation_url: 'https://pay.example/c/7', payment_id: 'p-7' } },
    ]);
    await renderEventPage();
    const [button] = await until(() => screen.getAllByRole('button', { name: 'Перейти к оплате' }));
    act(() => button!.click());
    const deal = await until(dealCall(calls));
    expect(deal.body).toMatchObject({ service_type: 'event', service_id: 7 });
    expect(calls.some((call) => call.url.includes('register_for_event'))).toBe(false);
  });
});
