import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

type LoadErrorAlertProps = {
  /** What failed to load, e.g. "Не удалось загрузить заявки". */
  children: ReactNode;
  onRetry: () => void;
  className?: string;
};

/** The inline "could not load" alert of a list or tab, with a retry button. */
export function LoadErrorAlert({ children, onRetry, className }: LoadErrorAlertProps) {
  return (
    <div
      role="alert"
      className={cn('flex flex-wrap items-center justify-between gap-3 rounded-xl bg-destructive/10 px-4 py-3 text-sm text-destructive', className)}
    >
      {children}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}
