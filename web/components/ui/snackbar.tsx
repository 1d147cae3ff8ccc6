import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type SnackbarSeverity = 'success' | 'error' | 'info';
type SnackbarMessage = { id: number; text: string; severity: SnackbarSeverity };

/** Snackbar lifetimes (spec 002 §9): the dashboard's 3000 ms, the error snackbar's 5000 ms. */
export const SNACKBAR_DURATION = { dashboard: 3000, error: 5000 } as const;

/** One message at a time; a new one replaces the old and restarts the timer (`durationMs`, the dashboard's 3 s by default). */
export function useSnackbar(durationMs: number = SNACKBAR_DURATION.dashboard) {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const nextId = useRef(1);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback((text: string, severity: SnackbarSeverity = 'success') => {
    clearTimeout(timer.current);
    setMessage({ id: nextId.current++, text, severity });
    timer.current = setTimeout(() => setMessage(null), durationMs);
  }, [durationMs]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, close };
}

const styles: Record<SnackbarSeverity, { className: string; icon: typeof Info }> = {
  success: { className: 'bg-emerald-600 text-white', icon: CircleCheck },
  error: { className: 'bg-red-600 text-white', icon: CircleAlert },
  info: { className: 'bg-sky-600 text-white', icon: Info },
};

export function Snackbar({ message, onClose }: { message: SnackbarMessage | null; onClose: () => void }) {
  if (!message) return null;
  const { className, icon: Icon } = styles[message.severity];
  return (
    <div className="pointer-events-none fixed top-[4.5rem] right-4 left-4 z-[90] flex justify-end sm:left-auto">
      <div
        key={message.id}
        role={message.severity === 'error' ? 'alert' : 'status'}
        data-severity={message.severity}
        className={cn(
          'pointer-events-auto flex max-w-sm items-center gap-3 rounded-xl py-3 pr-2 pl-4 text-sm font-medium shadow-lg shadow-black/10',
          className,
        )}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        <span className="min-w-0 flex-1">{message.text}</span>
        <button type="button" onClick={onClose} aria-label="Close" className="rounded-md p-1 opacity-80 transition hover:bg-white/15 hover:opacity-100">
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
