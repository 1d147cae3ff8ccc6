// Booking rules in the web (issue 38 §2, decision 022): the consultation type form's «Правила записи» with the server's
// Russian messages, sent as the server takes them; the booking dialog's cut-off and refund sentence.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ConsultationTypeDialog, validateType } from '../../web/features/session-editor/consultation-type-dialog.tsx';
import { toBookingRulesState } from '../../web/features/session-editor/booking-rules-field.tsx';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';
import { bookingCancellationTerms } from '../../worker/escrow/cancellation-terms.messages.ts';
import { ScheduleCard } from '../../web/features/schedule/schedule-card.tsx';
import { BookingDetailsDialog } from '../../web/features/schedule/booking-details-dialog.tsx';
import { scheduleItems } from '../../web/features/schedule/schedule-items.ts';
import { booking } from './schedule-fixtures.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { ConsultationTypeList } from '../../web/features/mentors/consultation-type-list.tsx';
import type { ConsultationType } from '../../web/features/mentors/mentors.api.ts';

const base = { name: 'Разбор', description: '', duration: '60', costs: '3000' };

describe('the type form’s booking rules', () => {
  it('checks them with the server’s messages; an empty horizon or daily limit means no limit', () => {
    const rules = (patch: Partial<ReturnType<typeof toBookingRulesState>>) => ({ ...toBookingRulesState(undefined), ...patch });
    expect(validateType({ ...base, rules: rules({ min_notice_hours: '1000' }) }).errors).toEqual({
      'booking_rules.min_notice_hours': 'Минимальное время до записи: не больше 720 ч',
    });
    expect(validateType({ ...base, rules: rules({ horizon_days: '0' }) }).errors).toEqual({ 'booking_rules.horizon_days': 'Горизонт записи: не меньше 1 дн.' });
    expect(validateType({ ...base, rules: rules({ cancel_cutoff_hours: '' }) }).errors).toEqual({ 'booking_rules.cancel_cutoff_hours': 'Укажите срок отмены' });
    expect(validateType({ ...base, rules: rules({ daily_limit: '2', buffer_after_minutes: '15' }) }).values?.booking_rules).toEqual({
      ...NO_BOOKING_RULES,
      daily_limit: 2,
      buffer_after_minutes: 15,
    });
  });

  it('shows the type’s rules in the dialog, refuses a wrong one beside its field and sends them', async () => {
    const type = {
      id: 3,
      name: 'Разбор резюме',
      description: '',
      duration_minutes: 60,
      costs: 2500,
      loyalty_steps: [],
      packages: [],
      is_recorded: true,
      booking_rules: { ...NO_BOOKING_RULES, min_notice_hours: 12 },
      user: 7,
    };
    const { calls } = mockFetch([{ method: 'PATCH', path: /\/api\/consultation-types\/3\/update\b/, body: type }]);
    const onOpenChange = vi.fn();
    renderWithRouter(<ConsultationTypeDialog open onOpenChange={onOpenChange} type={type} userId={7} />, { queryClient: new QueryClient() });
    expect(((await screen.findByLabelText('Запись не позже чем за, ч')) as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText('Не больше записей в день') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Не больше записей в день'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Лимит записей в день: не больше 50 шт.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('Не больше записей в день'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Отмена не позже чем за, ч'), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('Перерыв после встречи, мин'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      booking_rules: { min_notice_hours: 12, horizon_days: null, buffer_before_minutes: 0, buffer_after_minutes: 30, daily_limit: 3, cancel_cutoff_hours: 24 },
      user_id: 7,
    });
  });
});

describe('the cancellation terms before paying and in the booking’s details', () => {
  const startsAt = new Date('2030-03-20T10:00:00Z'); // 13:00 in Moscow
  const terms = (bookedAt: string, cutoffHours: number, paid = true, timeZone = 'Europe/Moscow') =>
    bookingCancellationTerms({ startsAt, bookedAt: new Date(bookedAt), cutoffHours, paid, timeZone });

  it('says the cut-off and the refund that follows, at the exact times in the viewer’s zone', () => {
    // two weeks ahead: in full until 7 days before, then nothing; cancelling possible until 24 h before
    expect(terms('2030-03-06T09:00:00Z', 24)).toBe(
      'Отменить запись можно до 19 марта в 13:00 (за 24 ч до начала), позже — нельзя. Полный возврат — при отмене до 13 марта в 13:00; позже оплата не возвращается: она переходит наставнику.',
    );
    expect(terms('2030-03-06T09:00:00Z', 24, true, 'Asia/Vladivostok')).toMatch(/^Отменить запись можно до 19 марта в 20:00 .* до 13 марта в 20:00;/);
    // booked 30 h before: the 24 hours after booking reach past the cut-off, so all of it is refundable
    expect(terms('2030-03-19T04:00:00Z', 24)).toBe('Отменить запись можно до 19 марта в 13:00 (за 24 ч до начала), позже — нельзя. При отмене в этот срок вернём всю сумму.');
    // booked inside the cut-off: it can't be cancelled at all, said before paying
    expect(terms('2030-03-19T20:00:00Z', 24)).toBe('Отменить эту запись будет нельзя: до начала меньше 24 ч.');
    // no cut-off: until the start, as before; a free one has nothing to refund
    expect(terms('2030-03-06T09:00:00Z', 0)).toMatch(/^Отменить запись можно до начала консультации\. Полный возврат — при отмене до 13 марта в 13:00;/);
    expect(terms('2030-03-06T09:00:00Z', 12, false)).toBe('Отменить запись можно до 20 марта в 01:00 (за 12 ч до начала), позже — нельзя.');
  });

  it('from a package: the credit goes back by the same times, never past the cut-off', () => {
    const fromPackage = (bookedAt: string) =>
      bookingCancellationTerms({ startsAt, bookedAt: new Date(bookedAt), cutoffHours: 24, paid: true, timeZone: 'Europe/Moscow', fromPackage: true });
    expect(fromPackage('2030-03-06T09:00:00Z')).toBe(
      'Отменить запись можно до 19 марта в 13:00 (за 24 ч до начала), позже — нельзя. Консультация вернётся в пакет при отмене до 13 марта в 13:00; позже она считается проведённой.',
    );
    expect(fromPackage('2030-03-19T04:00:00Z')).toBe('Отменить запись можно до 19 марта в 13:00 (за 24 ч до начала), позже — нельзя. При отмене в этот срок консультация вернётся в пакет.');
  });
});

