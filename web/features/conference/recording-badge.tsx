import { Circle, CircleStop } from 'lucide-react';
import { RECORDING_TEXTS } from '../../lib/recordings/recording-texts.ts';
import { cn } from '../../lib/cn.ts';

/** «Идёт запись» with a red dot: everyone in the room sees it while the meeting is recorded (issue 36). */
export function RecordingBadge({ className }: { className?: string }) {
  return (
    <span role="status" data-testid="recording-badge" className={cn('inline-flex shrink-0 items-center gap-1.5 rounded-full bg-red-600/90 px-2.5 py-0.5 text-xs font-medium text-white', className)}>
      <span aria-hidden className="size-2 animate-pulse rounded-full bg-white" />
      {RECORDING_TEXTS.badge}
    </span>
  );
}

export const RECORDING_CONTROL = { start: 'Начать запись', stop: 'Остановить запись' } as const;

/** The host's control: stop the recording, or start it again. */
export function RecordingControl({ recording, busy, onToggle }: { recording: boolean; busy: boolean; onToggle: () => void }) {
  const label = recording ? RECORDING_CONTROL.stop : RECORDING_CONTROL.start;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={recording}
      disabled={busy}
      onClick={onToggle}
      className={cn(
        'grid size-11 place-items-center rounded-full transition-colors outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-50 [&_svg]:size-5',
        recording ? 'bg-red-600 text-white hover:bg-red-500' : 'bg-white/10 hover:bg-white/20',
      )}
    >
      {recording ? <CircleStop /> : <Circle className="fill-red-500 text-red-500" />}
    </button>
  );
}
