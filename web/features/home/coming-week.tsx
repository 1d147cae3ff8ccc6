import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarRange } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { countRu } from '../../lib/plural.ts';
import { canJoinSoon, isOngoing, timeRange, type HomeSession, type SessionDay } from './home-sessions.ts';
import { counterpartLabel, JoinButton, kindLabel, SessionTitle } from './session-links.tsx';
import { pendingSeatLabel } from '../../lib/events/pending-seat.ts';

export const WEEK_EMPTY_TEXT = 'На этой неделе ничего не запланировано';

type ComingWeekProps = {
  days: SessionDay[];
  timeZone: string;
  now: number;
  /** a mentor's empty week points to their own tools, not to other mentors */
  forMentor?: boolean;
};

/** «Ближайшие 7 дней»: the sessions of the coming week, grouped by day, with a link to the calendar. */
export function ComingWeek({ days, timeZone, now, forMentor = false }: ComingWeekProps) {
  return (
    <ComingWeekFrame>
      {days.length === 0 ? (
        <EmptyState
          icon={<CalendarRange />}
          title={WEEK_EMPTY_TEXT}
          description={
            forMentor
              ? 'Откройте время для консультаций или создайте мероприятие.'
              : 'Найдите наставника и запишитесь на консультацию или выберите мероприятие.'
          }
          action={
            <Button asChild variant="outline">
              {forMentor ? <Link to="/CreateEntityPage">Редактор сессий</Link> : <Link to="/AllMentors">Найти наставника</Link>}
            </Button>
          }
        />
      ) : (
        <ol aria-label="Встречи по дням" className="flex flex-col gap-5">
          {days.map((day) => (
            <li key={day.day} aria-label={day.label} data-day={day.day} className="flex flex-col gap-2">
              <h3 className="flex items-baseline justify-between gap-3 text-sm font-semibold">
                <span>{day.label}</span>
                <span className="text-xs font-normal text-muted-foreground">{countRu(day.sessions.length, ['встреча', 'встречи', 'встреч'])}</span>
              </h3>
              <ul className="flex flex-col divide-y rounded-xl border bg-background/60">
                {day.sessions.map((session) => (
                  <li key={session.key}>
                    <SessionRow session={session} timeZone={timeZone} now={now} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </ComingWeekFrame>
  );
}

function SessionRow({ session, timeZone, now }: { session: HomeSession; timeZone: string; now: number }) {
  const live = isOngoing(session, now);
  const joinable = canJoinSoon(session, now);
  return (
    <article aria-label={session.title} className="flex items-start gap-3 px-3 py-3 sm:items-center sm:gap-4 sm:px-4">
      <p className="flex w-12 shrink-0 flex-col tabular-nums">
        <span className="sr-only">{timeRange(session, timeZone)}</span>
        <time aria-hidden dateTime={session.start} className={cn('text-sm font-semibold', live && 'text-success')}>
          {clock(session.start, timeZone)}
        </time>
        <time aria-hidden dateTime={session.end} className="text-xs text-muted-foreground">
          {clock(session.end, timeZone)}
        </time>
      </p>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="truncate text-sm font-medium">
            <SessionTitle session={session} className="outline-none hover:text-primary focus-visible:underline" />
          </p>
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span>{kindLabel(session)}</span>
            <span aria-hidden>·</span>
            {session.counterpart ? (
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Avatar src={session.counterpart.avatarUrl} name={session.counterpart.name} className="size-5 text-[10px]" />
                <span className="truncate">
                  {counterpartLabel(session)}: {session.counterpart.name}
                </span>
              </span>
            ) : (
              <span>{counterpartLabel(session)}</span>
            )}
          </div>
        </div>
        {live || session.pendingPayment || joinable ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            {live ? <Badge variant="success">Идёт сейчас</Badge> : null}
            {session.pendingPayment ? <Badge variant="destructive">{pendingSeatLabel(session.offerExpiresAt, timeZone)}</Badge> : null}
            {joinable ? <JoinButton session={session} size="sm" /> : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

const clock = (value: string, timeZone: string) => dayjs(value).tz(timeZone).format('HH:mm');

/** The section with its heading and the calendar link, around the list, the skeleton or the error alert. */
export function ComingWeekFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="coming-week-title" className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="coming-week-title" className="text-lg font-semibold">
          Ближайшие 7 дней
        </h2>
        <Link to="/CalendarPage" className="inline-flex items-center gap-1 text-sm font-medium text-primary outline-none hover:underline focus-visible:underline">
          Открыть календарь
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </header>
      {children}
    </section>
  );
}

export function ComingWeekSkeleton() {
  return (
    <ComingWeekFrame>
      <div role="status" aria-label="Загрузка расписания" className="flex flex-col gap-5">
        {Array.from({ length: 2 }, (_, day) => (
          <div key={day} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-16 rounded-xl" />
          </div>
        ))}
      </div>
    </ComingWeekFrame>
  );
}
