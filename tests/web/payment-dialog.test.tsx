import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { PAYMENT_FAILED_TOAST, PAYMENT_REDIRECT_DELAY_MS, PaymentDialog } from '../../web/features/payments/payment-dialog.tsx';
import type { PaymentService } from '../../web/features/payments/payments.api.ts';
import { mockFetch } from './mentor-test-utils.ts';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

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
    const { calls } = mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\//, body: { confirmation_url: 'https://pay.example/c/1', payment_id: 'p-1' } }]);
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
    mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\//, status: 502, body: { detail: 'Платёжная система не ответила', code: 'provider_error' } }]);
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
    mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\//, body: { confirmation_url: '', payment_id: null } }]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = renderDialog({ service_type: 'event', service_id: 5 });
    await flush(0);
    await flush(0);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(first.redirect).not.toHaveBeenCalled();

    mockFetch([{ method: 'POST', path: /\/api\/payments\/deals\//, status: 409, body: { detail: 'Время брони истекло', code: 'hold_expired' } }]);
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
