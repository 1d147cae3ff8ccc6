import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { EventImage } from '../../components/event-image.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { pluralRu } from '../../lib/plural.ts';
import type { EventListItem } from '../../lib/events/events.api.ts';

export const EVENTS_STEP = 3;

/** Events that have not started yet, soonest first. */
export function upcomingEvents(events: EventListItem[], now = Date.now()): EventListItem[] {
  return events.filter((event) => new Date(event.date).getTime() >= now).sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());
}

export function MentorEventCard({ event, timeZone }: { event: EventListItem; timeZone?: string }) {
  const total = event.total_spots ?? 0;
  const left = Math.max(0, Math.min(total, event.available_spots ?? total));
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card">
      <div className="relative">
        <EventImage src={event.image_url} alt={event.title} className="aspect-[16/9]" />
        {event.category ? (
          <span className="absolute top-3 left-3 rounded-full bg-card/90 px-2.5 py-0.5 text-xs font-medium shadow-sm backdrop-blur">{event.category}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold leading-snug">{event.title}</h3>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden className="size-4" />
          {formatDate(event.date, timeZone)}
        </p>
        <p className="font-semibold text-primary">{formatPrice(event.price)}</p>
        {total > 0 ? (
          <div className="grid gap-1">
            <div
              role="progressbar"
              aria-label="Свободные места"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={left}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${((total - left) / total) * 100}%` }} />
            </div>
            <p className="text-xs text-muted-foreground">
              Осталось {left} из {total} {pluralRu(total, ['места', 'мест', 'мест'])}
            </p>
          </div>
        ) : null}
        <Button asChild className="mt-auto w-full">
          <Link to="/event_info/$id" params={{ id: String(event.id) }}>
            Зарегистрироваться
          </Link>
        </Button>
      </div>
    </article>
  );
}

export function MentorEventList({ events, timeZone }: { events: EventListItem[]; timeZone?: string }) {
  const [visible, setVisible] = useState(EVENTS_STEP);
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-4 sm:grid-cols-2">
        {events.slice(0, visible).map((event) => (
          <li key={event.id}>
            <MentorEventCard event={event} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      {events.length > visible ? (
        <Button variant="outline" className="w-full sm:w-fit sm:self-center" onClick={() => setVisible((count) => count + EVENTS_STEP)}>
          Показать больше мероприятий
        </Button>
      ) : null}
    </div>
  );
}
