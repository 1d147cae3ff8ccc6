import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { CodeInput } from '../../web/components/code-input.tsx';
import { useCountdown } from '../../web/lib/use-countdown.ts';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <CodeInput value={value} onChange={setValue} onComplete={onComplete} autoFocus />;
}

const box = (n: number) => screen.getByLabelText(`Цифра ${n} из 4`) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4].map((n) => box(n).value).join('');

describe('CodeInput', () => {
  it('moves forward as digits are typed and submits on the 4th', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    expect(document.activeElement).toBe(box(1));
    fireEvent.change(box(1), { target: { value: '1' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    fireEvent.change(box(3), { target: { value: '3' } });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(box(4), { target: { value: '4' } });
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('1234');
    expect(boxValues()).toBe('1234');
  });

  it('accepts digits only', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    fireEvent.change(box(1), { target: { value: '-' } });
    expect(boxValues()).toBe('');
    const letter = fireEvent.keyDown(box(1), { key: 'x' });
    expect(letter).toBe(false); // default prevented
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(boxValues()).toBe('7');
  });

  it('spreads a pasted code over the boxes and submits it', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 12-34 ' } });
    expect(boxValues()).toBe('1234');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('1234');
  });

  it('takes a whole code autofilled into the first box', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '5678' } });
    expect(onComplete).toHaveBeenCalledWith('5678');
  });

  it('moves back and clears with Backspace', () => {
    render(<Harness onComplete={vi.fn()} />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    // focus is on the empty third box: Backspace clears the second and moves there
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(boxValues()).toBe('1');
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(boxValues()).toBe('');
    expect(document.activeElement).toBe(box(1));
  });
});

describe('useCountdown', () => {
  it('starts at the given seconds, ticks each second, stops at 0 and restarts', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useCountdown(30));
      expect(result.current.secondsLeft).toBe(30);
      expect(result.current.isRunning).toBe(true);
      act(() => vi.advanceTimersByTime(1000));
      expect(result.current.secondsLeft).toBe(29);
      for (let i = 0; i < 29; i++) act(() => vi.advanceTimersByTime(1000));
      expect(result.current.secondsLeft).toBe(0);
      expect(result.current.isRunning).toBe(false);
      act(() => vi.advanceTimersByTime(5000));
      expect(result.current.secondsLeft).toBe(0);
      act(() => result.current.restart());
      expect(result.current.secondsLeft).toBe(30);
    } finally {
      vi.useRealTimers();
    }
  });
});
