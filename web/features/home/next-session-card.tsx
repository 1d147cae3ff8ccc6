import { Link } from '@tanstack/react-router';
import { CalendarClock, CalendarPlus, Clock } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { countdownText, isOngoing, sessionWhen, type HomeSession } from './home-sessions.ts';
import { counterpartLabel, JoinButton, kindLabel, SessionTitle } from './session-links.tsx';
import { useNow } from '../../lib/use-now.ts';
import { pendingSeatLabel } from '../../lib/events/pending-seat.ts';

type NextSessionCardProps = {
  session: HomeSession;
  timeZone: string;
  /** Server clock minus device clock. */
  clockOffsetMs: number;
};

/** «Ближайшая встреча»: what, when, with whom, a live countdown and the join button. */
export function NextSessionCard({ session, timeZone, clockOffsetMs }: NextSessionCardProps) {
  // one tick a second: the countdown shows minutes, but «Идёт сейчас» must appear at the start, not up to a minute late
  const now = useNow(1000, clockOffsetMs);
  const live = isOngoing(session, now);

  return (
    <article
      aria-labelledby="next-session-title"
      className="relative flex flex-col gap-5 overflow-hidden rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div aria-hidden className="pointer-events-none absolute -top-24 -right-20 size-64 rounded-full bg-primary/10 blur-3xl" />
      <div className="relative flex flex-wrap items-center justify-between gap-3">
        <h2 id="next-session-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Ближайшая встреча
        </h2>
        <p
          data-testid="next-session-countdown"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold tabular-nums',
            live ? 'bg-success/15 text-success' : 'bg-primary/10 text-primary',
          )}
        >
          {live ? <span aria-hidden className="size-2 animate-pulse rounded-full bg-success" /> : <Clock aria-hidden className="size-4" />}
          {countdownText(session, now)}
        </p>
      </div>

      <div className="relative flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{kindLabel(session)}</Badge>
          {session.isHost ? <Badge variant="outline">Вы ведёте</Badge> : null}
          {session.pendingPayment ? <Badge variant="destructive">{pendingSeatLabel(session.offerExpiresAt, timeZone)}</Badge> : null}
        </div>
        <h3 className="text-xl leading-snug font-semibold break-words sm:text-2xl">
          <SessionTitle session={session} className="outline-none hover:text-primary focus-visible:underline" />
        </h3>
        <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock aria-hidden className="size-4 shrink-0" />
          {sessionWhen(session, now, timeZone)}
        </p>
      </div>

      {session.counterpart ? (
        <div className="relative flex min-w-0 items-center gap-3">
          <Avatar src={session.counterpart.avatarUrl} name={session.counterpart.name} className="size-10" />
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">{counterpartLabel(session)}</p>
            <p className="truncate text-sm font-medium">{session.counterpart.name}</p>
          </div>
        </div>
      ) : null}

      <div className="relative flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {session.pendingPayment ? (
          <Button asChild>
            <Link to="/event_info/$id" params={{ id: String(session.id) }}>
              Перейти к мероприятию
            </Link>
          </Button>
        ) : (
          <JoinButton session={session} className="sm:min-w-44" />
        )}
        <Button asChild variant="outline">
          <Link to="/CalendarPage">Открыть календарь</Link>
        </Button>
      </div>
    </article>
  );
}

/** No session ahead: an invitation to book one, or for a mentor, to open time for bookings. */
export function NoNextSession({ forMentor = false }: { forMentor?: boolean }) {
  return forMentor ? (
    <EmptyNextSession
      hint="Откройте время для консультаций или создайте мероприятие — записи учеников появятся здесь."
      primary={{ to: '/CreateEntityPage', label: 'Редактор сессий' }}
      secondary={{ to: '/MyMentee', label: 'Мои ученики' }}
    />
  ) : (
    <EmptyNextSession
      hint="Запишитесь на консультацию к наставнику или выберите мероприятие — встреча появится здесь."
      primary={{ to: '/AllMentors', label: 'Найти наставника' }}
      secondary={{ to: '/AllEvents', label: 'Мероприятия' }}
    />
  );
}

type EmptyAction = { to: '/CreateEntityPage' | '/MyMentee' | '/AllMentors' | '/AllEvents'; label: string };

function EmptyNextSession({ hint, primary, secondary }: { hint: string; primary: EmptyAction; secondary: EmptyAction }) {
  return (
    <article aria-labelledby="next-session-title" className="flex flex-col items-start gap-4 rounded-2xl border border-dashed bg-card p-5 sm:p-6">
      <h2 id="next-session-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Ближайшая встреча
      </h2>
      <div className="flex items-start gap-4">
        <span className="grid size-11 shrink-0 place-content-center rounded-xl bg-primary/10 text-primary">
          <CalendarPlus aria-hidden className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <p className="font-semibold">Ближайших встреч пока нет</p>
          <p className="text-sm text-muted-foreground">{hint}</p>
        </div>
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link to={primary.to}>{primary.label}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={secondary.to}>{secondary.label}</Link>
        </Button>
      </div>
    </article>
  );
}

export function NextSessionSkeleton() {
  return (
    <div role="status" aria-label="Загрузка ближайшей встречи" className="flex flex-col gap-4 rounded-2xl border bg-card p-5 sm:p-6">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-7 w-32 rounded-full" />
      </div>
      <Skeleton className="h-5 w-28 rounded-full" />
      <Skeleton className="h-7 w-3/4" />
      <Skeleton className="h-4 w-52" />
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-36" />
      </div>
      <Skeleton className="h-10 w-44" />
    </div>
  );
}
