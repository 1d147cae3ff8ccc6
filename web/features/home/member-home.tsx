import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { ComingWeek, ComingWeekFrame, ComingWeekSkeleton } from './coming-week.tsx';
import { homeQueries, SCHEDULE_WINDOW_DAYS } from './home.api.ts';
import { comingWeek, DEFAULT_TIME_ZONE, greeting, scheduleSessions, scheduleWindow, upcomingSessions } from './home-sessions.ts';
import { NextSessionCard, NextSessionSkeleton, NoNextSession } from './next-session-card.tsx';
import { RecommendedMentors, UpcomingEvents } from './recommendations.tsx';
import { UnreadChats } from './unread-chats.tsx';
import { useNow } from '../../lib/use-now.ts';

/** What /Home needs of the signed-in user (the session's `Me` fits). */
export type HomeViewer = { id: number; mentor_name: string | null; time_zone?: string | null };

/** /Home for a signed-in user: the next session, the coming week, unread messages, recommendations. */
export function MemberHome({ viewer, mentorPanel }: { viewer: HomeViewer; mentorPanel?: ReactNode }) {
  const zone = viewer.time_zone || DEFAULT_TIME_ZONE;
  // A coarse clock for the lists (what is still ahead, which day is today); the countdown ticks on its own.
  const deviceNow = useNow(30_000);
  const range = scheduleWindow(deviceNow, zone, SCHEDULE_WINDOW_DAYS);
  const schedule = useQuery(homeQueries.schedule(viewer.id, range.startDate, range.endDate));
  const chats = useQuery(homeQueries.unreadChats(viewer.id));

  const offset = schedule.data?.clockOffsetMs ?? 0;
  const now = deviceNow + offset;
  // The server's zone wins: it is the one the schedule's days were cut in.
  const timeZone = schedule.data?.time_zone || zone;
  const sessions = useMemo(() => (schedule.data ? scheduleSessions(schedule.data) : []), [schedule.data]);
  const upcoming = upcomingSessions(sessions, now);
  const next = upcoming[0];
  const week = comingWeek(sessions, now, timeZone);
  const name = viewer.mentor_name?.trim();
  // A failed background refresh keeps what was loaded on screen.
  const scheduleFailed = schedule.isError && !schedule.data;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:py-8 lg:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{name ? `${greeting(now, timeZone)}, ${name}!` : `${greeting(now, timeZone)}!`}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">Сегодня {dayjs(now).tz(timeZone).format('dddd, D MMMM')}</p>
      </header>

      {/* grid-cols-1 is minmax(0, 1fr): an implicit column would grow to a long unread message's one-line width on a phone */}
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-stretch">
        {schedule.isPending ? (
          <NextSessionSkeleton />
        ) : scheduleFailed ? (
          <div className="flex flex-col gap-3 rounded-2xl border bg-card p-5 sm:p-6">
            <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Ближайшая встреча</h2>
            <LoadErrorAlert onRetry={() => void schedule.refetch()}>Не удалось загрузить расписание</LoadErrorAlert>
          </div>
        ) : next ? (
          <NextSessionCard session={next} timeZone={timeZone} clockOffsetMs={offset} />
        ) : (
          <NoNextSession forMentor={mentorPanel != null} />
        )}
        <UnreadChats
          rooms={chats.data}
          isPending={chats.isPending}
          isError={chats.isError}
          onRetry={() => void chats.refetch()}
          now={now}
          timeZone={timeZone}
        />
      </div>

      {schedule.isPending ? (
        <ComingWeekSkeleton />
      ) : scheduleFailed ? (
        <ComingWeekFrame>
          <LoadErrorAlert onRetry={() => void schedule.refetch()}>Не удалось загрузить встречи недели</LoadErrorAlert>
        </ComingWeekFrame>
      ) : (
        <ComingWeek days={week} timeZone={timeZone} now={now} forMentor={mentorPanel != null} />
      )}

      {mentorPanel ?? (
        <>
          <RecommendedMentors viewerId={viewer.id} isSignedIn />
          <UpcomingEvents viewerId={viewer.id} timeZone={timeZone} />
        </>
      )}
    </div>
  );
}
