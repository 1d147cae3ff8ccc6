import { type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bookmark, CalendarPlus, MessageCircle, Star, TriangleAlert, UserRoundX } from 'lucide-react';
import { mentorPriceText } from '../../components/mentor-card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { showPlaceholderOnError, PLACEHOLDER_AVATAR } from '../../lib/placeholder-image.ts';
import { countRu } from '../../lib/plural.ts';
import { useFavoriteToggle } from '../../lib/use-favorite-toggle.ts';
import { ConsultationTypeList, type BookButton } from './consultation-type-list.tsx';
import { CaseGallery } from './case-gallery.tsx';
import { CollapsibleText } from './collapsible-text.tsx';
import { EducationList, ExperienceList } from './career-sections.tsx';
import { MentorEventList, upcomingEvents } from './mentor-events.tsx';
import { MentorReviewsSection } from './mentor-reviews-section.tsx';
import { MentorReliabilityFigures } from '../../components/reliability-figures.tsx';
import { formatRating } from '../../lib/format-decimal.ts';
import type { MentorDetail } from '../../lib/mentors/mentors.api.ts';
import { eventQueries } from '../../lib/events/events.queries.ts';
import { mentorQueries } from './mentors.queries.ts';
import { useMinimumDelay } from './use-minimum-delay.ts';
import { useOpenChat } from './use-open-chat.ts';
import { VerifiedBadge } from './verified-badge.tsx';
import { WhyMe } from './why-me.tsx';
import { useRecordPageView } from '../../lib/use-record-page-view.ts';
import { useDatesZone } from '../../lib/dayjs.ts';

/** Spec 000 §9: the mentor page's loader stays at least 1 s. */
export const MENTOR_DETAIL_MIN_LOADER_MS = 1000;

type Viewer = { id: number; time_zone?: string | null } | null;

type MentorProfileScreenProps = {
  /** The id from the URL; null when it is not a number (then the page is "not found"). */
  mentorId: number | null;
  viewer: Viewer;
  /** The session is still being checked. */
  viewerPending?: boolean;
  /** 'Записаться' for a consultation type (shown to everyone but the mentor themself) */
  bookButton?: BookButton;
};

/** /mentor_info/{mentorId} (spec 000 §2 "Mentor page"). */
export function MentorProfileScreen({ mentorId, viewer, viewerPending = false, bookButton }: MentorProfileScreenProps) {
  const query = useQuery({ ...mentorQueries.detail(mentorId ?? 0), enabled: mentorId != null, retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2 });
  const waiting = useMinimumDelay(mentorId != null && query.data === undefined, MENTOR_DETAIL_MIN_LOADER_MS);

  if (mentorId == null || (query.error instanceof ApiError && query.error.status === 404)) return <MentorNotFound />;
  if (query.isPending || waiting) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner className="size-8" label="Загрузка профиля" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16">
        <EmptyState
          icon={<TriangleAlert />}
          title="Не удалось загрузить профиль"
          description={query.error instanceof ApiError ? query.error.detail : undefined}
          action={<Button onClick={() => void query.refetch()}>Повторить</Button>}
        />
      </div>
    );
  }
  return <MentorProfile mentor={query.data} viewer={viewer} isSignedIn={viewerPending ? undefined : viewer !== null} bookButton={bookButton} />;
}

function MentorNotFound() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <EmptyState
        icon={<UserRoundX />}
        title="Наставник не найден"
        description="Возможно, профиль скрыт или ссылка устарела. Посмотрите других наставников."
        action={
          <Button asChild>
            <Link to="/AllMentors">Все наставники</Link>
          </Button>
        }
      />
    </div>
  );
}

