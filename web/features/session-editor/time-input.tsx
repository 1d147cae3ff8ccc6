import { useEffect, useId, useState, type ComponentProps } from 'react';
import { Clock } from 'lucide-react';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { isTime, normalizeTime, QUARTER_HOURS, typingTime } from './editor-time.ts';

type TimeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  /** a whole 'HH:MM' on the 15-minute grid (spec 002 §5.3) */
  onValueChange: (value: string) => void;
};

/**
 * 'HH:MM' with quarter-hour suggestions. Typing keeps digits and a colon; leaving the field (or picking a
 * suggestion) applies the picker's rules: hour capped at 23, minutes rounded to 15, empty → 00:00.
 */
export function TimeInput({ value, onValueChange, className, onBlur, ...props }: TimeInputProps) {
  const listId = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  const commit = (raw: string) => {
    const next = normalizeTime(raw);
    setDraft(next);
    if (next !== value) onValueChange(next);
  };

  return (
    <div className={cn('relative', className)}>
      <Input
        {...props}
        inputMode="numeric"
        autoComplete="off"
        placeholder="ЧЧ:ММ"
        list={listId}
        value={draft}
        maxLength={5}
        className="pr-9 tabular-nums"
        onChange={(e) => {
          const typed = typingTime(e.target.value);
          setDraft(typed);
          // a whole time (typed to the end or picked from the suggestions) applies at once
          if (isTime(typed)) commit(typed);
        }}
        onBlur={(e) => {
          commit(draft);
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // apply the rules first; the form is saved with its button
          e.preventDefault();
          commit(draft);
        }}
      />
      <Clock aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <datalist id={listId}>
        {QUARTER_HOURS.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </div>
  );
}
