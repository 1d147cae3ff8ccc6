import { describe, expect, it } from 'vitest';
import type { Schedule, ScheduleBooking, ScheduleEvent } from '../../web/features/schedule/schedule.api.ts';
import {
  durationText,
  earlierWindow,
  historyItems,
  itemActions,
  itemStatus,
  mainWindow,
  minutesText,
  monthGrid,
  monthTitle,
  reviewPrompt,
  scheduleItems,
  shortTitle,
  startsSoon,
  type ScheduleItem,
} from '../../web/features/schedule/schedule-items.ts';
import { booking, person, scheduleEvent } from './schedule-fixtures.ts';

// Wednesday 6 March 2030, 12:00 in Moscow.
const NOW = Date.parse('2030-03-06T09:00:00Z');
const MIN = 60_000;

const lists = (parts: Partial<Schedule>) => ({ mentor_events: [], registered_events: [], booked_by_user: [], booked_for_mentor: [], ...parts });
const led = (e: ScheduleEvent) => scheduleItems(lists({ mentor_events: [e] }))[0]!;
const joined = (e: ScheduleEvent) => scheduleItems(lists({ registered_events: [e] }))[0]!;
const bought = (b: ScheduleBooking) => scheduleItems(lists({ booked_by_user: [b] }))[0]!;
const given = (b: ScheduleBooking) => scheduleItems(lists({ booked_for_mentor: [b] }))[0]!;

describe('schedule item status (spec 002 §4.3)', () => {
  it('is cancelled for a cancelled event or booking, whatever the time', () => {
    expect(itemStatus(joined(scheduleEvent(1, '2030-03-01T10:00:00Z', { is_canceled: true })), NOW)).toBe('cancelled');
    expect(itemStatus(joined(scheduleEvent(2, '2030-03-09T10:00:00Z', { is_canceled: true })), NOW)).toBe('cancelled');
    expect(itemStatus(bought(booking(3, '2030-03-09T10:00:00Z', { status: 'canceled' })), NOW)).toBe('cancelled');
  });

  it('is live while upcoming or running, done once over, closed or finished', () => {
    expect(itemStatus(bought(booking(1, '2030-03-07T10:00:00Z')), NOW)).toBe('live');
    expect(itemStatus(bought(booking(2, '2030-03-06T08:30:00Z')), NOW)).toBe('live'); // 08:30–09:30, running
    expect(itemStatus(bought(booking(3, '2030-03-06T07:00:00Z')), NOW)).toBe('done');
    expect(itemStatus(bought(booking(4, '2030-03-06T08:30:00Z', { conference_status: 'ended' })), NOW)).toBe('done');
    expect(itemStatus(bought(booking(5, '2030-03-06T08:30:00Z', { status: 'finished' })), NOW)).toBe('done');
    expect(itemStatus(led(scheduleEvent(6, '2030-03-05T10:00:00Z')), NOW)).toBe('done');
  });

  it('is «Скоро в эфире» only within the hour before the start, not for everything ahead (issue 35 item 11)', () => {
    expect(startsSoon(joined(scheduleEvent(1, '2030-03-06T09:45:00Z')), NOW)).toBe(true);
    expect(startsSoon(joined(scheduleEvent(2, '2030-03-06T10:00:00Z')), NOW)).toBe(true);
    expect(startsSoon(joined(scheduleEvent(3, '2030-03-06T10:01:00Z')), NOW)).toBe(false);
    expect(startsSoon(joined(scheduleEvent(4, '2031-02-05T10:00:00Z')), NOW)).toBe(false);
  });

  it('merges overlapping windows once per item and in start order', () => {
    const a = lists({ registered_events: [scheduleEvent(1, '2030-03-08T10:00:00Z')], booked_by_user: [booking(2, '2030-03-07T10:00:00Z')] });
    const b = lists({ registered_events: [scheduleEvent(1, '2030-03-08T10:00:00Z', { title: 'Новое название' })] });
    const items = scheduleItems(a, b);
    expect(items.map((i) => i.key)).toEqual(['booking:2', 'event:1']);
    expect(items[1]!.title).toBe('Новое название');
  });
});

describe('card actions by state (spec 002 §2.2)', () => {
  const cases: [string, ScheduleItem, string[]][] = [
    ['own event ahead', led(scheduleEvent(1, '2030-03-07T10:00:00Z', { registration_status: null })), ['open', 'edit', 'details', 'cancel']],
    ['own event running', led(scheduleEvent(1, '2030-03-06T08:30:00Z', { registration_status: null })), ['open', 'details', 'cancel']],
    ['own event over', led(scheduleEvent(1, '2030-03-05T08:30:00Z', { registration_status: null })), ['details']],
    ['joined event ahead', joined(scheduleEvent(1, '2030-03-07T10:00:00Z')), ['join', 'details', 'leave']],
    ['unpaid seat', joined(scheduleEvent(1, '2030-03-07T10:00:00Z', { registration_status: 'pending_payment' })), ['details', 'leave']],
    ['joined event running', joined(scheduleEvent(1, '2030-03-06T08:30:00Z')), ['join', 'details']],
    ['cancelled event', joined(scheduleEvent(1, '2030-03-07T10:00:00Z', { is_canceled: true })), ['details']],
    ['bought consultation ahead', bought(booking(1, '2030-03-07T10:00:00Z')), ['join', 'details', 'cancel']],
    ['bought consultation running', bought(booking(1, '2030-03-06T08:30:00Z', { can_review: true, can_dispute: true })), ['join', 'review', 'details']],
    ['bought consultation over', bought(booking(1, '2030-03-06T07:00:00Z', { can_review: true, can_dispute: true })), ['review', 'dispute', 'details']],
    ['rated, window open', bought(booking(1, '2030-03-06T07:00:00Z', { has_review: true, can_dispute: true })), ['dispute', 'details']],
    ['disputed', bought(booking(1, '2030-03-06T07:00:00Z', { has_dispute: true, can_dispute: false })), ['details']],
    ['window closed', bought(booking(1, '2030-03-01T07:00:00Z')), ['details']],
    ['given consultation ahead', given(booking(1, '2030-03-07T10:00:00Z')), ['open', 'details', 'cancel']],
    ['given consultation running', given(booking(1, '2030-03-06T08:30:00Z')), ['open', 'details', 'cancel']],
    ['given consultation over', given(booking(1, '2030-03-06T07:00:00Z', { can_review: true, can_dispute: true })), ['details']],
  ];
  it.each(cases)('%s', (_name, item, expected) => {
    expect(itemActions(item, NOW)).toEqual(expected);
  });
});

