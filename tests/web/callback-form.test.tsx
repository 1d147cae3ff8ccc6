import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CallbackForm } from '../../web/features/layout/callback-form.tsx';
import { mockFetch } from './mentor-test-utils.ts';

describe('CallbackForm (landing footer)', () => {
  it('keeps submit disabled until the privacy box is ticked', () => {
    render(<CallbackForm />);
    const submit = screen.getByRole('button', { name: 'Перезвоните мне' }) as HTMLButtonElement;
    const consent = screen.getByRole('checkbox');

    expect(submit.disabled).toBe(true);
    fireEvent.click(consent);
    expect(submit.disabled).toBe(false);
    fireEvent.click(consent);
    expect(submit.disabled).toBe(true);
  });

  it('offers the phone format as a placeholder', () => {
    render(<CallbackForm />);
    expect(screen.getByLabelText('Телефон').getAttribute('placeholder')).toBe('+7 (___) ___-__-__');
  });

  it('stores the request through the API and confirms it to the visitor (issue 35)', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: /\/api\/callback-requests\/?$/, status: 201, body: { detail: 'Заявка принята. Мы перезвоним с 8:00 до 22:00.' } }]);
    render(<CallbackForm />);

    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Иван' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 (900) 123-45-67' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Перезвоните мне' }));

    expect(await screen.findByText('Заявка принята. Мы перезвоним с 8:00 до 22:00.')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ name: 'Иван', phone: '+7 (900) 123-45-67', consent: true });
  });

  it("shows the server's refusal, e.g. a flood limit, and keeps the form", async () => {
    mockFetch([{ method: 'POST', path: /\/api\/callback-requests\/?$/, status: 429, body: { detail: 'Вы уже оставили заявку. Новую можно отправить через час.', code: 'rate_limited' } }]);
    render(<CallbackForm />);
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Иван' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 (900) 123-45-67' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Перезвоните мне' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Новую можно отправить через час');
    expect(screen.getByRole('button', { name: 'Перезвоните мне' })).toBeTruthy();
  });
});
