import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormField } from '../../components/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { sessionEditorApi, type ConsultationType, type ConsultationTypeBody } from './session-editor.api.ts';
import { sessionEditorQueries } from './session-editor.queries.ts';
import { SaveFooter } from './save-footer.tsx';

/* The consultation type form (spec 002 §5.3, §9): the same rules and messages as the server's schema. */

export const NAME_MAX = 255;
export const DURATION_MAX = 1000;
export const COSTS_MAX = 150_000;
const DESCRIPTION_MAX = 2000;
export const DEFAULT_DURATION = 60;

export type TypeFormState = { name: string; description: string; duration: string; costs: string };

function wholeNumber(raw: string, messages: { required: string; invalid: string; min: string; max: string }, max: number): string | number {
  const value = raw.trim();
  if (!value) return messages.required;
  const n = Number(value);
  if (!Number.isInteger(n)) return messages.invalid;
  if (n < 0) return messages.min;
  if (n > max) return messages.max;
  return n;
}

export function validateType(state: TypeFormState): { errors: Record<string, string>; values: Omit<ConsultationTypeBody, 'user_id'> | null } {
  const errors: Record<string, string> = {};
  const name = state.name.trim();
  if (!name) errors.name = 'Название обязательно для заполнения';
  else if (name.length > NAME_MAX) errors.name = `Название не должно превышать ${NAME_MAX} символов`;
  if (state.description.trim().length > DESCRIPTION_MAX) errors.description = `Описание не должно превышать ${DESCRIPTION_MAX} символов`;
  const duration = wholeNumber(
    state.duration,
    {
      required: 'Длительность обязательна',
      invalid: 'Длительность должна быть целым числом минут',
      min: 'Длительность не может быть меньше 0 минут',
      max: `Длительность не может превышать ${DURATION_MAX} минут`,
    },
    DURATION_MAX,
  );
  // 0 passes the spec's rule, but a consultation of 0 minutes can't be booked (the server refuses it too)
  if (duration === 0) errors.duration_minutes = 'Длительность должна быть не меньше 1 минуты';
  else if (typeof duration === 'string') errors.duration_minutes = duration;
  const costs = wholeNumber(
    state.costs,
    {
      required: 'Стоимость обязательна',
      invalid: 'Стоимость должна быть целым числом рублей',
      min: 'Стоимость не может быть меньше 0 рублей',
      max: `Стоимость не может превышать ${COSTS_MAX} рублей`,
    },
    COSTS_MAX,
  );
  if (typeof costs === 'string') errors.costs = costs;
  if (Object.keys(errors).length) return { errors, values: null };
  return { errors, values: { name, description: state.description.trim(), duration_minutes: duration as number, costs: costs as number } };
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; type: ConsultationType | null; userId: number };

export function ConsultationTypeDialog({ open, onOpenChange, type, userId }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{type ? 'Вид консультации' : 'Новый вид консультации'}</DialogTitle>
          <DialogDescription>Название, длительность и стоимость увидят ученики при записи.</DialogDescription>
        </DialogHeader>
        {open ? <TypeForm key={type?.id ?? 'new'} type={type} userId={userId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TypeForm({ type, userId, onDone }: { type: ConsultationType | null; userId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TypeFormState>({
    name: type?.name ?? '',
    description: type?.description ?? '',
    duration: String(type?.duration_minutes ?? DEFAULT_DURATION),
    costs: type ? String(type.costs) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);

  const update = (patch: Partial<TypeFormState>) => {
    const next = { ...state, ...patch };
    setState(next);
    if (attempted) setErrors(validateType(next).errors);
  };

  const save = useMutation({
    mutationFn: (values: Omit<ConsultationTypeBody, 'user_id'>) =>
      type ? sessionEditorApi.updateType(type.id, { ...values, user_id: userId }) : sessionEditorApi.createType({ ...values, user_id: userId }),
    onSuccess: async () => {
      toast({ title: type ? 'Вид консультации сохранён' : 'Вид консультации добавлен', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: sessionEditorQueries.all() });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast({
        title: error instanceof ApiError ? error.detail : 'Не удалось сохранить вид консультации',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const { errors: found, values } = validateType(state);
    setErrors(found);
    if (values) save.mutate(values);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Название *" error={errors.name} hint={`${state.name.length}/${NAME_MAX}`}>
        <Input value={state.name} onChange={(e) => update({ name: e.target.value })} placeholder="Например, «Разбор резюме»" />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Длительность, мин *" error={errors.duration_minutes}>
          <Input inputMode="numeric" value={state.duration} onChange={(e) => update({ duration: e.target.value.replace(/[^\d-]/g, '') })} />
        </FormField>
        <FormField label="Стоимость, ₽ *" error={errors.costs}>
          <Input inputMode="numeric" value={state.costs} placeholder="0 — бесплатно" onChange={(e) => update({ costs: e.target.value.replace(/[^\d-]/g, '') })} />
        </FormField>
      </div>
      <FormField label="Описание" error={errors.description}>
        <Textarea rows={3} value={state.description} onChange={(e) => update({ description: e.target.value })} placeholder="Что ученик получит на консультации" />
      </FormField>
      <SaveFooter saving={save.isPending} onCancel={onDone} />
    </form>
  );
}
