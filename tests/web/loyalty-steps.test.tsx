// Loyalty steps in the web (issue 36, decision 006): the session editor's steps with the server's Russian messages,
// and the texts the mentor page, the booking dialog and the receipts say.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ConsultationTypeList } from '../../web/features/mentors/consultation-type-list.tsx';
import { ConsultationTypeDialog, validateType } from '../../web/features/session-editor/consultation-type-dialog.tsx';
import { loyaltyReason, loyaltyStepText, withMentorName } from '../../worker/lib/loyalty-text.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';

const base = { name: 'Разбор', description: '', duration: '60', costs: '3000' };

describe('loyalty texts', () => {
  it('says a step and a reason in Russian, declining common first names and never declining others wrongly', () => {
    expect(loyaltyStepText({ from: 5, percent: 10 })).toBe('С 5-й консультации — скидка 10\u00a0%');
    expect(loyaltyReason(5, 10, 'Анна')).toBe('5-я консультация с Анной: −10\u00a0%');
    expect(
      ['Анна', 'Маша', 'Мария', 'Таня', 'Иван', 'Андрей', 'Юрий', 'Павел', 'Илья', 'Никита', 'Игорь', 'Alex', '', null].map(withMentorName),
    ).toEqual([
      'с Анной',
      'с Машей',
      'с Марией',
      'с Таней',
      'с Иваном',
      'с Андреем',
      'с Юрием',
      'с Павлом',
      'с Ильёй',
      'с Никитой',
      'с ментором Игорь',
      'с ментором Alex',
      'с ментором',
      'с ментором',
    ]);
  });
});

describe('the type form’s loyalty steps', () => {
  it('checks them with the server’s messages', () => {
    const check = (steps: { from: string; percent: string }[]) => validateType({ ...base, steps }).errors;
    expect(check([{ from: '1', percent: '10' }])).toEqual({ 'loyalty_steps.0.from': 'Скидка может действовать не раньше чем со 2-й консультации' });
    expect(check([{ from: '3', percent: '60' }])).toEqual({ 'loyalty_steps.0.percent': 'Скидка не может превышать 50 %' });
    expect(check([{ from: '', percent: '10' }])).toEqual({ 'loyalty_steps.0.from': 'Укажите, с какой консультации действует скидка' });
    expect(check([{ from: '5', percent: '10' }, { from: '3', percent: '5' }])).toEqual({
      'loyalty_steps.1.from': 'Каждая следующая ступень начинается с более поздней консультации',
      'loyalty_steps.1.percent': 'Каждая следующая ступень даёт скидку больше предыдущей',
    });
    expect(validateType({ ...base, steps: [{ from: '5', percent: '10' }] }).values?.loyalty_steps).toEqual([{ from: 5, percent: 10 }]);
  });

  it('adds, edits and removes steps in the dialog, shows a wrong one beside it and sends the steps', async () => {
    const type = { id: 3, name: 'Разбор резюме', description: '', duration_minutes: 60, costs: 2500, loyalty_steps: [{ from: 3, percent: 5 }], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES, user: 7 };
    const { calls } = mockFetch([{ method: 'PATCH', path: /\/api\/consultation-types\/3\/update\b/, body: type }]);
    const onOpenChange = vi.fn();
    renderWithRouter(<ConsultationTypeDialog open onOpenChange={onOpenChange} type={type} userId={7} />, { queryClient: new QueryClient() });
    expect(((await screen.findByLabelText('Ступень 1: с какой консультации')) as HTMLInputElement).value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить скидку' }));
    expect((screen.getByLabelText('Ступень 2: с какой консультации') as HTMLInputElement).value).toBe('8');
    expect((screen.getByLabelText('Ступень 2: скидка, %') as HTMLInputElement).value).toBe('10');
    fireEvent.change(screen.getByLabelText('Ступень 2: скидка, %'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить скидку' }));
    // three at most
    expect(screen.queryByRole('button', { name: 'Добавить скидку' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить ступень 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Каждая следующая ступень даёт скидку больше предыдущей')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('Ступень 2: скидка, %'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ costs: 2500, loyalty_steps: [{ from: 3, percent: 5 }, { from: 8, percent: 15 }], user_id: 7 });
  });
});

describe('the mentor page', () => {
  it('lists a paid type’s steps, and none for a free type', async () => {
    const steps = [{ from: 3, percent: 5 }, { from: 5, percent: 10 }];
    renderWithRouter(
      <ConsultationTypeList
        mentorId={7}
        types={[
          { id: 1, name: 'Разбор резюме', description: '', duration_minutes: 60, costs: 2500, loyalty_steps: steps, packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES },
          { id: 2, name: 'Знакомство', description: '', duration_minutes: 30, costs: 0, loyalty_steps: steps, packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES },
        ]}
      />,
      { queryClient: new QueryClient() },
    );
    const lists = await screen.findAllByRole('list', { name: 'Скидки постоянным ученикам' });
    expect(lists).toHaveLength(1);
    expect(lists[0].textContent).toBe('С 3-й консультации — скидка 5\u00a0%С 5-й консультации — скидка 10\u00a0%');
  });
});
