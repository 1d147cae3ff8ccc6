import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Clock, Pencil, Plus, Repeat, Trash2, Wallet, X } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { ConsultationTypeDialog } from './consultation-type-dialog.tsx';
import { sessionEditorApi, type ConsultationType, type MentorSlot } from './session-editor.api.ts';
import { sessionEditorQueries } from './session-editor.queries.ts';
import { SlotDialog } from './slot-dialog.tsx';
import { slotMessages, WEEKDAYS } from './slot-rules.ts';

/** How many times of a series are listed before 'ещё N'. */
const SERIES_SHOWN = 6;

type Group = { key: string; recurrenceId: number | string | null; slots: MentorSlot[] };

/** One-time slots first (by start), then each series with its slots (by the first start). */
export function groupSlots(slots: MentorSlot[]): Group[] {
  const sorted = [...slots].sort((a, b) => a.start_time.localeCompare(b.start_time));
  const single = sorted.filter((s) => s.recurrence_id == null);
  const series = new Map<string, MentorSlot[]>();
  for (const s of sorted) if (s.recurrence_id != null) series.set(String(s.recurrence_id), [...(series.get(String(s.recurrence_id)) ?? []), s]);
  return [
    ...(single.length ? [{ key: 'single', recurrenceId: null, slots: single }] : []),
    ...[...series.entries()].map(([id, list]) => ({ key: `series-${id}`, recurrenceId: id, slots: list })),
  ];
}

const timeRange = (slot: MentorSlot, tz: string) => `${dayjs(slot.start_time).tz(tz).format('HH:mm')}–${dayjs(slot.end_time).tz(tz).format('HH:mm')}`;

const ISO_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

function seriesSummary(slots: MentorSlot[], tz: string): string {
  const slot = slots[0]!;
  // a weekly series may come without its weekday: the slots' own days say it
  const listed: string[] = slot.custom_weekdays.length ? slot.custom_weekdays : slots.map((s) => ISO_DAY[dayjs(s.start_time).tz(tz).day()]!);
  const days = slot.repeat_type === 'daily' ? 'Каждый день' : WEEKDAYS.filter((d) => listed.includes(d.value)).map((d) => d.short).join(', ');
  const until = slot.repeat_until ? ` · до ${dayjs(slot.repeat_until).format('D MMMM YYYY')}` : '';
  return `${days || 'Повторяется'} · ${timeRange(slot, tz)}${until}`;
}

type Props = { userId: number; timeZone: string };

