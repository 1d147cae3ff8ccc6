import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { FormField } from '../../components/form-field.tsx';
import { NativeSelect } from '../../components/native-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { RecordMeetingsField } from './record-meetings-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { eventQueries } from '../../lib/events/events.queries.ts';
import { CoverPicker } from './cover-picker.tsx';
import { todayIn } from './editor-time.ts';
import { EVENT_DESCRIPTION_MAX } from '../../../worker/events/event-rules.ts';
import {
  EVENT_CATEGORIES,
  eventFormData,
  eventFormMessages,
  eventPayload,
  newEventState,
  previewDraft,
  stateFromEvent,
  validateEvent,
  type EventFormState,
} from './event-form.rules.ts';
import { meetingSeatsWarning } from './meeting-seats.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { sessionEditorApi } from './session-editor.api.ts';
import { sessionEditorQueries } from './session-editor.queries.ts';
import { TimeInput } from './time-input.tsx';

/** The draft /event_info/preview reads (spec 002 §2.1: local storage key previewEvent). */
export const PREVIEW_KEY = 'previewEvent';
export const PREVIEW_PATH = '/event_info/preview';

/** The server's field names → the form's. */
const SERVER_FIELDS: Record<string, string> = { total_spots: 'seats', event_category: 'category', event_image: 'cover' };

type EventFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new event */
  eventId: number | null;
  mentorId: number;
  timeZone: string;
};

