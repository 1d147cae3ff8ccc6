import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarPlus, CalendarRange, History, RefreshCw, Ticket, TriangleAlert } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Me } from '../../lib/session/session.api.ts';
import { cancelEvent, unregisterFromEvent } from './events.api.ts';
import { eventQueries } from './events.queries.ts';
import type { EventListItem } from '../../lib/events/events.api.ts';
import { EventDiffCard, type EventCardMode } from './event-diff-card.tsx';

/** Not over and not canceled: running, starting soon ('live') or further ahead ('upcoming'). */
const isAhead = (event: EventListItem) => event.status === 'live' || event.status === 'upcoming';

/** Leading: the mentor's events that are not over; history: the finished and canceled ones. */
export function splitUserEvents(events: EventListItem[]): { leading: EventListItem[]; history: EventListItem[] } {
  const leading = events.filter(isAhead).sort((a, b) => a.date.localeCompare(b.date));
  const history = events.filter((event) => !isAhead(event)).sort((a, b) => b.date.localeCompare(a.date));
  return { leading, history };
}

/** /AllEventsDiffShow: the signed-in user's events by role in them. */
export function MyEventsScreen({ user }: { user: Me }) {
  const isMentor = user.user_role === 'mentor';
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<EventCardMode>(isMentor ? 'leading' : 'participating');
  const [toCancel, setToCancel] = useState<EventListItem | null>(null);
  const [toLeave, setToLeave] = useState<EventListItem | null>(null);

  const events = useQuery({ ...eventQueries.byUser(user.id), enabled: isMentor });
  const { leading, history: ledBefore } = splitUserEvents(events.data ?? []);
  const registered = useQuery(eventQueries.registered());
  const participating = (registered.data ?? []).filter(isAhead);
  // the history holds what the user led and what they took part in
  const history = [...ledBefore, ...(registered.data ?? []).filter((e) => !isAhead(e))];

  const refresh = () => queryClient.invalidateQueries({ queryKey: eventQueries.all() });

  const cancel = useMutation({
    mutationFn: (event: EventListItem) => cancelEvent(event.id),
    onSuccess: () => {
      toast({ title: 'Мероприятие отменено', variant: 'success' });
      setToCancel(null);
    },
    onError: (error) => {
      toast({ title: error instanceof ApiError ? error.detail : 'Не удалось отменить мероприятие', variant: 'destructive' });
      setToCancel(null);
    },
    onSettled: refresh,
  });

  const leave = useMutation({
    mutationFn: (event: EventListItem) => unregisterFromEvent(event.id, user.id),
    onSuccess: () => {
      toast({ title: 'Вы отказались от участия', variant: 'success' });
      setToLeave(null);
    },
    onError: (error) => {
      toast({ title: error instanceof ApiError ? error.detail : 'Не удалось отказаться от участия', variant: 'destructive' });
      setToLeave(null);
    },
    onSettled: refresh,
  });

  const renderList = (list: EventListItem[], mode: EventCardMode, empty: { title: string; description?: string; icon: ReactNode; action?: ReactNode }) => {
    // 'Участвую' comes from the user's registrations; the other tabs from the mentor's own events
    const source = mode === 'participating' ? registered : isMentor ? events : null;
    if (source) {
      if (source.isPending) return <ListSkeleton />;
      if (source.isError) {
        return (
          <EmptyState
            icon={<TriangleAlert />}
            title={source.error.message || 'Не удалось загрузить мероприятия'}
            action={
              <Button variant="outline" onClick={() => void source.refetch()}>
                <RefreshCw />
                Повторить
              </Button>
            }
          />
        );
      }
    }
    if (list.length === 0) return <EmptyState className="bg-card py-12" {...empty} />;
    return (
      <div className="grid gap-4">
        {list.map((event) => (
          <EventDiffCard
            key={event.id}
            event={event}
            mode={mode}
            timeZone={user.time_zone}
            onCancel={() => setToCancel(event)}
            onLeave={() => setToLeave(event)}
          />
        ))}
      </div>
    );
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Мои мероприятия</h1>
          <p className="text-sm text-muted-foreground">{isMentor ? 'Мероприятия, которые вы ведёте, и ваши участия' : 'Мероприятия, в которых вы участвуете'}</p>
        </div>
        {isMentor ? (
          <Button asChild>
            <Link to="/CreateEntityPage">
              <CalendarPlus />
              Создать мероприятие
            </Link>
          </Button>
        ) : null}
      </header>

      <Tabs value={tab} onValueChange={(value) => setTab(value as EventCardMode)}>
        <TabsList>
          {isMentor ? (
            <TabsTrigger value="leading">
              Веду{events.data ? <Counter value={leading.length} /> : null}
            </TabsTrigger>
          ) : null}
          <TabsTrigger value="participating">Участвую</TabsTrigger>
          <TabsTrigger value="history">
            История{events.data ? <Counter value={history.length} /> : null}
          </TabsTrigger>
        </TabsList>
        {isMentor ? (
          <TabsContent value="leading">
            {renderList(leading, 'leading', {
              icon: <CalendarRange />,
              title: 'Вы пока не ведёте мероприятий',
              description: 'Создайте мастер-класс или встречу — участники найдут его в разделе «Мероприятия».',
              action: (
                <Button asChild variant="outline">
                  <Link to="/CreateEntityPage">Создать мероприятие</Link>
                </Button>
              ),
            })}
          </TabsContent>
        ) : null}
        <TabsContent value="participating">
          {renderList(participating, 'participating', {
            icon: <Ticket />,
            title: 'Нет мероприятий, в которых вы участвуете',
            description: 'Выберите интересное мероприятие и запишитесь — оно появится здесь.',
            action: (
              <Button asChild variant="outline">
                <Link to="/AllEvents">Найти мероприятие</Link>
              </Button>
            ),
          })}
        </TabsContent>
        <TabsContent value="history">
          {renderList(history, 'history', { icon: <History />, title: 'История пока пуста', description: 'Здесь появятся прошедшие и отменённые мероприятия.' })}
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={toCancel != null}
        onOpenChange={(open) => (open ? undefined : setToCancel(null))}
        title="Отменить мероприятие?"
        description={toCancel ? `«${toCancel.title}» будет отменено, участники получат уведомление и возврат оплаты.` : undefined}
        confirmLabel="Отменить мероприятие"
        cancelLabel="Не отменять"
        pending={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate(toCancel)}
      />
      <ConfirmDialog
        open={toLeave != null}
        onOpenChange={(open) => (open ? undefined : setToLeave(null))}
        title="Отказаться от участия?"
        description={toLeave ? `Вы освободите место на «${toLeave.title}».` : undefined}
        confirmLabel="Отказаться"
        cancelLabel="Остаться"
        pending={leave.isPending}
        onConfirm={() => toLeave && leave.mutate(toLeave)}
      />
    </section>
  );
}

function Counter({ value }: { value: number }) {
  return <span className="ml-1.5 rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{value}</span>;
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Загрузка мероприятий" className="grid gap-4">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-40 rounded-2xl" />
      ))}
    </div>
  );
}
