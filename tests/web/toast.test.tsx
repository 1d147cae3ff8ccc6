import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { DEFAULT_TOAST_DURATION, toast } from '../../web/components/ui/toast-store.ts';

describe('toast', () => {
  it('shows a toast raised from outside React, with a close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Отзыв успешно отправлен!', description: 'Спасибо', variant: 'success' });
    });

    expect(await screen.findByText('Отзыв успешно отправлен!')).toBeTruthy();
    expect(screen.getByText('Спасибо')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByText('Отзыв успешно отправлен!')).toBeNull());
  });

  it('closes by itself after 4 seconds by default', async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Готово' });
      });
      expect(screen.getByText('Готово')).toBeTruthy();

      await act(async () => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION - 500));
      expect(screen.queryByText('Готово')).toBeTruthy();

      await act(async () => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('Готово')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