/** «Личные сессии»: consultation types with their time (spec 002 §2.8, §4.5, §5.3). */
export function ConsultationsTab({ userId, timeZone }: Props) {
  const queryClient = useQueryClient();
  const types = useQuery(sessionEditorQueries.types(userId));
  const slots = useQuery(sessionEditorQueries.slots(userId));
  const [typeDialog, setTypeDialog] = useState<{ type: ConsultationType | null } | null>(null);
  const [slotDialog, setSlotDialog] = useState<{ type: ConsultationType; slot: MentorSlot | null } | null>(null);
  const [deletingType, setDeletingType] = useState<ConsultationType | null>(null);
  const [deletingSlot, setDeletingSlot] = useState<MentorSlot | null>(null);
  const [deletingSeries, setDeletingSeries] = useState<MentorSlot | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionEditorQueries.all() });

  const slotsByType = useMemo(() => {
    const map = new Map<number, MentorSlot[]>();
    for (const s of slots.data ?? []) map.set(s.consultation_type, [...(map.get(s.consultation_type) ?? []), s]);
    return map;
  }, [slots.data]);

  const removeType = useMutation({
    mutationFn: (type: ConsultationType) => sessionEditorApi.deleteType(type.id, userId),
    onSuccess: async () => {
      toast({ title: 'Вид консультации удалён', variant: 'success' });
      setDeletingType(null);
      await refresh();
    },
    onError: (error) => {
      setDeletingType(null);
      toast({ title: error instanceof ApiError ? error.detail : 'Не удалось удалить вид консультации', variant: 'destructive' });
    },
  });

  const removeSlot = useMutation({
    mutationFn: (slot: MentorSlot) => sessionEditorApi.deleteSlot(slot.id, userId),
    onSuccess: async () => {
      toast({ title: 'Время удалено', variant: 'success' });
      setDeletingSlot(null);
      await refresh();
    },
    onError: (error) => {
      setDeletingSlot(null);
      const message = error instanceof ApiError ? (error.status === 404 ? slotMessages.slotNotFound : error.detail) : slotMessages.slotNotFound;
      toast({ title: slotMessages.deleteFailed(message), variant: 'destructive', duration: 5000 });
    },
  });

  const removeSeries = useMutation({
    mutationFn: (slot: MentorSlot) => sessionEditorApi.deleteSeries(slot.id, userId),
    onSuccess: async (result) => {
      toast({
        title: `Серия удалена: ${result.deleted}`,
        description: result.kept_booked ? `Забронированные слоты остались: ${result.kept_booked}` : undefined,
        variant: 'success',
      });
      setDeletingSeries(null);
      await refresh();
    },
    onError: (error) => {
      setDeletingSeries(null);
      toast({ title: slotMessages.deleteFailed(error instanceof ApiError ? error.detail : slotMessages.slotNotFound), variant: 'destructive', duration: 5000 });
    },
  });

  const loading = types.isPending || slots.isPending;
  const failed = types.isError || slots.isError;

  return (
    <section aria-label="Личные сессии" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Виды консультаций и время, на которое к вам можно записаться</p>
        <Button onClick={() => setTypeDialog({ type: null })}>
          <Plus />
          Добавить вид консультации
        </Button>
      </div>

      {loading ? (
        <TypesSkeleton />
      ) : failed ? (
        <LoadErrorAlert
          onRetry={() => {
            void types.refetch();
            void slots.refetch();
          }}
        >
          Не удалось загрузить консультации
        </LoadErrorAlert>
      ) : types.data.length === 0 ? (
        <EmptyState
          className="bg-card py-12"
          icon={<CalendarClock />}
          title="У вас пока нет видов консультаций"
          description="Добавьте вид консультации, затем время, когда вы готовы её провести."
          action={<Button onClick={() => setTypeDialog({ type: null })}>Добавить вид консультации</Button>}
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {types.data.map((type) => {
            const groups = groupSlots(slotsByType.get(type.id) ?? []);
            return (
              <li key={type.id} data-testid="consultation-type-card" className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
                <div className="flex items-start gap-3">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <h3 className="font-semibold leading-snug break-words">{type.name}</h3>
                    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                      <span className="flex items-center gap-1">
                        <Clock aria-hidden className="size-3.5" />
                        {type.duration_minutes} мин
                      </span>
                      <span className="flex items-center gap-1">
                        <Wallet aria-hidden className="size-3.5" />
                        {formatPrice(type.costs)}
                      </span>
                    </p>
                    {type.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{type.description}</p> : null}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button size="icon" variant="ghost" className="size-8" aria-label={`Изменить «${type.name}»`} title="Изменить" onClick={() => setTypeDialog({ type })}>
                      <Pencil />
                    </Button>
                    <Button size="icon" variant="ghost" className="size-8 text-destructive hover:text-destructive" aria-label={`Удалить «${type.name}»`} title="Удалить" onClick={() => setDeletingType(type)}>
                      <Trash2 />
                    </Button>
                  </div>
                </div>

                <div className="grid gap-3 border-t pt-3">
                  {groups.length === 0 ? <p className="text-sm text-muted-foreground">Время пока не добавлено</p> : null}
                  {groups.map((group) => (
                    <div key={group.key} className="grid gap-2">
                      {group.recurrenceId != null ? (
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <p className="flex items-center gap-1.5 text-sm font-medium">
                            <Repeat aria-hidden className="size-3.5 text-primary" />
                            {seriesSummary(group.slots, timeZone)}
                          </p>
                          <Button size="sm" variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setDeletingSeries(group.slots[0]!)}>
                            Удалить серию
                          </Button>
                        </div>
                      ) : (
                        <p className="text-sm font-medium">Разовые</p>
                      )}
                      <ul className="flex flex-wrap gap-2">
                        {(group.recurrenceId != null ? group.slots.slice(0, SERIES_SHOWN) : group.slots).map((slot) => (
                          <li key={slot.id}>
                            <SlotChip
                              slot={slot}
                              timeZone={timeZone}
                              onEdit={() => setSlotDialog({ type, slot })}
                              onDelete={() => setDeletingSlot(slot)}
                            />
                          </li>
                        ))}
                        {group.recurrenceId != null && group.slots.length > SERIES_SHOWN ? (
                          <li className="self-center text-xs text-muted-foreground">ещё {group.slots.length - SERIES_SHOWN}</li>
                        ) : null}
                      </ul>
                    </div>
                  ))}
                  <Button variant="outline" size="sm" className="w-fit" onClick={() => setSlotDialog({ type, slot: null })}>
                    <Plus />
                    Добавить время
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ConsultationTypeDialog open={typeDialog != null} onOpenChange={(open) => !open && setTypeDialog(null)} type={typeDialog?.type ?? null} userId={userId} />
      {slotDialog ? (
        <SlotDialog open onOpenChange={(open) => !open && setSlotDialog(null)} type={slotDialog.type} slot={slotDialog.slot} userId={userId} timeZone={timeZone} />
      ) : null}
      <ConfirmDialog
        open={deletingType != null}
        onOpenChange={(open) => !open && setDeletingType(null)}
        title="Удалить вид консультации?"
        description="Свободное время этого вида тоже будет удалено. Уже оплаченные записи останутся."
        pending={removeType.isPending}
        onConfirm={() => deletingType && removeType.mutate(deletingType)}
      />
      <ConfirmDialog
        open={deletingSlot != null}
        onOpenChange={(open) => !open && setDeletingSlot(null)}
        title={slotMessages.deleteConfirm}
        description={deletingSlot ? `${dayjs(deletingSlot.start_time).tz(timeZone).format('dd, D MMMM')}, ${timeRange(deletingSlot, timeZone)}` : undefined}
        pending={removeSlot.isPending}
        onConfirm={() => deletingSlot && removeSlot.mutate(deletingSlot)}
      />
      <ConfirmDialog
        open={deletingSeries != null}
        onOpenChange={(open) => !open && setDeletingSeries(null)}
        title="Удалить всю серию?"
        description="Будут удалены все свободные слоты этой серии. Забронированные останутся."
        confirmLabel="Удалить серию"
        pending={removeSeries.isPending}
        onConfirm={() => deletingSeries && removeSeries.mutate(deletingSeries)}
      />
    </section>
  );
}

function SlotChip({ slot, timeZone, onEdit, onDelete }: { slot: MentorSlot; timeZone: string; onEdit: () => void; onDelete: () => void }) {
  const start = dayjs(slot.start_time).tz(timeZone);
  const label = `${start.format('dd, D MMM')} · ${timeRange(slot, timeZone)}`;
  return (
    <span className="inline-flex h-8 items-center overflow-hidden rounded-lg border bg-muted/40 text-xs">
      <button
        type="button"
        disabled={slot.is_booked}
        onClick={onEdit}
        title={slot.is_booked ? 'Это время забронировано' : 'Изменить время'}
        className="h-full px-2.5 tabular-nums hover:bg-accent disabled:cursor-default disabled:hover:bg-transparent"
      >
        {label}
      </button>
      {slot.is_booked ? (
        <Badge variant="success" className="mr-1.5">
          Забронировано
        </Badge>
      ) : (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Удалить время ${label}`}
          title="Удалить"
          className="grid h-full w-7 place-content-center border-l text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <X className="size-3.5" />
        </button>
      )}
    </span>
  );
}

function TypesSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy aria-label="Загрузка консультаций">
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-3 rounded-2xl border bg-card p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <div className="flex gap-2 border-t pt-3">
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-8 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
