// A mentor's money (issue 35): held, due and paid out with each payment's consultation or event, the prompt to add a
// payout card while money waits for one, and a mentor's /Home that shows their own money, not other mentors.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Earnings } from '../../web/features/earnings/earnings.api.ts';
import { EarningsGlance, EarningsSection } from '../../web/features/earnings/earnings-section.tsx';
import { HomeScreen } from '../../web/features/home/home-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentor, mockFetch } from './mentor-test-utils.ts';

const nbsp = (text: string | null) => (text ?? '').replace(/\u00A0/g, ' ');
const ZONE = 'Europe/Moscow';

function earnings(overrides: Partial<Earnings> = {}): Earnings {
  return {
    fee_percent: 5,
    has_payout_card: false,
    payouts_waiting: null,
    held: { amount: 1425, count: 1 },
    due: { amount: 4750, count: 1 },
    paid_out: { amount: 0, count: 0 },
    items: [
      {
        payment_id: '00000000-0000-4000-8000-000000000001',
        stage: 'held',
        service: { type: 'consultation', id: 11, title: 'Разбор резюме', date: '2030-03-06T09:00:00.000Z' },
        payer: { name: 'Иван Петров' },
        amount: 1500,
        fee: 75,
        net: 1425,
        refund: null,
        paid_at: '2030-03-01T09:00:00.000Z',
        release_after: '2030-03-08T10:00:00.000Z',
        dispute_open: false,
        released_at: null,
        paid_out_at: null,
        waits_for_card: false,
        waiting_reason: null,
        income_receipt: null,
      },
      {
        payment_id: '00000000-0000-4000-8000-000000000002',
        stage: 'due',
        service: { type: 'event', id: 31, title: 'Мастер-класс', date: '2030-03-01T15:00:00.000Z' },
        payer: { name: 'Анна Соколова' },
        amount: 5000,
        fee: 250,
        net: 4750,
        refund: null,
        paid_at: '2030-02-20T09:00:00.000Z',
        release_after: null,
        dispute_open: false,
        released_at: '2030-03-02T16:00:00.000Z',
        paid_out_at: null,
        waits_for_card: true,
        waiting_reason: null,
        income_receipt: null,
      },
    ],
    has_more: false,
    next_cursor: null,
    ...overrides,
  };
}

const earningsRoute = (body: Earnings) => ({ path: /\/api\/analytics\/earnings\/?(\?|$)/, body });

