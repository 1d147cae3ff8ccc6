import type { ReactNode } from 'react';
import { CalendarDays, Clock, Heart, MessageCircle, Star, Users } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatEuro, formatShortDate, formatTime } from './dashboard.format.ts';
import type { Consultation, DashboardEvent, DashboardItem, Expert } from './dashboard.types.ts';
import { isSoldOut } from './filter-items.ts';

const MAX_SKILLS = 3;
const MAX_SLOTS = 2;

const accents: Record<DashboardItem['type'], { label: string; className: string }> = {
  consultation: { label: 'Consultation', className: 'bg-violet-100 text-violet-700' },
  event: { label: 'Event', className: 'bg-amber-100 text-amber-800' },
  expert: { label: 'Expert', className: 'bg-emerald-100 text-emerald-700' },
};

type CardShellProps = {
  item: DashboardItem;
  name: string;
  favorite: boolean;
  onToggleFavorite: () => void;
  onOpen: () => void;
  children: ReactNode;
};

/** Common frame: type label, heart toggle; a click on the card itself only reports it (spec: it logs). */
function CardShell({ item, name, favorite, onToggleFavorite, onOpen, children }: CardShellProps) {
  const accent = accents[item.type];
  return (
    <article
      aria-label={name}
      onClick={onOpen}
      className="group relative flex h-full flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-lg hover:shadow-primary/5"
    >
      <div className="flex items-start justify-between gap-3">
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', accent.className)}>{accent.label}</span>
        <button
          type="button"
          aria-pressed={favorite}
          aria-label={favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
          onClick={(event) => {
            event.stopPropagation();
            onToggleFavorite();
          }}
          className={cn(
            'grid size-9 place-content-center rounded-full border transition outline-none focus-visible:ring-2 focus-visible:ring-ring',
            favorite ? 'border-rose-200 bg-rose-50 text-rose-500' : 'border-transparent bg-muted text-muted-foreground hover:text-rose-500',
          )}
        >
          <Heart aria-hidden className={cn('size-4', favorite && 'fill-current')} />
        </button>
      </div>
      {children}
    </article>
  );
}

function SkillChips({ skills }: { skills: string[] }) {
  const shown = skills.slice(0, MAX_SKILLS);
  const rest = skills.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
      {shown.map((skill) => (
        <li key={skill} className="rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
          {skill}
        </li>
      ))}
      {rest > 0 ? <li className="rounded-md border px-2 py-0.5 text-xs font-medium text-muted-foreground">+{rest}</li> : null}
    </ul>
  );
}

function Rating({ rating, reviews }: { rating: number; reviews: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
      <span className="font-semibold">{rating.toFixed(1)}</span>
      <span className="text-muted-foreground">({reviews} reviews)</span>
    </span>
  );
}

function Initials({ name, className }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
  return (
    <span aria-hidden className={cn('grid shrink-0 place-content-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 font-semibold text-white', className)}>
      {initials}
    </span>
  );
}

/** Shown on hover (and always on touch screens, which have no hover). */
function HoverDetails({ children }: { children: ReactNode }) {
  return (
    <p className="text-xs text-muted-foreground transition-opacity duration-200 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100">
      {children}
    </p>
  );
}

type CardProps<T> = { item: T; favorite: boolean; onToggleFavorite: () => void; onOpen: () => void };

