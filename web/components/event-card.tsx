import { Link } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { Avatar } from './ui/avatar.tsx';
import { EventImage } from './event-image.tsx';
import { cn } from '../lib/cn.ts';
import { inViewerZone, useDatesZone } from '../lib/dayjs.ts';
import { formatPrice } from '../lib/format-price.ts';

/** Spec 000 §9: titles longer than this are cut with an ellipsis. */
export const EVENT_TITLE_MAX = 180;
/** Spec 000 §9: titles longer than this use the overlay layout on desktop. */
export const EVENT_TITLE_OVERLAY_AT = 120;

/** The fields of an event list item the card shows (GET /api/events/load_more/ results fit as they are). */
export type EventCardEvent = {
  id: number;
  title: string;
  date: string;
  price: number | null;
  image_url: string | null;
  mentor_info?: {
    id?: number;
    mentor_name: string | null;
    mentor_surname: string | null;
    mentor_avatar_url: string | null;
  } | null;
};

/** 'Title…' cut at 180 characters (the ellipsis comes on top of them). */
export function truncateEventTitle(title: string, max = EVENT_TITLE_MAX): string {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : title;
}

/** Whether the card uses the overlay layout on desktop: the title is longer than 120 characters. */
export function usesOverlayLayout(title: string): boolean {
  return Array.from(title).length > EVENT_TITLE_OVERLAY_AT;
}

/** 'DD.MM' in the viewer's zone (or the browser's when not given); 'DD.MM.YYYY' outside the current year, so 05.02 of next year is not read as this one's. */
export function formatDayMonth(value: string, timeZone?: string, now: number = Date.now()): string {
  const date = inViewerZone(value, timeZone);
  if (!date.isValid()) return '';
  return date.year() === inViewerZone(now, timeZone).year() ? date.format('DD.MM') : date.format('DD.MM.YYYY');
}

export function mentorFullName(info: EventCardEvent['mentor_info']): string {
  return [info?.mentor_name, info?.mentor_surname].filter(Boolean).join(' ').trim();
}

type EventCardProps = {
  event: EventCardEvent;
  /** The viewer's IANA zone (user.time_zone) for the date. */
  timeZone?: string;
  className?: string;
  /** One of the first cards of a list, on screen at once: its cover is the page's largest paint, fetched first. */
  priority?: boolean;
};

/**
 * The event list card (spec 000 §2 "Event list"): cover, date DD.MM, price, title, mentor.
 * The whole card links to /event_info/{id}/. Long titles (> 120 chars) switch to an overlay layout on
 * desktop — the title sits on the cover — so one card does not tower over its neighbours.
 */
export function EventCard({ event, timeZone, className, priority = false }: EventCardProps) {
  const title = event.title.trim() || 'Без названия';
  const overlay = usesOverlayLayout(title);
  const mentorName = mentorFullName(event.mentor_info);
  // a visitor's date: the server page's zone while hydrating, then the browser's (decision 014)
  const datesZone = useDatesZone();
  const day = formatDayMonth(event.date, timeZone ?? datesZone);
  const free = !event.price || event.price <= 0;

  return (
    <Link
      to="/event_info/$id"
      params={{ id: String(event.id) }}
      data-layout={overlay ? 'overlay' : 'standard'}
      aria-label={title}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-xs outline-none transition-[box-shadow,transform] hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring',
        overlay && 'lg:min-h-[26rem] lg:justify-end lg:border-transparent',
        className,
      )}
    >
      <EventImage
        src={event.image_url}
        alt=""
        className={cn('aspect-[4/3] w-full', overlay && 'lg:absolute lg:inset-0 lg:aspect-auto lg:h-full')}
        imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
        priority={priority}
      />
      {overlay ? (
        <div aria-hidden className="pointer-events-none absolute inset-0 hidden bg-gradient-to-t from-black/90 via-black/55 to-black/5 lg:block" />
      ) : null}

      <div className="pointer-events-none absolute inset-x-3 top-3 flex items-start justify-between gap-2">
        {day ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-background/90 px-2.5 py-1 text-xs font-semibold shadow-sm backdrop-blur tabular-nums">
            <CalendarDays aria-hidden className="size-3.5" />
            <span data-testid="event-card-date">{day}</span>
          </span>
        ) : (
          <span />
        )}
        <span
          data-testid="event-card-price"
          className={cn(
            'rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm backdrop-blur',
            free ? 'bg-success text-white' : 'bg-background/90 text-foreground',
          )}
        >
          {formatPrice(event.price)}
        </span>
      </div>

      <div className={cn('flex flex-col gap-3 p-4', overlay && 'lg:relative lg:z-10 lg:pt-24 lg:text-white')}>
        <h3 className="text-base leading-snug font-semibold break-words" title={title.length > EVENT_TITLE_MAX ? title : undefined}>
          {truncateEventTitle(title)}
        </h3>
        {mentorName || event.mentor_info ? (
          <div className="flex min-w-0 items-center gap-2">
            <Avatar src={event.mentor_info?.mentor_avatar_url} name={mentorName} className="size-7 text-xs" />
            <span className={cn('truncate text-sm text-muted-foreground', overlay && 'lg:text-white/85')}>{mentorName || 'Наставник'}</span>
          </div>
        ) : null}
      </div>
    </Link>
  );
}

/** The card's loading placeholder, same footprint as a standard card. */
export function EventCardSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden data-testid="event-card-skeleton" className={cn('overflow-hidden rounded-2xl border bg-card', className)}>
      <div className="aspect-[4/3] w-full animate-pulse bg-muted" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-4 w-11/12 animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="flex items-center gap-2">
          <div className="size-7 animate-pulse rounded-full bg-muted" />
          <div className="h-3 w-28 animate-pulse rounded bg-muted" />
        </div>
      </div>
    </div>
  );
}
