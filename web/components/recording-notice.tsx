import { CircleDot } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/**
 * «… записывается. Запись видят только …, она хранится 30 дней.» — said before anyone books, registers or enters a
 * recorded meeting (issue 36, decision 019): the booking dialog, the event page and the room's join screen.
 */
// neutral, with the red «REC» dot only: it informs, it is not an error
export function RecordingNotice({ text, className }: { text: string; className?: string }) {
  return (
    <p role="note" data-testid="recording-notice" className={cn('flex items-start gap-2 rounded-lg border bg-muted/60 px-3 py-2 text-sm text-foreground', className)}>
      <CircleDot aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
      <span>{text}</span>
    </p>
  );
}