export function DashboardEventCard({ item, onJoin, ...shell }: CardProps<DashboardEvent> & { onJoin: () => void }) {
  const soldOut = isSoldOut(item.spots);
  const fill = Math.min(100, Math.round((item.spots.taken / Math.max(1, item.spots.total)) * 100));
  return (
    <CardShell item={item} name={item.title} {...shell}>
      <div className="grid gap-1">
        <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">{item.category}</p>
        <h3 className="text-lg leading-snug font-semibold">{item.title}</h3>
        <p className="text-sm text-muted-foreground">with {item.mentor}</p>
      </div>
      <div className="grid gap-2 text-sm">
        <span className="inline-flex items-center gap-2 text-muted-foreground">
          <CalendarDays aria-hidden className="size-4" />
          {formatShortDate(item.date)} · {formatTime(item.time)}
        </span>
        <span className="inline-flex items-center gap-2 text-muted-foreground">
          <Users aria-hidden className="size-4" />
          <span>
            {item.spots.taken}/{item.spots.total} spots taken
          </span>
        </span>
        <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className={cn('h-full rounded-full', soldOut ? 'bg-red-400' : 'bg-amber-400')} style={{ width: `${fill}%` }} />
        </div>
      </div>
      <HoverDetails>{soldOut ? 'Every spot is taken.' : `${item.spots.total - item.spots.taken} spots left`}</HoverDetails>
      <div className="mt-auto flex items-center justify-between gap-3 pt-1">
        <span className="text-xl font-bold">{formatEuro(item.price)}</span>
        <Button
          disabled={soldOut}
          variant={soldOut ? 'secondary' : 'default'}
          onClick={(event) => {
            event.stopPropagation();
            onJoin();
          }}
        >
          {soldOut ? 'Sold Out' : 'Join'}
        </Button>
      </div>
    </CardShell>
  );
}

export function ConsultationCard({
  item,
  onBook,
  onQuickBook,
  ...shell
}: CardProps<Consultation> & { onBook: () => void; onQuickBook: (slot: string) => void }) {
  return (
    <CardShell item={item} name={item.title} {...shell}>
      <div className="grid gap-2">
        <h3 className="text-lg leading-snug font-semibold">{item.title}</h3>
        <SkillChips skills={item.skills} />
      </div>
      <div className="flex items-center gap-3">
        <Initials name={item.mentor.name} className="size-9 text-xs" />
        <div className="grid">
          <span className="text-sm font-medium">{item.mentor.name}</span>
          <Rating rating={item.mentor.rating} reviews={item.mentor.reviews} />
        </div>
      </div>
      {item.availableSlots.length > 0 ? (
        <div className="grid gap-2">
          <span className="text-xs font-medium text-muted-foreground">Next available</span>
          <div className="flex flex-wrap gap-2">
            {item.availableSlots.slice(0, MAX_SLOTS).map((slot) => (
              <button
                key={slot}
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  onQuickBook(slot);
                }}
                className="rounded-full border border-primary/25 bg-primary/5 px-3 py-1 text-xs font-medium text-primary transition hover:bg-primary hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {slot}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">No open slots this week</p>
      )}
      <HoverDetails>All skills: {item.skills.join(', ')}</HoverDetails>
      <div className="mt-auto flex items-center justify-between gap-3 pt-1">
        <div className="grid">
          <span className="text-xl font-bold">{formatEuro(item.price)}</span>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Clock aria-hidden className="size-3.5" />
            {item.duration} min
          </span>
        </div>
        <Button
          onClick={(event) => {
            event.stopPropagation();
            onBook();
          }}
        >
          Book
        </Button>
      </div>
    </CardShell>
  );
}

export function ExpertCard({ item, onBook, ...shell }: CardProps<Expert> & { onBook: () => void }) {
  return (
    <CardShell item={item} name={item.name} {...shell}>
      <div className="flex items-center gap-4">
        {item.avatar ? (
          <img src={item.avatar} alt="" className="size-14 rounded-full object-cover" />
        ) : (
          <Initials name={item.name} className="size-14 text-lg" />
        )}
        <div className="grid min-w-0 gap-0.5">
          <h3 className="truncate text-lg font-semibold">{item.name}</h3>
          <p className="text-sm text-muted-foreground">{item.title}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Rating rating={item.rating} reviews={item.reviews} />
        <span className="text-sm text-muted-foreground">{item.experience} years exp.</span>
      </div>
      <SkillChips skills={item.skills} />
      <HoverDetails>All skills: {item.skills.join(', ')}</HoverDetails>
      <div className="mt-auto flex items-center justify-between gap-3 pt-1">
        <div className="grid">
          <span className="text-xl font-bold">
            {formatEuro(item.hourlyRate)}
            <span className="text-sm font-medium text-muted-foreground">/hour</span>
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <MessageCircle aria-hidden className="size-3.5" />
            Responds {item.responseTime}
          </span>
        </div>
        <Button
          onClick={(event) => {
            event.stopPropagation();
            onBook();
          }}
        >
          Book
        </Button>
      </div>
    </CardShell>
  );
}