describe('the cut-off on the schedule', () => {
  const NOW = Date.parse('2030-03-08T09:00:00Z'); // 12:00 in Moscow
  const ZONE = 'Europe/Moscow';
  const cardFor = (start: string, cutoffHours: number) => {
    const b = booking(22, start, { cancel_cutoff_hours: cutoffHours });
    const [item] = scheduleItems({ mentor_events: [], registered_events: [], booked_by_user: [b], booked_for_mentor: [] });
    return renderWithRouter(<ScheduleCard item={item!} now={NOW} timeZone={ZONE} onAction={() => undefined} />);
  };

  it('past the cut-off the booker’s «Отменить» says why instead and can’t be pressed; before it, it cancels as before', async () => {
    cardFor('2030-03-08T20:00:00.000Z', 24); // 11 hours ahead, a 24-hour cut-off
    const refused = await screen.findByRole('button', { name: 'Отменить запись можно не позднее чем за 24 ч до начала' });
    expect((refused as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Отменить' })).toBeNull();
  });

  it('before the cut-off the button is there as before', async () => {
    cardFor('2030-03-10T20:00:00.000Z', 24);
    expect(((await screen.findByRole('button', { name: 'Отменить' })) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the booking’s details say until when its booker may cancel, at the viewer’s time', async () => {
    const b = booking(22, '2030-03-10T10:00:00.000Z', { price: 0, cancel_cutoff_hours: 12, created_at: '2030-03-01T09:00:00.000Z' });
    mockFetch([]);
    renderWithRouter(<BookingDetailsDialog booking={b} asMentor={false} viewerId={1} timeZone={ZONE} onClose={() => undefined} />);
    expect(await screen.findByText('Отменить запись можно до 10 марта в 01:00 (за 12 ч до начала), позже — нельзя.')).toBeTruthy();
  });
});

describe('the rules on the mentor’s page', () => {
  const type = (id: number, booking_rules: ConsultationType['booking_rules']): ConsultationType => ({
    id,
    name: `Вид ${id}`,
    description: '',
    duration_minutes: 60,
    costs: 2500,
    loyalty_steps: [],
    packages: [],
    is_recorded: false,
    booking_rules,
  });
  const rulesOf = (name: string) => {
    const card = screen.getByText(name).closest('li')!;
    const list = card.querySelector('ul[aria-label="Правила записи"]');
    return list ? [...list.querySelectorAll('li')].map((li) => li.textContent!.replace(/\u00a0/g, ' ')) : [];
  };

  it('says beside each type only the rules its mentor set, briefly, in Russian', async () => {
    renderWithRouter(
      <ConsultationTypeList
        mentorId={7}
        types={[
          type(1, { min_notice_hours: 12, horizon_days: 30, buffer_before_minutes: 15, buffer_after_minutes: 15, daily_limit: 2, cancel_cutoff_hours: 24 }),
          type(2, { ...NO_BOOKING_RULES, buffer_after_minutes: 30, daily_limit: 1 }),
          type(3, NO_BOOKING_RULES),
        ]}
      />,
    );
    await screen.findByText('Вид 1');
    expect(rulesOf('Вид 1')).toEqual([
      'Запись не позднее чем за 12 ч',
      'Запись не дальше чем на 30 дн. вперёд',
      'Перерыв 15 мин до и после встречи',
      'Не более 2 консультаций в день',
      'Отмена и перенос — не позднее чем за 24 ч до начала',
    ]);
    expect(rulesOf('Вид 2')).toEqual(['Перерыв 30 мин после встречи', 'Не более 1 консультации в день']);
    // no rules: nothing, not an empty list
    expect(rulesOf('Вид 3')).toEqual([]);
  });
});
