// Booking rules in the web (issue 38 §2, decision 022): the consultation type form's «Правила записи» with the server's
// Russian messages, sent as the server takes them; the booking dialog's cut-off and refund sentence.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ConsultationTypeDialog, validateType } from '../../web/features/session-editor/consultation-type-dialog.tsx';
import { toBookingRulesState } from '../../web/features/session-editor/booking-rules-field.tsx';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

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
    expect((screen.getByLabelText('Не больше консультаций в день') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Не больше консультаций в день'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Лимит записей в день: не больше 50 шт.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('Не больше консультаций в день'), { target: { value: '3' } });
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
