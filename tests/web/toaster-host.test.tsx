// The toasts' Radix code is not on the first page: <ToasterHost /> renders nothing until the first toast, then loads
// <Toaster /> and shows it (and the ones after it).
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../web/components/ui/toast-store.ts';
import { ToasterHost } from '../../web/components/ui/toaster-host.tsx';

describe('ToasterHost', () => {
  it('renders nothing before the first toast, then shows each toast raised', { timeout: 20_000 }, async () => {
    const { container } = render(<ToasterHost />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[role="region"]')).toBeNull();
    act(() => void toast({ title: 'Ссылка скопирована', variant: 'success' }));
    // the first one waits for the Toaster's chunk (a dynamic import: slow on a busy machine)
    expect(await screen.findByText('Ссылка скопирована', {}, { timeout: 10_000 })).toBeTruthy();
    act(() => void toast({ title: 'Не удалось сохранить', variant: 'destructive' }));
    expect(await screen.findByText('Не удалось сохранить')).toBeTruthy();
  });
});
