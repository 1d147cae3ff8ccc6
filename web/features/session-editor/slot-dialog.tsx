import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormField } from '../../components/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { pluralRu } from '../../lib/plural.ts';
import { cn } from '../../lib/cn.ts';
import { addDaysTo, zonedParts } from './editor-time.ts';
import { sessionEditorApi, type ConsultationType, type MentorSlot } from './session-editor.api.ts';
import { sessionEditorQueries } from './session-editor.queries.ts';
import {
  newSlotState,
  SLOT_DAYS_AHEAD_MAX,
  slotMessages,
  switchKind,
  todayIn,
  validateSlot,
  WEEKDAYS,
  withEnd,
  withStart,
  type SlotFormState,
  type SlotKind,
} from './slot-rules.ts';
import { TimeInput } from './time-input.tsx';
import { SaveFooter } from './save-footer.tsx';

/** A series whose every date overlapped other slots: nothing new to show. */
class NothingCreated extends Error {}

type SlotDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  type: ConsultationType;
  /** a slot to move; null adds new time */
  slot: MentorSlot | null;
  userId: number;
  timeZone: string;
};

/** Server field names → the form's. */
const SERVER_FIELDS: Record<string, string> = { start_time: 'date', end_time: 'end', repeat_until: 'repeatUntil', custom_weekdays: 'weekdays' };

export function SlotDialog({ open, onOpenChange, type, slot, userId, timeZone }: SlotDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{slot ? 'Изменить время' : 'Добавить время'}</DialogTitle>
          <DialogDescription>
            {type.name} · {type.duration_minutes} мин. Время в вашем часовом поясе.
          </DialogDescription>
        </DialogHeader>
        {open ? <SlotForm key={slot?.id ?? 'new'} type={type} slot={slot} userId={userId} timeZone={timeZone} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type SlotFormProps = { type: ConsultationType; slot: MentorSlot | null; userId: number; timeZone: string; onDone: () => void; now?: () => Date };

export function SlotForm({ type, slot, userId, timeZone, onDone, now = () => new Date() }: SlotFormProps) {
  const queryClient = useQueryClient();
  const today = todayIn(timeZone, now());
  const duration = type.duration_minutes;
  const [state, setState] = useState<SlotFormState>(() => {
    if (!slot) return newSlotState(duration, today);
    const start = zonedParts(slot.start_time, timeZone);
    return { ...newSlotState(duration, today), date: start.date, start: start.time, end: zonedParts(slot.end_time, timeZone).time };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);

  const apply = (next: SlotFormState) => {
    setState(next);
    if (attempted) setErrors(validateSlot(next, { durationMinutes: duration, timeZone, today }).errors);
  };

  const save = useMutation({
    mutationFn: async (request: NonNullable<ReturnType<typeof validateSlot>['request']>) => {
      const base = { consultation_type: type.id, start_time: request.start_time, end_time: request.end_time, user_id: userId };
      if (slot) {
        await sessionEditorApi.updateSlot(slot.id, base);
        return 'Время изменено';
      }
      if (request.kind === 'one-time') {
        await sessionEditorApi.createSlot(base);
        return 'Время добавлено';
      }
      const series = await sessionEditorApi.createSeries({
        ...base,
        repeat_type: 'custom',
        custom_weekdays: request.custom_weekdays,
        repeat_until: request.repeat_until,
        time_zone: timeZone,
      });
      if (series.created === 0) throw new NothingCreated();
      const created = `Добавлено ${series.created} ${pluralRu(series.created, ['слот', 'слота', 'слотов'])}`;
      return series.skipped.length ? `${created}, пропущено из-за пересечений: ${series.skipped.length}` : created;
    },
    onSuccess: async (message) => {
      toast({ title: message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: sessionEditorQueries.all() });
      onDone();
    },
    onError: (error) => {
      if (error instanceof NothingCreated) {
        toast({ title: 'Ни одного слота не добавлено', description: 'Всё выбранное время пересекается с другими вашими слотами.', variant: 'destructive' });
        return;
      }
      if (error instanceof ApiError && error.fields) {
        const mapped: Record<string, string> = {};
        for (const [key, value] of Object.entries(error.fields)) mapped[SERVER_FIELDS[key] ?? key] = value;
        setErrors(mapped);
      }
      toast({ title: error instanceof ApiError ? error.detail : 'Не удалось сохранить время', variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const { errors: found, request } = validateSlot(state, { durationMinutes: duration, timeZone, today });
    setErrors(found);
    if (!request) {
      const oneTimeWithoutDate = state.kind === 'one-time' && !state.date;
      toast({ title: oneTimeWithoutDate ? slotMessages.oneTimeNoDate : slotMessages.invalidForm, variant: 'destructive' });
      return;
    }
    save.mutate(request);
  };

  const kinds: { value: SlotKind; label: string }[] = [
    { value: 'one-time', label: 'Единоразово' },
    { value: 'recurring', label: 'Повторять' },
  ];

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {slot ? null : (
        <div role="radiogroup" aria-label="Тип слота" className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
          {kinds.map((k) => (
            <button
              key={k.value}
              type="button"
              role="radio"
              aria-checked={state.kind === k.value}
              onClick={() => apply(switchKind(state, k.value, today))}
              className={cn(
                'h-9 rounded-lg text-sm font-medium text-muted-foreground transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                state.kind === k.value && 'bg-card text-foreground shadow-sm',
              )}
            >
              {k.label}
            </button>
          ))}
        </div>
      )}

      {state.kind === 'one-time' ? (
        <FormField label="Дата" error={errors.date}>
          <Input type="date" value={state.date} min={today} max={addDaysTo(today, SLOT_DAYS_AHEAD_MAX)} onChange={(e) => apply({ ...state, date: e.target.value })} />
        </FormField>
      ) : (
        <div className="grid gap-1.5">
          <span className="text-sm font-medium" id="slot-weekdays">
            Дни недели
          </span>
          <div role="group" aria-labelledby="slot-weekdays" className="grid grid-cols-7 gap-1">
            {WEEKDAYS.map((d) => {
              const on = state.weekdays.includes(d.value);
              return (
                <button
                  key={d.value}
                  type="button"
                  aria-pressed={on}
                  onClick={() => apply({ ...state, weekdays: on ? state.weekdays.filter((w) => w !== d.value) : [...state.weekdays, d.value] })}
                  className={cn(
                    'h-10 rounded-lg border text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
                  )}
                >
                  {d.short}
                </button>
              );
            })}
          </div>
          {errors.weekdays ? (
            <p role="alert" className="text-xs text-destructive">
              {errors.weekdays}
            </p>
          ) : null}
        </div>
      )}

      <div className="grid grid-cols-2 gap-4">
        <FormField label="Начало" error={errors.start}>
          <TimeInput value={state.start} onValueChange={(start) => apply(withStart(state, start, duration))} />
        </FormField>
        <FormField label="Окончание" error={errors.end}>
          <TimeInput value={state.end} onValueChange={(end) => apply(withEnd(state, end, duration))} />
        </FormField>
      </div>

      {state.kind === 'recurring' ? (
        <FormField label="Повторять до" error={errors.repeatUntil} hint="Серия начнётся с сегодняшнего дня">
          <Input type="date" value={state.repeatUntil} min={today} max={addDaysTo(today, SLOT_DAYS_AHEAD_MAX)} onChange={(e) => apply({ ...state, repeatUntil: e.target.value })} />
        </FormField>
      ) : null}

      <SaveFooter saving={save.isPending} onCancel={onDone} />
    </form>
  );
}
