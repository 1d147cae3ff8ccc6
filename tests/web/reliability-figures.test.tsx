// Reliability people can see (decision 021): the card's compact line, the mentor page's figures with «Как считаем»,
// each with the number it is computed from and «Пока мало данных» below its threshold; and the mentor's view of a
// mentee in the booking details and «Мои менти».
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MentorCard } from '../../web/components/mentor-card.tsx';
import { MentorProfileScreen } from '../../web/features/mentors/mentor-profile-screen.tsx';
import { ScheduleScreen, type ScheduleViewer } from '../../web/features/schedule/schedule-screen.tsx';
import type { Schedule } from '../../web/features/schedule/schedule.api.ts';
import { mentorCardLine, menteeCardLine, replyTimeText } from '../../web/lib/reliability-text.ts';
import type { MentorReliability } from '../../worker/reliability/reliability.schemas.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentor, makeMentorDetail, mockFetch } from './mentor-test-utils.ts';
import { booking, person, schedule as scheduleFixture } from './schedule-fixtures.ts';

const enough: MentorReliability = {
  sessions_held: 24,
  attendance: { attended: 19, due: 20 },
  cancellations_90d: { canceled: 1, bookings: 12 },
  first_reply: { median_seconds: 2 * 3600, answered: 9, chats: 10 },
};
const few: MentorReliability = {
  sessions_held: 3,
  attendance: { attended: 3, due: 3 },
  cancellations_90d: { canceled: 0, bookings: 3 },
  first_reply: { median_seconds: 600, answered: 2, chats: 2 },
};

describe('reliability in words', () => {
  it('says each figure with its number from the threshold on, and «пока мало данных» below it', () => {
    expect(mentorCardLine(enough)).toBe('24 встречи проведено · посещаемость 95 % · 1 отмена за 90 дн. · отвечает за 2 ч');
    expect(mentorCardLine(few)).toBe('3 встречи проведено · пока мало данных');
    // exactly at the threshold (5) the attendance shows; one below, it does not
    const atFive = { ...few, attendance: { attended: 4, due: 5 } };
    expect(mentorCardLine(atFive)).toBe('3 встречи проведено · посещаемость 80 %');
    expect(mentorCardLine({ ...few, attendance: { attended: 4, due: 4 } })).toBe('3 встречи проведено · пока мало данных');
    expect(replyTimeText(30)).toBe('меньше минуты');
    expect(replyTimeText(25 * 60)).toBe('25 мин');
    expect(replyTimeText(3 * 86400)).toBe('3 дн.');
    expect(menteeCardLine({ attendance: { attended: 4, due: 5 }, late_cancellations_90d: { canceled: 1, bookings: 6 } })).toBe(
      'Приходит на 4 из 5 встреч · 1 поздняя отмена за 90 дн.',
    );
    expect(menteeCardLine({ attendance: { attended: 1, due: 1 }, late_cancellations_90d: { canceled: 0, bookings: 0 } })).toBe(
      'Пока мало данных: 1 встреча · поздних отмен нет',
    );
  });
});

describe('the mentor card', () => {
  it('shows the compact line with the definitions in its tooltip; nothing before the first count', async () => {
    const { unmount } = renderWithRouter(<MentorCard mentor={makeMentor({ reliability: enough })} />, { path: '/AllMentors' });
    const line = await screen.findByText('24 встречи проведено · посещаемость 95 % · 1 отмена за 90 дн. · отвечает за 2 ч');
    expect(line.closest('p')?.getAttribute('title')).toMatch(/^Проведено: завершённые консультации/);
    unmount();
    renderWithRouter(<MentorCard mentor={makeMentor({ reliability: null })} />, { path: '/AllMentors' });
    await screen.findByText('Анна Соколова');
    expect(screen.queryByText(/проведено/)).toBeNull();
  });
});

describe('the mentor page', () => {
  it('lists the four figures with what they are computed from, and «Как считаем»', { timeout: 10_000 }, async () => {
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail({ reliability: enough }) }]);
    renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    const section = await screen.findByRole('region', { name: 'Надёжность' }, { timeout: 4_000 });
    const text = (key: string) => section.querySelector(`[data-figure="${key}"]`)?.textContent?.replace(/\s+/g, ' ');
    expect(text('sessions')).toBe('Проведено встреч24консультаций и мероприятий');
    expect(text('attendance')).toBe('Посещаемость95 %на 19 из 20 консультаций');
    expect(text('cancellations')).toBe('Отмены за 90 дней11 из 12 консультаций');
    expect(text('reply')).toBe('Отвечает в чатеза 2 чобычно; ответ в 9 из 10 чатов');
    fireEvent.click(within(section).getByText('Как считаем'));
    expect(within(section).getByText(/отмены учеников не считаются/)).toBeTruthy();
  });

  it('says «Пока мало данных» with the number for a mentor with little history', { timeout: 10_000 }, async () => {
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail({ reliability: few }) }]);
    renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    const section = await screen.findByRole('region', { name: 'Надёжность' }, { timeout: 4_000 });
    expect(within(section).getByText('Пока мало данных: 3 консультации', { selector: '[data-figure="attendance"] *' })).toBeTruthy();
    expect(within(section).getByText('Пока мало данных: 2 чата')).toBeTruthy();
    expect(within(section).queryByText('100 %')).toBeNull();
  });
});

describe('the mentor’s booking details', () => {
  const NOW = new Date('2030-03-06T09:00:00Z');
  const MENTOR: ScheduleViewer = { id: 7, user_role: 'mentor', time_zone: 'Europe/Moscow' };
  const schedule = (parts: Partial<Schedule>): Schedule => scheduleFixture('Europe/Moscow', NOW, parts);
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('show the mentee’s attendance and late cancellations, asked for that mentee', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/mentees\/30\/reliability/, body: { attendance: { attended: 4, due: 5 }, late_cancellations_90d: { canceled: 1, bookings: 6 } } },
      { path: /\/api\/calendars\/schedule/, body: schedule({ booked_for_mentor: [booking(21, '2030-03-09T10:00:00Z', { booked_by: person(30, 'Иван', 'Петров'), price: 1500 })] }) },
    ]);
    renderWithRouter(<ScheduleScreen viewer={MENTOR} view={{ tab: 'leading', booking: 21 }} onViewChange={() => undefined} />, { path: '/CalendarPage' });
    for (let i = 0; i < 10; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
    const dialog = screen.getByRole('dialog', { name: 'Запись на консультацию' });
    const figures = within(dialog).getByRole('region', { name: 'Надёжность ученика' });
    expect(within(figures).getByText('на 4 из 5 встреч')).toBeTruthy();
    expect(within(figures).getByText('1 из 6 записей, меньше чем за 24 ч до начала')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/api/mentees/30/reliability'))).toBe(true);
  });
});
