import { Link } from '@tanstack/react-router';
import { CalendarDays, Pencil } from 'lucide-react';
import { EventImage } from '../../components/event-image.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { LIVE_BADGE_TEXT } from './event-details-view.tsx';
import type { EventListItem } from '../../lib/events/events.api.ts';

/** Spec 000 §6 "Event card modes": leading (edit, cancel), participating (leave), history (read-only). */
export type EventCardMode = 'leading' | 'participating' | 'history';

/** Plain text of the description HTML for a short excerpt. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  // Block elements run together in textContent ('…рекрутера.В программе'): put a space before each.
  html = html.replace(/<(\/?(?:p|li|ul|ol|h[1-6]|div|blockquote|br)\b)/gi, ' <$1');
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

type EventDiffCardProps = {
  event: Pick<EventListItem, 'id' | 'title' | 'date' | 'description' | 'status' | 'image_url' | 'price'>;
  mode: EventCardMode;
  timeZone?: string;
  /** mode leading: asks to cancel the event */
  onCancel?: () => void;
  /** mode participating: asks to leave the event */
  onLeave?: () => void;
  /** now, in ms (a prop so a test can fix it) */
  now?: number;
};

/** A row of "my events" (spec 000 §2 "Event diff card"). */
export function EventDiffCard({ event, mode, timeZone, onCancel, onLeave, now = Date.now() }: EventDiffCardProps) {
  const description = htmlToText(event.description);
  const canceled = event.status === 'canceled';
  // once it has begun a seat can't be given up (the server answers 409 already_started)
  const started = Date.parse(event.date) <= now;
  return (
    <article data-testid="event-diff-card" className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:flex-row sm:p-5">
      <EventImage src={event.image_url} alt="" className="aspect-[16/9] w-full shrink-0 rounded-xl sm:aspect-[4/3] sm:w-44" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {event.status === 'live' ? <Badge variant="success" className="whitespace-normal">{LIVE_BADGE_TEXT}</Badge> : null}
          {canceled ? <Badge variant="destructive">Отменено</Badge> : null}
          <Badge variant="outline">{formatPrice(event.price)}</Badge>
        </div>
        <h3 className="text-lg leading-snug font-semibold break-words">{event.title || 'Без названия'}</h3>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {formatDate(event.date, timeZone) || 'Дата не указана'}
        </p>
        {description ? <p className="line-clamp-3 text-sm text-foreground/80">{description}</p> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button size="sm" asChild>
            <Link to="/event_info/$id" params={{ id: String(event.id) }}>
              Подробнее
            </Link>
          </Button>
          {mode === 'leading' && !canceled ? (
            <>
              <Button size="sm" variant="outline" asChild>
                <Link to="/edit_event/$id" params={{ id: String(event.id) }}>
                  <Pencil />
                  Редактировать
                </Link>
              </Button>
              <Button size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={onCancel}>
                Отменить
              </Button>
            </>
          ) : null}
          {mode === 'participating' && !started ? (
            <Button size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={onLeave}>
              Отказаться
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
