import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../../web/lib/api-client.ts';
import { ReviewDialog, REVIEW_ERROR_MESSAGE, REVIEW_SUCCESS_MESSAGE, type ReviewValues } from '../../web/components/review-dialog.tsx';
import { Toaster } from '../../web/components/ui/toast.tsx';

const KEY = 'event-review-draft:7';

function Harness({ onSubmit }: { onSubmit: (values: ReviewValues) => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Toaster />
      <button type="button" onClick={() => setOpen(true)}>
        открыть
      </button>
      <ReviewDialog open={open} onOpenChange={setOpen} draftKey={KEY} onSubmit={onSubmit} />
    </>
  );
}

const textarea = () => screen.getByRole('textbox', { name: 'Отзыв' });

describe('ReviewDialog', () => {
  beforeEach(() => localStorage.clear());

  it('counts the characters left of 1000 and keeps the text draft in localStorage', () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.getByText('Написать отзыв')).toBeTruthy();
    expect(screen.getByText('Осталось символов: 1000')).toBeTruthy();
    fireEvent.change(textarea(), { target: { value: 'Очень полезно' } });
    expect(screen.getByText('Осталось символов: 987')).toBeTruthy();
    expect(localStorage.getItem(KEY)).toBe('Очень полезно');
    fireEvent.change(textarea(), { target: { value: 'я'.repeat(1200) } });
    expect(screen.getByText('Осталось символов: 0')).toBeTruthy();
  });

  it('restores the draft when opened again', () => {
    localStorage.setItem(KEY, 'Черновик отзыва');
    render(<Harness onSubmit={vi.fn()} />);
    expect((textarea() as HTMLTextAreaElement).value).toBe('Черновик отзыва');
  });

  it('requires the text', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(textarea(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить отзыв' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Отзыв обязателен для заполнения');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends stars (default 5) and text, then toasts, removes the draft and resets to 5 stars / empty', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByRole('radio', { name: '5 звёзд' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '3 звезды' }));
    fireEvent.change(textarea(), { target: { value: '  Хороший мастер-класс ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить отзыв' }));

    expect(await screen.findByText(REVIEW_SUCCESS_MESSAGE)).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ review_text: 'Хороший мастер-класс', review_stars: 3 });
    expect(localStorage.getItem(KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'открыть' }));
    expect((textarea() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('radio', { name: '5 звёзд' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows the error toast and keeps the draft when sending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onSubmit = vi.fn().mockRejectedValue(new Error('403'));
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(textarea(), { target: { value: 'Понравилось' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить отзыв' }));
    expect(await screen.findByText(REVIEW_ERROR_MESSAGE)).toBeTruthy();
    expect(localStorage.getItem(KEY)).toBe('Понравилось');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  // issue 35, item 17: a refusal said «Попробуйте еще раз», which could never help
  it("shows the server's reason when it refuses the review", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const detail = 'Вы уже оставили отзыв этому наставнику';
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(409, { detail, code: 'already_reviewed' }));
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(textarea(), { target: { value: 'Понравилось' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить отзыв' }));
    expect(await screen.findByText(detail)).toBeTruthy();
  });
});
