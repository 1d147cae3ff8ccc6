import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { EventCard, EventCardSkeleton } from '../../components/event-card.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { MentorCard } from '../../components/mentor-card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { homeQueries, RECOMMENDED_COUNT } from './home.api.ts';

// Three cards: one row on wide screens and phones; where the grid has two columns the third would sit
// alone, so it is hidden there.
const GRID = 'grid gap-5 md:grid-cols-2 xl:grid-cols-3 md:max-xl:[&>li:nth-child(3)]:hidden';

type SectionProps = { id: string; title: string; description?: string; link: { to: '/AllMentors' | '/AllEvents'; label: string }; children: ReactNode };

function RecommendationSection({ id, title, description, link, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-xl font-semibold tracking-tight sm:text-2xl">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <Link to={link.to} className="inline-flex items-center gap-1 text-sm font-medium text-primary outline-none hover:underline focus-visible:underline">
          {link.label}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </header>
      {children}
    </section>
  );
}

type RecommendedMentorsProps = {
  /** The viewer's id: a mentor is not recommended to themselves. */
  viewerId?: number;
  /** `useSession().user !== null` for the like button; undefined while the session is unknown. */
  isSignedIn?: boolean;
};

/** «Рекомендуем наставников»: the best-rated mentors (GET /api/users/?sort=rating). */
export function RecommendedMentors({ viewerId, isSignedIn }: RecommendedMentorsProps) {
  const query = useQuery(homeQueries.topMentors());
  const mentors = (query.data ?? []).filter((mentor) => mentor.id !== viewerId).slice(0, RECOMMENDED_COUNT);

  return (
    <RecommendationSection
      id="recommended-mentors-title"
      title="Рекомендуем наставников"
      description="С самым высоким рейтингом по отзывам учеников"
      link={{ to: '/AllMentors', label: 'Все наставники' }}
    >
      {query.isPending ? (
        <ul role="status" aria-label="Загрузка наставников" className={GRID}>
          {Array.from({ length: RECOMMENDED_COUNT }, (_, index) => (
            <li key={index}>
              <Skeleton className="h-44 rounded-2xl md:h-96" />
            </li>
          ))}
        </ul>
      ) : query.isError && !query.data ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>Не удалось загрузить наставников</LoadErrorAlert>
      ) : mentors.length === 0 ? (
        <p className="rounded-2xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">Наставники скоро появятся.</p>
      ) : (
        <ul aria-label="Рекомендуемые наставники" className={GRID}>
          {mentors.map((mentor) => (
            <li key={mentor.id} className="grid">
              <MentorCard mentor={mentor} isSignedIn={isSignedIn} maxSkills={3} />
            </li>
          ))}
        </ul>
      )}
    </RecommendationSection>
  );
}

type UpcomingEventsProps = {
  /** The viewer's id: their own events are not recommended to them. */
  viewerId?: number;
  /** The viewer's IANA zone for the card dates. */
  timeZone?: string;
};

/** «Ближайшие мероприятия»: the first page of upcoming events, soonest first (GET /api/events/). */
export function UpcomingEvents({ viewerId, timeZone }: UpcomingEventsProps) {
  const query = useQuery(homeQueries.upcomingEvents());
  const events = (query.data ?? []).filter((event) => viewerId === undefined || event.mentor_info?.id !== viewerId).slice(0, RECOMMENDED_COUNT);

  return (
    <RecommendationSection
      id="upcoming-events-title"
      title="Ближайшие мероприятия"
      description="Мастер-классы, лекции и встречи наставников"
      link={{ to: '/AllEvents', label: 'Все мероприятия' }}
    >
      {query.isPending ? (
        <ul role="status" aria-label="Загрузка мероприятий" className={GRID}>
          {Array.from({ length: RECOMMENDED_COUNT }, (_, index) => (
            <li key={index}>
              <EventCardSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError && !query.data ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>Не удалось загрузить мероприятия</LoadErrorAlert>
      ) : events.length === 0 ? (
        <p className="rounded-2xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">Новые мероприятия появятся совсем скоро.</p>
      ) : (
        <ul aria-label="Ближайшие мероприятия" className={GRID}>
          {events.map((event) => (
            <li key={event.id} className="grid">
              <EventCard event={event} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </RecommendationSection>
  );
}
