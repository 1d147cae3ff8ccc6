import { useCallback, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { cn } from '../lib/cn.ts';

export type CodeInputHandle = {
  /** Focuses the first empty box (the first box when the code is empty). */
  focus: () => void;
};

type CodeInputProps = {
  /** The digits entered so far (0..length characters). */
  value: string;
  onChange: (value: string) => void;
  /** Called once the last digit is typed or pasted: the confirmation starts without a button press. */
  onComplete?: (code: string) => void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Names the group for screen readers, e.g. 'Код из письма'. */
  label?: string;
  /** id of the message that describes the code (an error), for aria-describedby */
  describedBy?: string;
  ref?: Ref<CodeInputHandle>;
};

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * A one-time code as separate boxes: digits only, typing moves forward, Backspace moves back, a pasted
 * (or SMS-autofilled) code spreads over the boxes, and filling the last box calls onComplete.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = 4,
  disabled = false,
  invalid = false,
  autoFocus = false,
  label = 'Код подтверждения',
  describedBy,
  ref,
}: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');

  const focusBox = useCallback(
    (index: number) => {
      const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
      box?.focus();
      box?.select();
    },
    [length],
  );

  useImperativeHandle(ref, () => ({ focus: () => focusBox(Math.min(value.length, length - 1)) }), [focusBox, value.length, length]);

  /** Writes `text` (digits) from box `index` on, then moves forward or completes. */
  const fill = (index: number, text: string) => {
    // The digits stay contiguous: a digit typed after a gap lands in the first empty box.
    const start = Math.min(index, value.length);
    const result = (value.slice(0, start) + text + value.slice(start + text.length)).slice(0, length);
    onChange(result);
    if (result.length === length) {
      focusBox(length - 1);
      if (result !== value) onComplete?.(result);
    } else {
      focusBox(start + text.length);
    }
  };

  const handleChange = (index: number, raw: string) => {
    const typed = onlyDigits(raw);
    if (!typed) return;
    // A box already holding a digit receives the old digit plus the new one: keep the new one.
    const fresh = typed.length > 1 && digits[index] && raw.includes(digits[index]!) ? onlyDigits(raw.replace(digits[index]!, '')) || typed : typed;
    fill(index, fresh);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        onChange(value.slice(0, index) + value.slice(index + 1));
        focusBox(index);
      } else if (index > 0) {
        onChange(value.slice(0, index - 1) + value.slice(index));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, value.length));
    } else if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      // Letters and symbols never reach the boxes.
      event.preventDefault();
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted) fill(pasted.length >= length ? 0 : index, pasted.slice(0, length));
  };

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="flex justify-center gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          // The first box takes an SMS/e-mail code offered by the keyboard; the change handler spreads it.
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={index === 0 ? length : 2}
          disabled={disabled}
          aria-label={`Цифра ${index + 1} из ${length}`}
          aria-invalid={invalid || undefined}
          className={cn(
            'size-14 rounded-xl border border-input bg-card text-center text-2xl font-semibold tabular-nums shadow-xs transition-[border-color,box-shadow] outline-none sm:size-16',
            'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/20 disabled:cursor-not-allowed disabled:opacity-50',
            digit && 'border-primary/50 bg-accent/40',
            invalid && 'border-destructive ring-destructive/20',
          )}
        />
      ))}
    </div>
  );
}