describe('history chips', () => {
  const items = scheduleItems(
    lists({
      mentor_events: [scheduleEvent(1, '2030-03-01T10:00:00Z', { registration_status: null }), scheduleEvent(2, '2030-03-10T10:00:00Z', { registration_status: null })],
      registered_events: [scheduleEvent(3, '2030-03-02T10:00:00Z'), scheduleEvent(4, '2030-03-09T10:00:00Z', { is_canceled: true })],
      booked_by_user: [booking(5, '2030-03-04T10:00:00Z'), booking(6, '2030-03-03T10:00:00Z', { status: 'canceled' })],
      booked_for_mentor: [booking(7, '2030-03-05T10:00:00Z', { booked_by: person(20, 'Иван', 'Петров') })],
    }),
  );
  const keys = (list: ScheduleItem[]) => list.map((i) => i.key);

  it('shows what is over or cancelled, the latest first', () => {
    expect(keys(historyItems(items, 'all', NOW))).toEqual(['event:4', 'booking:7', 'booking:5', 'booking:6', 'event:3', 'event:1']);
  });
  it('Проведённые: led and done; Посещённые: joined and done; Отменённые: cancelled', () => {
    expect(keys(historyItems(items, 'conducted', NOW))).toEqual(['booking:7', 'event:1']);
    expect(keys(historyItems(items, 'attended', NOW))).toEqual(['booking:5', 'event:3']);
    expect(keys(historyItems(items, 'cancelled', NOW))).toEqual(['event:4', 'booking:6']);
  });
});

describe('calendar texts and grid (spec 002 §2.3)', () => {
  it('starts the grid on Monday and ends it on Sunday', () => {
    // 1 March 2030 is a Friday
    const march = monthGrid('2030-03');
    expect(march).toHaveLength(5);
    expect(march[0]!.map((d) => d.day)).toEqual(['2030-02-25', '2030-02-26', '2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02', '2030-03-03']);
    expect(march[0]!.map((d) => d.inMonth)).toEqual([false, false, false, false, true, true, true]);
    expect(march[4]![6]!.day).toBe('2030-03-31');
    // 1 April 2030 is a Monday: no days of March in its first row
    expect(monthGrid('2030-04')[0]![0]).toEqual({ day: '2030-04-01', inMonth: true });
    expect(monthTitle('2030-03')).toBe('Март 2030');
  });

  it('cuts titles at 40 characters with «...» and names durations, «1 час» by default', () => {
    expect(shortTitle('а'.repeat(40))).toBe('а'.repeat(40));
    expect(shortTitle('б'.repeat(41))).toBe(`${'б'.repeat(40)}...`);
    expect([60, 90, 45, 120, 0].map(durationText)).toEqual(['1 час', '1 час 30 минут', '45 минут', '2 часа', '1 час']);
    expect([minutesText(0), minutesText(90), minutesText(21)]).toEqual(['60 минут', '90 минут', '21 минута']);
  });

  it('asks whole months, three back and six ahead, and earlier quarters for more history', () => {
    const main = mainWindow('2030-03-06');
    expect(main).toEqual({ startDate: '2029-12-01', endDate: '2030-09-30' });
    expect(earlierWindow(main, 1)).toEqual({ startDate: '2029-09-01', endDate: '2029-11-30' });
    expect(earlierWindow(main, 2)).toEqual({ startDate: '2029-06-01', endDate: '2029-08-31' });
  });
});

describe('the review prompt (spec 002 §4.4)', () => {
  const never = () => false;
  const started = (ms: number, overrides: Partial<ScheduleBooking> = {}) =>
    booking(5, new Date(NOW - ms).toISOString(), { can_review: true, can_dispute: true, ...overrides });

  it('opens 5 s after the start, at once when more has passed, not after 5 minutes', () => {
    expect(reviewPrompt([bought(started(2_000))], NOW, never)).toEqual({ bookingId: 5, delayMs: 3_000 });
    expect(reviewPrompt([bought(started(2 * MIN))], NOW, never)).toEqual({ bookingId: 5, delayMs: 0 });
    expect(reviewPrompt([bought(started(5 * MIN + 1))], NOW, never)).toBeNull();
    expect(reviewPrompt([bought(booking(5, new Date(NOW + MIN).toISOString()))], NOW, never)).toBeNull();
  });

  it('only for the buyer, without a dispute, not rated, not already prompted', () => {
    expect(reviewPrompt([given(started(2_000))], NOW, never)).toBeNull();
    expect(reviewPrompt([bought(started(2_000, { has_dispute: true }))], NOW, never)).toBeNull();
    expect(reviewPrompt([bought(started(2_000, { has_review: true, can_review: false }))], NOW, never)).toBeNull();
    expect(reviewPrompt([bought(started(2_000))], NOW, (id) => id === 5)).toBeNull();
  });
});