function Section({ id, title, children, className }: { id?: string; title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-label={typeof title === 'string' ? title : undefined} className={cn('scroll-mt-24 rounded-2xl border bg-card p-5 sm:p-6', className)}>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function MentorProfile({ mentor, viewer, isSignedIn, bookButton }: { mentor: MentorDetail; viewer: Viewer; isSignedIn?: boolean; bookButton?: BookButton }) {
  const isOwn = viewer?.id === mentor.id;
  // a visitor's dates: the server page's zone while hydrating, then the browser's (decision 014)
  const datesZone = useDatesZone();
  const timeZone = viewer?.time_zone ?? datesZone;
  useRecordPageView(mentor.id);
  const events = useQuery(eventQueries.byUser(mentor.id));
  const upcoming = upcomingEvents(events.data ?? []);
  const name = [mentor.mentor_name, mentor.mentor_surname].filter(Boolean).join(' ') || 'Ментор';

  const scrollToBooking = () => document.getElementById('consultation-types')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-5 px-4 pt-6 pb-24 sm:pt-8 lg:pb-10 lg:grid-cols-[320px_minmax(0,1fr)] lg:items-start lg:gap-6 lg:px-6">
      <MentorHero mentor={mentor} name={name} isOwn={isOwn} isSignedIn={isSignedIn} />

      <div className="flex min-w-0 flex-col gap-5">
        <Section title="Обо мне">
          {mentor.mentor_description?.trim() ? (
            <CollapsibleText text={mentor.mentor_description} />
          ) : (
            <p className="text-sm text-muted-foreground">Наставник пока ничего не рассказал о себе.</p>
          )}
        </Section>

        {mentor.work_experiences.length > 0 || mentor.educations.length > 0 || mentor.mentor_education.length > 0 ? (
          <div className="grid gap-5 xl:grid-cols-2">
            {mentor.work_experiences.length > 0 ? (
              <Section title="Опыт работы">
                <ExperienceList items={mentor.work_experiences} />
              </Section>
            ) : null}
            {mentor.educations.length > 0 || mentor.mentor_education.length > 0 ? (
              <Section title="Образование">
                {mentor.educations.length > 0 ? <EducationList items={mentor.educations} /> : null}
                {mentor.mentor_education.length > 0 ? (
                  // the education tags of the approved mentor application (spec's mentor_education)
                  <ul aria-label="Курсы и направления обучения" className="mt-3 flex flex-wrap gap-1.5">
                    {mentor.mentor_education.map((tag) => (
                      <li key={tag} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
                        {tag}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Section>
            ) : null}
          </div>
        ) : null}

        <Section id="reliability" title="Надёжность">
          <MentorReliabilityFigures reliability={mentor.reliability} />
        </Section>

        <Section id="consultation-types" title="Консультации">
          {mentor.consultation_types.length > 0 ? (
            <ConsultationTypeList mentorId={mentor.id} types={mentor.consultation_types} isSignedIn={isSignedIn} bookButton={isOwn ? undefined : bookButton} />
          ) : (
            <p className="text-sm text-muted-foreground">Ментор пока не добавил типы консультаций. Напишите ему, чтобы договориться о занятии.</p>
          )}
        </Section>

        <Section title="Почему я">
          <WhyMe />
        </Section>

        {mentor.case_images.length > 0 ? (
          <Section title="Кейсы">
            <CaseGallery images={mentor.case_images} />
          </Section>
        ) : null}

        <div className="rounded-2xl border bg-card p-5 sm:p-6">
          <MentorReviewsSection mentorId={mentor.id} isSignedIn={isSignedIn} isOwnProfile={isOwn} timeZone={timeZone} />
        </div>

        {upcoming.length > 0 ? (
          <Section title="Ближайшие мероприятия">
            <MentorEventList events={upcoming} timeZone={timeZone} />
          </Section>
        ) : null}
      </div>

      {!isOwn ? (
        <Button
          size="lg"
          onClick={scrollToBooking}
          className="fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 rounded-full shadow-lg lg:right-8 lg:bottom-8"
        >
          <CalendarPlus />
          Записаться
        </Button>
      ) : null}
    </div>
  );
}

/** mentor_title is the Telegram link, stored as 't.me/handle' (spec 001 §5); anything else is not linked. */
function telegramHref(title: string | null): string | null {
  if (!title) return null;
  if (/^https:\/\/(t\.me|telegram\.me)\//.test(title)) return title;
  if (/^(t\.me|telegram\.me)\/\w+$/.test(title)) return `https://${title}`;
  return null;
}

function MentorHero({ mentor, name, isOwn, isSignedIn }: { mentor: MentorDetail; name: string; isOwn: boolean; isSignedIn?: boolean }) {
  const chat = useOpenChat(mentor.id, isSignedIn);
  const favorite = useFavoriteToggle({
    mentorId: mentor.id,
    isFavorite: mentor.is_favorite,
    favoriteId: mentor.favorite_id,
    favoritesCount: mentor.favorites_count,
    isSignedIn,
  });
  const subtitle = mentor.mentor_specialization || mentor.mentor_tg_title;

  return (
    <aside aria-label="Наставник" className="flex flex-col items-center gap-4 rounded-2xl border bg-card p-6 text-center lg:sticky lg:top-20">
      <img
        src={mentor.mentor_avatar_url || PLACEHOLDER_AVATAR}
        alt={name}
        onError={showPlaceholderOnError}
        className="size-28 rounded-full bg-secondary object-cover ring-4 ring-primary/10"
      />
      {mentor.is_verified ? <VerifiedBadge verification={mentor.verification} /> : null}
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{name}</h1>
        {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
        {mentor.mentor_specialization && mentor.mentor_tg_title ? (
          telegramHref(mentor.mentor_title) ? (
            <a href={telegramHref(mentor.mentor_title)!} target="_blank" rel="noreferrer" className="text-sm text-primary hover:underline">
              {mentor.mentor_tg_title}
            </a>
          ) : (
            <p className="text-sm text-muted-foreground">{mentor.mentor_tg_title}</p>
          )
        ) : null}
      </div>

      <dl className="grid w-full grid-cols-3 divide-x rounded-xl bg-muted/50 py-3">
        <div className="grid gap-0.5 px-2">
          <dt className="order-2 text-xs text-muted-foreground">рейтинг</dt>
          <dd className="flex items-center justify-center gap-1 font-semibold">
            <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
            {formatRating(Number(mentor.rating))}
          </dd>
        </div>
        <div className="grid gap-0.5 px-2">
          {/* the rating's count: people, not texts (decision 010), so it may exceed the reviews listed below */}
          <dt className="order-2 text-xs text-muted-foreground" title="Оценки людей после состоявшихся консультаций, по одной от человека">
            {countRu(mentor.reviews_count, ['оценка', 'оценки', 'оценок']).replace(/^\d+ /, '')}
          </dt>
          <dd className="font-semibold tabular-nums">{mentor.reviews_count}</dd>
        </div>
        <div className="grid gap-0.5 px-2">
          <dt className="order-2 text-xs text-muted-foreground">{countRu(mentor.events_count, ['мероприятие', 'мероприятия', 'мероприятий']).replace(/^\d+ /, '')}</dt>
          <dd className="font-semibold tabular-nums">{mentor.events_count}</dd>
        </div>
      </dl>

      <p className="font-semibold text-primary">{mentorPriceText(mentor.price)}</p>

      {mentor.mentor_skills.length > 0 ? (
        <ul aria-label="Навыки" className="flex flex-wrap justify-center gap-1.5">
          {mentor.mentor_skills.map((skill) => (
            <li key={skill} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
              {skill}
            </li>
          ))}
        </ul>
      ) : null}

      {!isOwn ? (
        <div className="flex w-full gap-2">
          <Button className="flex-1" disabled={chat.isPending} onClick={chat.open}>
            {chat.isPending ? <Spinner className="text-current" /> : <MessageCircle />}
            Написать
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-pressed={favorite.isFavorite}
            aria-label={favorite.isFavorite ? 'Убрать из избранного' : 'Добавить в избранное'}
            disabled={favorite.isPending}
            onClick={() => void favorite.toggle()}
            className={cn(favorite.isFavorite && 'border-primary/40 text-primary')}
          >
            <Bookmark className={cn(favorite.isFavorite && 'fill-current')} />
          </Button>
        </div>
      ) : (
        <Button asChild variant="outline" className="w-full">
          <Link to="/ProfileSettings">Редактировать профиль</Link>
        </Button>
      )}
    </aside>
  );
}
