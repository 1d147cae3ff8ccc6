import { Clock } from 'lucide-react';
import { inViewerZone } from '../../lib/dayjs.ts';
import { pluralRu } from '../../lib/plural.ts';
import { useNow } from '../../lib/use-now.ts';
import { OPENS_BEFORE_MINUTES } from '../../../worker/conferences/conference-window.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2 дня 03:12:45', '03:12:45', '12:45': how long until `ms` runs out, to the second. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = hours > 0 || days > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days} ${pluralRu(days, ['день', 'дня', 'дней'])} ${clock}` : clock;
}

/**
 * The join page before the room's window (decision 012): when the room opens, in the viewer's zone, and a
 * countdown by the server's clock. The join flow moves on by itself at zero, so there is nothing to press.
 */
export function RoomCountdown({ opensAt, offsetMs, timeZone }: { opensAt: number; offsetMs: number; timeZone?: string | null }) {
  const now = useNow(1000, offsetMs);
  const opens = inViewerZone(opensAt, timeZone ?? undefined);
  const day = opens.format(opens.year() === inViewerZone(now, timeZone ?? undefined).year() ? 'D MMMM' : 'D MMMM YYYY');
  return (
    <div className="grid min-h-[70vh] place-items-center px-4">
      <div role="status" className="grid w-full max-w-sm gap-3 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
          <Clock aria-hidden className="size-7" />
        </span>
        <p className="font-medium" data-testid="room-opens">
          Комната откроется за {OPENS_BEFORE_MINUTES} минут до начала, {day} в {opens.format('HH:mm')}
        </p>
        <p className="text-3xl font-semibold tabular-nums tracking-tight" aria-label="До открытия комнаты" data-testid="room-countdown">
          {countdownText(opensAt - now)}
        </p>
        <p className="text-sm text-muted-foreground">Страница сама перейдёт к встрече, когда комната откроется. Её можно оставить открытой.</p>
      </div>
    </div>
  );
}
