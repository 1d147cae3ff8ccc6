import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CallbackForm } from '../../web/features/layout/callback-form.tsx';

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

  it('only logs the request locally and makes no network call', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    render(<CallbackForm />);

    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Иван' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 (900) 123-45-67' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Перезвоните мне' }));

    expect(log).toHaveBeenCalledWith('callback request', { name: 'Иван', phone: '+7 (900) 123-45-67' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
