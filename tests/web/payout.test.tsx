import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { readPayoutCardMessage } from '../../web/features/profile-settings/payout-card-message.ts';
import { PaymentTab, PAYOUT_WIDGET_SRC } from '../../web/features/profile-settings/payment-tab.tsx';

const valid = { type: 'forma-payout-card', payout_token: 'tok_123', card_last4: '4242', card_type: 'mir' };

function jsonResponse(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

function renderTab() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <PaymentTab />
    </QueryClientProvider>,
  );
}

describe('readPayoutCardMessage', () => {
  const origin = 'https://forma.example';

  it('accepts the widget message from our origin', () => {
    expect(readPayoutCardMessage({ origin, data: valid }, origin)).toEqual(valid);
  });

  it('ignores other origins and other shapes', () => {
    expect(readPayoutCardMessage({ origin: 'https://evil.example', data: valid }, origin)).toBeNull();
    expect(readPayoutCardMessage({ origin, data: { ...valid, type: 'other' } }, origin)).toBeNull();
    expect(readPayoutCardMessage({ origin, data: { ...valid, card_last4: '42' } }, origin)).toBeNull();
    expect(readPayoutCardMessage({ origin, data: { ...valid, payout_token: '' } }, origin)).toBeNull();
    expect(readPayoutCardMessage({ origin, data: JSON.stringify(valid) }, origin)).toBeNull();
    expect(readPayoutCardMessage({ origin, data: null }, origin)).toBeNull();
  });
});

describe('PaymentTab', () => {
  it('embeds the widget when there is no card and saves the token it posts, ignoring strangers', async () => {
    const tokens: unknown[] = [];
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        tokens.push({ id: 9, card_type: 'mir', card_last4: '4242', created_at: '2026-03-01T10:00:00Z' });
        return jsonResponse(tokens[0], 201);
      }
      return jsonResponse(tokens);
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderTab();

    const frame = await screen.findByTitle('Форма привязки карты');
    expect(frame.getAttribute('src')).toBe(PAYOUT_WIDGET_SRC);
    expect(screen.getByText('Карта не привязана')).toBeTruthy();

    post(valid, 'https://evil.example');
    post({ type: 'forma-payout-card', payout_token: 'tok' });
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    post(valid);
    await waitFor(() => expect(screen.getByText('•••• 4242')).toBeTruthy());
    const postCall = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(postCall[0]).toBe('/api/payments/tokens');
    expect(JSON.parse(String(postCall[1]!.body))).toEqual({ payout_token: 'tok_123', card_last4: '4242', card_type: 'mir' });
  });

  it('sizes the widget frame to the height the widget reports, so «Сохранить карту» is never cut off (issue 35)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([])));
    renderTab();
    const frame = (await screen.findByTitle('Форма привязки карты')) as HTMLIFrameElement;
    // before the widget speaks: room for the sandbox form with its button on a phone, not the old 420 px
    expect(parseInt(frame.style.height, 10)).toBeGreaterThanOrEqual(560);

    post({ type: 'forma-payout-card-size', height: 541 });
    await waitFor(() => expect(frame.style.height).toBe('541px'));
    post({ type: 'forma-payout-card-size', height: 612 });
    await waitFor(() => expect(frame.style.height).toBe('612px'));
    // another origin or a nonsense height changes nothing
    post({ type: 'forma-payout-card-size', height: 20 }, 'https://evil.example');
    post({ type: 'forma-payout-card-size', height: -5 });
    post({ type: 'forma-payout-card-size', height: '900' });
    expect(frame.style.height).toBe('612px');
  });

  it('shows the first token as the current card and removes it after confirmation', async () => {
    let tokens = [
      { id: 3, card_type: 'visa', card_last4: '1234', created_at: '2026-03-01T10:00:00Z' },
      { id: 2, card_type: 'mir', card_last4: '9999', created_at: '2025-03-01T10:00:00Z' },
    ];
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        tokens = [];
        return jsonResponse(null, 204);
      }
      return jsonResponse(tokens);
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderTab();

    expect(await screen.findByText('•••• 1234')).toBeTruthy();
    expect(screen.getByText(/Visa/)).toBeTruthy();
    expect(screen.queryByText('•••• 9999')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить карту' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить карту' }));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith('/api/payments/tokens/3', expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByTitle('Форма привязки карты')).toBeTruthy();
  });
});
