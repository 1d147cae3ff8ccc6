import { useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { Label } from './ui/label.tsx';
import { cn } from '../lib/cn.ts';

type FormFieldProps = {
  label: ReactNode;
  /** the message under the field; marks the control invalid */
  error?: string;
  /** a hint or a counter shown at the right under the field ('0/500') */
  hint?: ReactNode;
  className?: string;
  /** one control (Input, Textarea, Select trigger…): it gets the id and the aria wiring */
  children: ReactElement;
};

/** Label + control + error/hint, wired for screen readers. Every form uses it, so fields look and read alike. */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? messageId : undefined}>
        {children}
      </Slot.Root>
      {error || hint ? (
        <div id={messageId} className="flex justify-between gap-3 text-xs">
          <span role={error ? 'alert' : undefined} className="text-destructive">
            {error}
          </span>
          {hint ? <span className="ml-auto text-muted-foreground tabular-nums">{hint}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
