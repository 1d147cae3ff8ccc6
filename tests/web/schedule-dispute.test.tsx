// A consultation's dispute on the schedule (issue 35): its state and what happens next, for the buyer and the
// mentor, instead of a bare badge.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ScheduleCard } from '../../web/features/schedule/schedule-card.tsx';
import { scheduleItems } from '../../web/features/schedule/schedule-items.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { booking } from './schedule-fixtures.ts';

const NOW = Date.parse('2030-03-08T09:00:00Z');
const ZONE = 'Europe/Moscow';
const open = { status: 'open' as const, created_at: '2030-03-07T12:00:00.000Z', resolved_at: null, refund_amount: null, resolution: null };

function card(role: 'buyer' | 'mentor', dispute: NonNullable<Parameters<typeof booking>[2]>['dispute']) {
  const b = booking(22, '2030-03-07T10:00:00.000Z', { has_dispute: true, dispute });
  const lists = { mentor_events: [], registered_events: [], booked_by_user: role === 'buyer' ? [b] : [], booked_for_mentor: role === 'mentor' ? [b] : [] };
  const [item] = scheduleItems(lists);
  renderWithRouter(<ScheduleCard item={item!} now={NOW} timeZone={ZONE} onAction={() => undefined} />);
  return screen.findByRole('region', { name: 'Диспут' });
}

describe('a disputed consultation on the schedule', () => {
  it('tells the buyer the dispute is being looked at, the money is frozen and how the decision will come', async () => {
    const region = await card('buyer', open);
    expect(within(region).getByText('Диспут на рассмотрении')).toBeTruthy();
    expect(within(region).getByText(/^Деньги заморожены на платформе, пока администратор разбирается/)).toBeTruthy();
    expect(within(region).getByText('Открыт 7 марта 2030 15:00')).toBeTruthy();
  });

  it('tells the mentor their payout waits', async () => {
    const region = await card('mentor', open);
    expect(within(region).getByText(/^Покупатель открыл диспут: выплата заморожена/)).toBeTruthy();
  });

  it('after the decision: the outcome, the sum, the admin’s words and what the money does', async () => {
    const region = await card('buyer', { status: 'resolved_partial', created_at: open.created_at, resolved_at: '2030-03-08T08:00:00.000Z', refund_amount: 1000, resolution: 'Встреча закончилась раньше' });
    expect(within(region).getByText(/^Диспут решён: частичный возврат, 1\s000\s₽$/)).toBeTruthy();
    expect(within(region).getByText('Эта сумма вернётся на карту, с которой вы платили; остальное переведено наставнику.')).toBeTruthy();
    expect(within(region).getByText('Встреча закончилась раньше')).toBeTruthy();
    expect(within(region).getByText('Решение 8 марта 2030 11:00')).toBeTruthy();
    expect(screen.getByText('Диспут решён')).toBeTruthy();
    expect(screen.queryByText('Открыт диспут')).toBeNull();
  });
});
