import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, CalendarPlus, ExternalLink, Link2, Pencil, Trash2, Users } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventImage } from '../../components/event-image.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import type { EventListItem } from '../../lib/events/events.api.ts';
import { eventQueries } from '../../lib/events/events.queries.ts';
import { descriptionPreview, eventFormMessages } from './event-form.rules.ts';
import { sessionEditorApi } from './session-editor.api.ts';

/** Spec 002 §9: the copy toast stays 2 s. */
const COPY_TOAST_MS = 2000;
/** DeleteEvent refuses these (decision 008): the event can be cancelled instead, with refunds. */
const CANCEL_INSTEAD = new Set(['event_has_paid_participants', 'event_has_payments']);

export function shareLink(eventId: number, origin = window.location.origin): string {
  return `${origin}/EventInfoPage/${eventId}`;
}

/** 'Без ограничений' for a seat limit of 0 (spec 002 §2.8), else how many are taken. */
export function seatsText(event: Pick<EventListItem, 'total_spots' | 'available_spots'>): string {
  if (event.total_spots === 0) return 'Без ограничений';
  const taken = Math.max(0, event.total_spots - (event.available_spots ?? 0));
  return `${taken} из ${event.total_spots} мест занято`;
}

type EventsTabProps = { userId: number; timeZone: string; onCreate: () => void; onEdit: (id: number) => void };

