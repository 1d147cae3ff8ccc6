import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormField } from '../../components/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { CONSULTATION_NAME_MAX, consultationTypeInputSchema } from '../../../worker/consultation-types/consultation-types.schemas.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { sessionEditorApi, type ConsultationType, type ConsultationTypeBody } from './session-editor.api.ts';
import { sessionEditorQueries } from './session-editor.queries.ts';
import { SaveFooter } from './save-footer.tsx';

/* The consultation type form (spec 002 §5.3, §9): the server's schema judges it, with the server's messages. */

export const DEFAULT_DURATION = 60;

export type TypeFormState = { name: string; description: string; duration: string; costs: string };

export function validateType(state: TypeFormState): { errors: Record<string, string>; values: Omit<ConsultationTypeBody, 'user_id'> | null } {
  const parsed = consultationTypeInputSchema.safeParse({ name: state.name, description: state.description, duration_minutes: state.duration, costs: state.costs });
  if (!parsed.success) return { errors: fieldErrors(parsed.error), values: null };
  return { errors: {}, values: { ...parsed.data, description: parsed.data.description ?? '' } };
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
      <FormField label="Название *" error={errors.name} hint={`${state.name.length}/${CONSULTATION_NAME_MAX}`}>
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
