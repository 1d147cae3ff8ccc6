// «Показать более ранние» (issue 35): offered only while the person has sessions before what the page loaded; a new
// account, whose press did nothing, is not offered it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ScheduleScreen, type ScheduleViewer } from '../../web/features/schedule/schedule-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';
import { schedule } from './schedule-fixtures.ts';

// Wednesday 6 March 2030 in Moscow: the page loads from 1 December 2029
const NOW = new Date('2030-03-06T09:00:00Z');
const ZONE = 'Europe/Moscow';
const MENTEE: ScheduleViewer = { id: 1, user_role: 'mentee', time_zone: ZONE };
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const more = () => screen.queryByRole('button', { name: 'Показать более ранние' });

async function history(earliest: string | null) {
  const mock = mockFetch([{ path: /\/api\/calendars\/schedule/, body: schedule(ZONE, NOW, { earliest_date: earliest }) }]);
  renderWithRouter(<ScheduleScreen viewer={MENTEE} view={{ tab: 'history' }} onViewChange={() => undefined} />, { path: '/CalendarPage' });
  for (let i = 0; i < 6; i += 1) await flush(0);
  return mock;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('«Показать более ранние»', () => {
  it('is not offered to a new account, which has nothing earlier', async () => {
    await history(null);
    expect(screen.getByText('Ваша история пока пуста')).toBeTruthy();
    expect(more()).toBeNull();
  });

  it('is not offered when the earliest session is already loaded', async () => {
    await history('2030-01-15');
    expect(more()).toBeNull();
  });

  it('loads earlier stretches while there are sessions before them, then goes away', async () => {
    const { calls } = await history('2029-10-15');
    fireEvent.click(more()!);
    for (let i = 0; i < 6; i += 1) await flush(0);
    expect(calls.some((c) => c.url.includes('start_date=2029-09-01') && c.url.includes('end_date=2029-11-30'))).toBe(true);
    expect(more()).toBeNull();
  });
});