/** «Мероприятия»: the mentor's events as cards (spec 002 §2.8). */
export function EventsTab({ userId, timeZone, onCreate, onEdit }: EventsTabProps) {
  const query = useQuery(eventQueries.byUser(userId));
  const [deleting, setDeleting] = useState<EventListItem | null>(null);
  const [cancelling, setCancelling] = useState<EventListItem | null>(null);
  const queryClient = useQueryClient();
  // the event as every page shows it: this list, the mentor's page, «Мои мероприятия», the catalogue, the event page
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventQueries.all() });

  const remove = useMutation({
    mutationFn: (event: EventListItem) => sessionEditorApi.deleteEvent(event.id),
    onSuccess: async () => {
      toast({ title: eventFormMessages.deleted, variant: 'success' });
      setDeleting(null);
      await refresh();
    },
    onError: (error, event) => {
      setDeleting(null);
      if (error instanceof ApiError && error.status === 409 && CANCEL_INSTEAD.has(error.code)) {
        setCancelling(event);
        return;
      }
      toast({ title: eventFormMessages.deleteFailed(error instanceof ApiError ? error.detail : 'нет соединения с сервером'), variant: 'destructive', duration: 4000 });
    },
  });

  const cancel = useMutation({
    mutationFn: (event: EventListItem) => sessionEditorApi.cancelEvent(event.id),
    onSuccess: async () => {
      toast({ title: 'Мероприятие отменено', description: 'Участники получат уведомление, оплаты вернутся им полностью.', variant: 'success' });
      setCancelling(null);
      await refresh();
    },
    onError: (error) => {
      setCancelling(null);
      toast({ title: `Не удалось отменить: ${error instanceof ApiError ? error.detail : 'нет соединения с сервером'}`, variant: 'destructive', duration: 4000 });
    },
  });

  const copy = async (event: EventListItem) => {
    try {
      await navigator.clipboard.writeText(shareLink(event.id));
      toast({ title: 'Ссылка скопирована', duration: COPY_TOAST_MS });
    } catch {
      toast({ title: 'Не удалось скопировать ссылку', description: shareLink(event.id), variant: 'destructive' });
    }
  };

  return (
    <section aria-label="Мероприятия" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Групповые мероприятия, которые вы проводите</p>
        {query.data?.length ? (
          <Button onClick={onCreate}>
            <CalendarPlus />
            Добавить мероприятие
          </Button>
        ) : null}
      </div>

      {query.isPending ? (
        <EventsSkeleton />
      ) : query.isError ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>Не удалось загрузить мероприятия</LoadErrorAlert>
      ) : query.data.length === 0 ? (
        <EmptyState
          className="bg-card py-12"
          icon={<CalendarDays />}
          title="У вас пока нет групповых мероприятий"
          description="Соберите участников на вебинар, мастер-класс или встречу."
          action={<Button onClick={onCreate}>Создать первое мероприятие</Button>}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {query.data.map((event) => (
            <li key={event.id}>
              <EditorEventCard event={event} timeZone={timeZone} onEdit={() => onEdit(event.id)} onDelete={() => setDeleting(event)} onCopy={() => void copy(event)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Удалить мероприятие?"
        description={deleting ? `«${deleting.title}» будет удалено без возможности восстановления. Записавшиеся участники получат уведомление.` : undefined}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <ConfirmDialog
        open={cancelling != null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Удалить нельзя — отменить мероприятие?"
        description="По мероприятию уже были оплаты, поэтому его нельзя удалить. Его можно отменить: участники получат уведомление, а деньги вернутся им полностью."
        confirmLabel="Отменить мероприятие"
        cancelLabel="Не отменять"
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
      />
    </section>
  );
}

type CardProps = { event: EventListItem; timeZone: string; onEdit: () => void; onDelete: () => void; onCopy: () => void };

export function EditorEventCard({ event, timeZone, onEdit, onDelete, onCopy }: CardProps) {
  const canceled = event.status === 'canceled';
  const past = event.status === 'past';
  const preview = descriptionPreview(event.description ?? '');
  const discount = event.discount ?? null;
  const free = !event.price;
  return (
    <article data-testid="editor-event-card" className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm">
      <div className="relative">
        <EventImage src={event.image_url} alt={event.title} className="aspect-video w-full" />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <Badge variant="secondary" className="bg-card/90 backdrop-blur">
            {event.category}
          </Badge>
          {canceled ? <Badge variant="destructive">Отменено</Badge> : past ? <Badge variant="outline" className="bg-card/90">Прошло</Badge> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <CalendarDays aria-hidden className="size-3.5" />
            {formatDate(event.date, timeZone)}
          </p>
          <h3 className="line-clamp-2 font-semibold leading-snug break-words">{event.title}</h3>
          <p className="text-sm text-muted-foreground break-words">{preview || 'Без описания'}</p>
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
          <span className="font-semibold">{free ? 'Бесплатно' : formatPrice(event.price)}</span>
          {discount && !free ? <Badge variant="success">Скидка {discount}%</Badge> : null}
          <span className="ml-auto flex items-center gap-1 text-muted-foreground">
            <Users aria-hidden className="size-3.5" />
            {seatsText(event)}
          </span>
        </div>
        <div className="flex items-center gap-1 border-t pt-3">
          <Button size="sm" variant="outline" onClick={onEdit} disabled={canceled}>
            <Pencil />
            Редактировать
          </Button>
          <div className="ml-auto flex items-center gap-0.5">
            <Button size="icon" variant="ghost" className="size-8" asChild>
              <Link to="/event_info/$id" params={{ id: String(event.id) }} aria-label={`Открыть страницу «${event.title}»`} title="Открыть страницу мероприятия">
                <ExternalLink />
              </Link>
            </Button>
            <Button size="icon" variant="ghost" className="size-8" onClick={onCopy} aria-label={`Скопировать ссылку на «${event.title}»`} title="Скопировать ссылку">
              <Link2 />
            </Button>
            <Button size="icon" variant="ghost" className="size-8 text-destructive hover:text-destructive" onClick={onDelete} aria-label={`Удалить «${event.title}»`} title="Удалить">
              <Trash2 />
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

function EventsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy aria-label="Загрузка мероприятий">
      {[0, 1, 2].map((i) => (
        <div key={i} className="overflow-hidden rounded-2xl border bg-card">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="grid gap-2 p-4">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