/** The event form in a dialog (spec 002 §2.8, §4.6, §5.4): create, or edit the event `eventId`. */
export function EventFormDialog({ open, onOpenChange, eventId, mentorId, timeZone }: EventFormDialogProps) {
  const detail = useQuery({ ...eventQueries.detail(eventId ?? 0), enabled: open && eventId != null, retry: false });
  const title = eventId == null ? 'Новое мероприятие' : 'Редактирование мероприятия';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl p-0 sm:p-0">
        <DialogHeader className="px-5 pt-5 sm:px-6 sm:pt-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Поля со звёздочкой обязательны. Время указывается в вашем часовом поясе.</DialogDescription>
        </DialogHeader>
        {eventId == null ? (
          <EventForm key="new" initial={newEventState()} eventId={null} mentorId={mentorId} timeZone={timeZone} onDone={() => onOpenChange(false)} />
        ) : detail.isPending ? (
          <FormSkeleton />
        ) : detail.isError ? (
          <div className="px-5 pb-6 sm:px-6">
            <LoadErrorAlert onRetry={() => void detail.refetch()}>
              {detail.error instanceof ApiError && detail.error.status === 404 ? 'Мероприятие не найдено' : 'Не удалось загрузить мероприятие'}
            </LoadErrorAlert>
          </div>
        ) : (
          <EventForm
            key={eventId}
            initial={stateFromEvent(detail.data, timeZone)}
            eventId={eventId}
            mentorId={mentorId}
            timeZone={timeZone}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-4 px-5 pb-6 sm:px-6" aria-label="Загрузка мероприятия" aria-busy>
      <Skeleton className="aspect-video w-full rounded-xl" />
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

type EventFormProps = { initial: EventFormState; eventId: number | null; mentorId: number; timeZone: string; onDone: () => void };

export function EventForm({ initial, eventId, mentorId, timeZone, onDone }: EventFormProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const isNew = eventId == null;
  // a warning only: without it the editor works as before (no limits yet, or the call failed)
  const limits = useQuery({ ...sessionEditorQueries.conferenceLimits(), retry: false });
  const seatsWarning = meetingSeatsWarning(state.noLimit ? null : Number(state.seats) || 0, limits.data);

  const update = (patch: Partial<EventFormState>) => {
    const next = { ...state, ...patch };
    setState(next);
    if (attempted) setErrors((prev) => ({ ...validateEvent(next, { timeZone }).errors, ...(prev.cover && !('image' in patch) ? { cover: prev.cover } : {}) }));
  };

  const save = useMutation({
    mutationFn: async () => {
      const checked = validateEvent(state, { timeZone }).values;
      if (!checked) throw new Error('invalid');
      // GetEvent does not say whether the event is listed: an edit sends the flag only when it was changed
      const values = !isNew && state.isPublic === initial.isPublic ? { ...checked, is_public: undefined } : checked;
      if (isNew) return sessionEditorApi.addEvent(eventFormData(values, { mentorId, image: state.image, removeImage: false, isNew }));
      const body = state.image || state.removeImage
        ? eventFormData(values, { mentorId, image: state.image, removeImage: state.removeImage, isNew })
        : eventPayload(values, mentorId, isNew);
      return sessionEditorApi.updateEvent(eventId, body);
    },
    onSuccess: async () => {
      toast({ title: isNew ? eventFormMessages.created : eventFormMessages.updated, variant: 'success' });
      // the event as every page reads it: the mentor's events (this editor's list among them), the lists, the form
      await queryClient.invalidateQueries({ queryKey: eventQueries.all() });
      onDone();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.detail : 'Проверьте соединение и попробуйте ещё раз';
      if (error instanceof ApiError && error.fields) {
        const mapped: Record<string, string> = {};
        for (const [key, value] of Object.entries(error.fields)) mapped[SERVER_FIELDS[key] ?? key] = value;
        setErrors(mapped);
      }
      toast({ title: eventFormMessages.saveFailed(message), variant: 'destructive', duration: 4000 });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = validateEvent(state, { timeZone }).errors;
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate();
  };

  const openPreview = () => {
    const draft = previewDraft(state, { mentorId, eventId, timeZone });
    try {
      try {
        localStorage.setItem(PREVIEW_KEY, JSON.stringify(draft));
      } catch {
        // a large cover may not fit the storage quota: the preview without it is still useful
        localStorage.setItem(PREVIEW_KEY, JSON.stringify({ ...draft, coverImage: state.imagePreview ? null : draft.coverImage }));
      }
    } catch (error) {
      console.error('session-editor: preview draft not stored', error);
      toast({ title: eventFormMessages.previewStorage, variant: 'destructive' });
      return;
    }
    window.open(PREVIEW_PATH, '_blank', 'noopener');
  };

  const coverSrc = state.imagePreview ?? (state.removeImage ? null : state.imageUrl);
  const saving = save.isPending;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-5 px-5 sm:px-6">
        <CoverPicker
          src={coverSrc}
          error={errors.cover}
          onPick={(file, dataUrl) => {
            setErrors(({ cover: _drop, ...rest }) => rest);
            update({ image: file, imagePreview: dataUrl, removeImage: false });
          }}
          onRemove={() => update({ image: null, imagePreview: null, removeImage: state.imageUrl != null })}
          onError={(message) => setErrors((prev) => ({ ...prev, cover: message }))}
        />

        <FormField label="Название *" error={errors.title}>
          <Input value={state.title} maxLength={255} onChange={(e) => update({ title: e.target.value })} placeholder="Например, «Как пройти собеседование в IT»" />
        </FormField>

        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <FormField label="Категория *" error={errors.category} className="col-span-2 content-start sm:col-span-1">
            <NativeSelect value={state.category} onChange={(e) => update({ category: e.target.value })}>
              {EVENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Дата *" error={errors.date} className="content-start">
            <Input type="date" value={state.date} min={todayIn(timeZone)} onChange={(e) => update({ date: e.target.value })} />
          </FormField>
          <FormField label="Время *" error={errors.time} className="content-start">
            <TimeInput value={state.time} onValueChange={(time) => update({ time })} />
          </FormField>
        </div>

        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <FormField className="content-start" label="Цена, ₽ *" error={errors.price} hint={state.price.trim() === '0' ? 'Бесплатно' : undefined}>
            <Input inputMode="numeric" value={state.price} onChange={(e) => update({ price: e.target.value })} />
          </FormField>
          <FormField label="Скидка, %" error={errors.discount} className="content-start">
            <Input inputMode="numeric" value={state.discount} placeholder="Без скидки" onChange={(e) => update({ discount: e.target.value.replace(/\D/g, '').slice(0, 3) })} />
          </FormField>
          <div className="col-span-2 grid content-start gap-2 sm:col-span-1">
            <FormField className="content-start" label="Количество мест *" error={state.noLimit ? undefined : errors.seats}>
              <Input
                inputMode="numeric"
                value={state.noLimit ? '' : state.seats}
                placeholder={state.noLimit ? 'Без ограничений' : undefined}
                disabled={state.noLimit}
                onChange={(e) => update({ seats: e.target.value.replace(/\D/g, '').slice(0, 6) })}
              />
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={state.noLimit} onCheckedChange={(v) => update({ noLimit: v === true })} />
              Без ограничений
            </label>
          </div>
        </div>
        {seatsWarning ? (
          <p role="status" data-testid="meeting-seats-warning" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {seatsWarning}
          </p>
        ) : null}

        <div className="grid gap-1.5">
          <Label htmlFor="event-description">Описание</Label>
          <RichTextEditor
            id="event-description"
            value={state.description}
            maxLength={EVENT_DESCRIPTION_MAX}
            invalid={Boolean(errors.description)}
            onChange={(description) => update({ description })}
          />
          {errors.description ? (
            <p role="alert" className="text-xs text-destructive">
              {errors.description}
            </p>
          ) : null}
        </div>

        <label className="flex items-center justify-between gap-4 rounded-xl border p-3 sm:p-4">
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">Показывать в общем списке</span>
            <span className="text-xs text-muted-foreground">Скрытое мероприятие доступно только по ссылке</span>
          </span>
          <Switch checked={state.isPublic} onCheckedChange={(isPublic) => update({ isPublic })} aria-label="Показывать в общем списке" />
        </label>
        <RecordMeetingsField checked={state.isRecorded} onChange={(isRecorded) => update({ isRecorded })} />
      </div>

      <DialogFooter className="sticky bottom-0 grid grid-cols-2 gap-2 border-t bg-card/95 px-5 py-3 backdrop-blur sm:flex sm:px-6 sm:py-4">
        <Button variant="outline" onClick={openPreview} className="sm:mr-auto">
          <Eye />
          Предпросмотр
        </Button>
        <Button variant="outline" disabled={saving} onClick={onDone}>
          Отмена
        </Button>
        <Button type="submit" disabled={saving} className="order-first col-span-2 sm:order-none">
          {saving ? <Spinner className="text-current" label="Сохранение" /> : null}
          {isNew ? 'Создать мероприятие' : 'Сохранить'}
        </Button>
      </DialogFooter>
    </form>
  );
}