describe('earnings', () => {
  it('shows held, due and paid out, each payment with what it paid for, and asks for a card while money waits for one', async () => {
    mockFetch([earningsRoute(earnings())]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });

    expect(nbsp((await screen.findByTestId('earnings-held')).textContent)).toBe('1 425 ₽');
    expect(nbsp(screen.getByTestId('earnings-due').textContent)).toBe('4 750 ₽');
    expect(nbsp(screen.getByTestId('earnings-paid_out').textContent)).toBe('0 ₽');

    const prompt = screen.getByRole('alert');
    expect(within(prompt).getByText('Добавьте карту для выплат')).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Добавить карту' }).getAttribute('href')).toBe('/ProfileSettings?tab=payment');

    const rows = within(screen.getByRole('list', { name: 'Оплаты и выплаты' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Консультация «Разбор резюме»')).toBeTruthy();
    expect(within(rows[0]!).getByText('На удержании до 8 марта, 13:00')).toBeTruthy();
    expect(nbsp(within(rows[0]!).getByText(/^Оплачено/).textContent)).toBe('Оплачено 1 500 ₽, комиссия 75 ₽');
    expect(within(rows[1]!).getByRole('link', { name: 'Мероприятие «Мастер-класс»' }).getAttribute('href')).toBe('/event_info/31');
    expect(within(rows[1]!).getByText('Ждёт карту для выплат')).toBeTruthy();
  });

  // issue 37: a самозанятый's payout carries his «Мой налог» income receipt, and one held back says why
  it('links a paid-out payment to its income receipt in a new tab and says in words why a payout waits', async () => {
    const [held, due] = earnings().items;
    const reason = 'Ждём, когда вы разрешите регистрировать чеки в «Мой налог»: выплата уйдёт сразу после этого.';
    const items = [
      { ...held!, payment_id: '00000000-0000-4000-8000-000000000003', stage: 'paid_out' as const, release_after: null, paid_out_at: '2030-03-09T10:00:00.000Z',
        income_receipt: { id: '20abc1d2e3', url: 'https://example.test/sandbox/income-receipts/po_1' } },
      { ...due!, waits_for_card: false, waiting_reason: reason },
      { ...held!, payment_id: '00000000-0000-4000-8000-000000000004', stage: 'paid_out' as const, release_after: null, paid_out_at: '2030-03-09T11:00:00.000Z', income_receipt: { id: '30abc1d2e3', url: null } },
    ];
    mockFetch([earningsRoute(earnings({ has_payout_card: true, items }))]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });
    const rows = within(await screen.findByRole('list', { name: 'Оплаты и выплаты' })).getAllByRole('listitem');

    const link = within(rows[0]!).getByRole('link', { name: 'Чек «Мой налог» № 20abc1d2e3' });
    expect(link.getAttribute('href')).toBe('https://example.test/sandbox/income-receipts/po_1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(rows[0]!).getByText('Выплачено 9 марта, 13:00')).toBeTruthy();

    expect(within(rows[1]!).getByText(reason)).toBeTruthy();
    expect(within(rows[1]!).getByText('Выплата ждёт')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Отправляется на карту')).toBeNull();
    expect(within(rows[1]!).queryByText(/Чек «Мой налог»/)).toBeNull();

    // a receipt without a link is still named
    expect(within(rows[2]!).getByText('Чек «Мой налог» № 30abc1d2e3')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link', { name: /Чек/ })).toBeNull();
  });

  // issue 37: the card said «Отправляются на карту» while the payouts waited for a tax status
  it('says under «К выплате» what the payouts wait for, not that they go to the card, while any waits for the mentor', async () => {
    mockFetch([earningsRoute(earnings({ has_payout_card: true, payouts_waiting: { count: 1, reason: 'Ждут налогового статуса' } }))]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });
    const due = await screen.findByRole('group', { name: 'К выплате' });
    expect(nbsp(due.textContent)).toContain('1 оплата · Ждут налогового статуса');
    expect(due.textContent).not.toContain('Отправляются на карту');
  });

  it('names a package payment «Пакет консультаций», without a date of its own', async () => {
    const [held] = earnings().items;
    const pack = { ...held!, service: { type: 'package' as const, id: null, title: 'Подготовка к собеседованию', date: null }, release_after: null };
    mockFetch([earningsRoute(earnings({ items: [pack] }))]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });
    const [row] = within(await screen.findByRole('list', { name: 'Оплаты и выплаты' })).getAllByRole('listitem');
    expect(within(row!).getByText('Пакет консультаций «Подготовка к собеседованию»')).toBeTruthy();
    expect(within(row!).queryByText(/Мероприятие/)).toBeNull();
    expect(within(row!).getByText('Иван Петров').textContent).toBe('Иван Петров');
  });

  it('does not ask for a card the mentor already has, and says when nothing was paid yet', async () => {
    mockFetch([earningsRoute(earnings({ has_payout_card: true, held: { amount: 0, count: 0 }, due: { amount: 0, count: 0 }, items: [] }))]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });
    expect(await screen.findByText('Оплат пока нет')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // an empty tile does not say money is waiting (it said «Ждут карту для выплат» under 0 ₽)
    expect(screen.getByRole('group', { name: 'На удержании' }).textContent).toContain('Сейчас ничего не удерживается');
    expect(screen.getByRole('group', { name: 'К выплате' }).textContent).toContain('Пока нечего выплачивать');
    expect(screen.getByRole('group', { name: 'Выплачено' }).textContent).toContain('Выплат ещё не было');
  });

  it('says «Пока нечего выплачивать» under an empty «К выплате», not that it waits for a card', async () => {
    mockFetch([earningsRoute(earnings({ due: { amount: 0, count: 0 }, items: [] }))]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });
    const due = await screen.findByRole('group', { name: 'К выплате' });
    expect(due.textContent).toContain('Пока нечего выплачивать');
    expect(due.textContent).not.toContain('Ждут карту');
  });

  // issue 35: the list showed the newest 100 payments and no more
  it('pages the payments with «Показать ещё» after the cursor the server gave, and says so when a next page fails', async () => {
    const [held, due] = earnings().items;
    const { calls } = mockFetch([
      { path: /\/api\/analytics\/earnings\/?\?.*cursor=c2/, status: 503, body: { detail: 'Сервис недоступен', code: 'unavailable' } },
      { path: /\/api\/analytics\/earnings\/?\?.*cursor=c1/, body: earnings({ items: [due!], has_more: true, next_cursor: 'c2' }) },
      earningsRoute(earnings({ items: [held!], has_more: true, next_cursor: 'c1' })),
    ]);
    renderWithRouter(<EarningsSection userId={1} timeZone={ZONE} />, { path: '/loads' });
    const list = await screen.findByRole('list', { name: 'Оплаты и выплаты' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/limit=20/);

    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('Мероприятие «Мастер-класс»')).toBeTruthy();
    expect(calls.some((call) => /cursor=c1/.test(call.url))).toBe(true);
    // the totals stay those of all payments
    expect(nbsp(screen.getByTestId('earnings-due').textContent)).toBe('4 750 ₽');

    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Не удалось загрузить следующие оплаты', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it("gives a mentor's /Home their money and the card prompt instead of other mentors to book", async () => {
    const { calls } = mockFetch([
      earningsRoute(earnings()),
      { path: /\/api\/calendars\/schedule/, body: { time_zone: ZONE, mentor_events: [], registered_events: [], booked_by_user: [], booked_for_mentor: [] } },
      { path: /\/api\/chats\/?$/, body: [] },
      { path: /\/api\/users\?/, body: { results: [makeMentor({ id: 7 })], has_more: false, count: 1 } },
    ]);
    renderWithRouter(<HomeScreen viewer={{ id: 1, mentor_name: 'Мария', time_zone: ZONE }} mentorPanel={<EarningsGlance userId={1} />} />, { path: '/Home' });

    expect(await screen.findByRole('heading', { name: 'Ваши доходы' })).toBeTruthy();
    expect(nbsp((await screen.findByTestId('earnings-due')).textContent)).toBe('4 750 ₽');
    expect(screen.getByRole('link', { name: 'Добавить карту' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Аналитика и выплаты/ }).getAttribute('href')).toBe('/Statistics');
    expect(screen.queryByRole('heading', { name: 'Рекомендуем наставников' })).toBeNull();
    expect(calls.some((call) => /\/api\/users\?/.test(call.url))).toBe(false);
    // an empty week points a mentor to their own tools, never to other mentors to book
    expect(screen.queryByRole('link', { name: 'Найти наставника' })).toBeNull();
    const week = screen.getByText('На этой неделе ничего не запланировано').closest('section') ?? document.body;
    expect(within(week as HTMLElement).getAllByRole('link', { name: 'Редактор сессий' }).length).toBeGreaterThan(0);
  });
});
