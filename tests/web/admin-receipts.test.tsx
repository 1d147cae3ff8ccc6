// /admin/receipts («Чеки», decision 020): the fiscal receipts the receipts job could not finish, with the payment, the
// payer, the sums written as everywhere, the attempts and the last error; «Повторить» re-queues one; an empty list
// says all receipts are registered. And where payers see receipts, a refused one says what happened to it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ProblemReceiptsScreen } from '../../web/features/fiscal-receipts/problem-receipts-screen.tsx';
import type { ProblemReceipt } from '../../web/features/fiscal-receipts/fiscal-receipts.api.ts';
import { FiscalReceiptList } from '../../web/components/fiscal-receipt-list.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { deferred, mockFetch } from './mentor-test-utils.ts';

afterEach(() => void vi.unstubAllGlobals());

/** the text as read: sums are written with no-break spaces */
const text = (node: Element) => (node.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const problem = (overrides: Partial<ProblemReceipt> = {}): ProblemReceipt => ({
  id: '0b6f3c52-6a39-4a55-8d6e-2d7b1c6f0a11',
  kind: 'payment',
  status: 'canceled',
  amount_kopecks: 250_050,
  attempts: 7,
  remakes: 3,
  last_error: 'Сервис чеков не зарегистрировал чек',
  created_at: '2026-03-10T09:00:00.000Z',
  problem_at: '2026-03-11T09:00:00.000Z',
  provider_receipt_id: null,
  payment: { id: 'a9b8c7d6-0000-4000-8000-000000000001', title: 'Разбор резюме', amount_kopecks: 250_050, paid_at: '2026-03-10T09:00:00.000Z' },
  payer: { id: 42, name: 'Ирина Петрова', email: 'irina@example.com' },
  ...overrides,
});

describe('/admin/receipts', () => {
  it('lists each problem receipt with its payment, payer, sum, state, attempts and last error', async () => {
    mockFetch([
      {
        path: /\/api\/admin\/fiscal-receipts\b/,
        body: { results: [problem(), problem({ id: 'c1', kind: 'refund', status: 'pending', amount_kopecks: 100_000, attempts: 20, remakes: 0, last_error: null })], has_more: false, total: 2 },
      },
    ]);
    renderWithRouter(<ProblemReceiptsScreen timeZone="Europe/Moscow" />, { path: '/admin/receipts' });
    expect(await screen.findByRole('heading', { name: 'Чеки · 2' })).toBeTruthy();
    const [refused, slow] = within(screen.getByRole('list', { name: 'Чеки с проблемами' })).getAllByRole('listitem').map(text);
    expect(refused).toContain('Приход · 2 500,50 ₽');
    expect(refused).toContain('Касса отклонила');
    expect(refused).toContain('Разбор резюме · платёж 2 500,50 ₽, оплачен 10 марта 2026 12:00');
    expect(refused).toContain('Плательщик: Ирина Петрова · irina@example.com');
    expect(refused).toContain('Сервис чеков не зарегистрировал чек');
    expect(refused).toContain('Попыток: 7 · оформлен заново: 3');
    expect(slow).toContain('Возврат прихода · 1 000 ₽');
    expect(slow).toContain('Регистрируется дольше 3 дней');
  });

  it('«Повторить» posts the retry, is disabled while it works, and reloads the list', async () => {
    const answer = deferred();
    const { calls } = mockFetch([
      { path: /\/api\/admin\/fiscal-receipts\/?\?/, body: { results: [problem()], has_more: false, total: 1 } },
      { method: 'POST', path: /\/api\/admin\/fiscal-receipts\/0b6f3c52-6a39-4a55-8d6e-2d7b1c6f0a11\/retry/, wait: answer.promise, body: { id: problem().id, status: 'pending', attempts: 1, last_error: null, registered: false } },
    ]);
    renderWithRouter(<ProblemReceiptsScreen />, { path: '/admin/receipts' });
    const button = await screen.findByRole('button', { name: 'Повторить: Приход, Ирина Петрова' });
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    answer.resolve();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && /fiscal-receipts/.test(c.url))).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('says all receipts are registered when nothing needs a person, and shows a skeleton while loading', async () => {
    const loaded = deferred();
    mockFetch([{ path: /\/api\/admin\/fiscal-receipts\b/, wait: loaded.promise, body: { results: [], has_more: false, total: 0 } }]);
    renderWithRouter(<ProblemReceiptsScreen />, { path: '/admin/receipts' });
    expect(await screen.findByRole('status', { name: 'Загрузка чеков' })).toBeTruthy();
    loaded.resolve();
    expect(await screen.findByText('Все чеки зарегистрированы')).toBeTruthy();
  });
});

describe('fiscal receipts where payers see them', () => {
  it('reads a pending one as being registered and a refused one as what it is: the register refused it, and it is made again', () => {
    render(
      <FiscalReceiptList
        receipts={[
          { kind: 'payment', status: 'pending', amount: 1500 },
          { kind: 'refund', status: 'canceled', amount: 500 },
        ]}
      />,
    );
    expect(screen.getAllByTestId('fiscal-receipt').map(text)).toEqual([
      'Кассовый чек: приход · 1 500 ₽ · Регистрируется',
      'Кассовый чек: возврат прихода · 500 ₽ · Отклонён кассой — оформим заново',
    ]);
  });
});
