import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Plus, X } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormField } from '../../components/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { CONSULTATION_NAME_MAX, FREE_TYPE_PACKAGES, LOYALTY_STEPS_MAX, consultationTypeInputSchema } from '../../../worker/consultation-types/consultation-types.schemas.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { sessionEditorApi, type ConsultationType, type ConsultationTypeBody } from './session-editor.api.ts';
import { sessionEditorQueries } from './session-editor.queries.ts';
import { SaveFooter } from './save-footer.tsx';
import { RecordMeetingsField } from './record-meetings-field.tsx';
import { PackageOffersField, type PackageOfferState } from './package-offers-field.tsx';
import { BookingRulesField, toBookingRulesState, type BookingRulesState } from './booking-rules-field.tsx';

/* The consultation type form (spec 002 §5.3, §9): the server's schema judges it, with the server's messages. */

export const DEFAULT_DURATION = 60;

/** a loyalty step as typed: «С [from]-й консультации — скидка [percent] %» (issue 36, decision 006) */
export type StepState = { from: string; percent: string };
export type TypeFormState = { name: string; description: string; duration: string; costs: string; steps?: StepState[]; packages?: PackageOfferState[]; recorded?: boolean; rules?: BookingRulesState };

export function validateType(state: TypeFormState): { errors: Record<string, string>; values: Omit<ConsultationTypeBody, 'user_id'> | null } {
  const parsed = consultationTypeInputSchema.safeParse({
    name: state.name,
    description: state.description,
    duration_minutes: state.duration,
    costs: state.costs,
    loyalty_steps: (state.steps ?? []).map((s) => ({ from: s.from, percent: s.percent })),
    is_recorded: state.recorded ?? true,
    packages: state.packages ?? [],
    ...(state.rules && { booking_rules: state.rules }),
  });
  if (!parsed.success) {
    const { loyalty_steps: _whole, packages: _offers, booking_rules: _rules, ...others } = fieldErrors(parsed.error);
    return { errors: { ...others, ...stepErrors(parsed.error), ...stepErrors(parsed.error, 'packages'), ...stepErrors(parsed.error, 'booking_rules') }, values: null };
  }
  // the create body's rule, said in the form too: a free consultation has nothing to discount
  if (parsed.data.costs === 0 && parsed.data.packages?.length) return { errors: { packages: FREE_TYPE_PACKAGES }, values: null };
  return {
    errors: {},
    values: { ...parsed.data, description: parsed.data.description ?? '', loyalty_steps: parsed.data.loyalty_steps ?? [], packages: parsed.data.packages ?? [] },
  };
}

/** a step's messages keyed as the server's `fields` has them ('loyalty_steps.1.percent'), so each shows beside its step */
function stepErrors(error: z.ZodError, list: 'loyalty_steps' | 'packages' | 'booking_rules' = 'loyalty_steps'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.path[0] !== list) continue;
    const key = issue.path.join('.');
    result[key] ??= issue.message;
  }
  return result;
}

/** the next step a mentor adds: after the last one, 5 consultations on and 5 % more (a starting point to edit) */
function nextStep(steps: StepState[]): StepState {
  const last = steps.at(-1);
  if (!last) return { from: '5', percent: '10' };
  const from = Number(last.from) || 0;
  const percent = Number(last.percent) || 0;
  return { from: String(from + 5), percent: String(Math.min(percent + 5, 50)) };
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
    steps: (type?.loyalty_steps ?? []).map((s) => ({ from: String(s.from), percent: String(s.percent) })),
    recorded: type?.is_recorded ?? true,
    packages: (type?.packages ?? []).map((p) => ({ sessions: String(p.sessions), percent: String(p.percent), valid_days: String(p.valid_days) })),
    rules: toBookingRulesState(type?.booking_rules),
  });
  const steps = state.steps ?? [];
  const setStep = (index: number, patch: Partial<StepState>) => update({ steps: steps.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
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
      <fieldset className="grid gap-2 rounded-xl border p-3">
        <legend className="px-1 text-sm font-medium">Скидки постоянным ученикам</legend>
        <p className="text-xs text-muted-foreground">
          Считаются оплаченные консультации ученика с вами (любого вида), кроме возвращённых. Цену со скидкой ученик увидит при записи.
        </p>
        {steps.map((step, index) => {
          const error = errors[`loyalty_steps.${index}.from`] ?? errors[`loyalty_steps.${index}.percent`];
          return (
            <div key={index} className="grid gap-1">
              {/* two halves that each stay on one line, so a phone breaks the sentence between them */}
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="inline-flex items-center gap-1 whitespace-nowrap">
                  С
                  <Input
                  aria-label={`Ступень ${index + 1}: с какой консультации`}
                  aria-invalid={errors[`loyalty_steps.${index}.from`] ? true : undefined}
                  inputMode="numeric"
                  className="h-9 w-16 text-center"
                  value={step.from}
                  onChange={(e) => setStep(index, { from: e.target.value.replace(/[^\d-]/g, '') })}
                />
                  -й консультации
                </span>
                <span className="inline-flex items-center gap-1 whitespace-nowrap">
                  — скидка
                  <Input
                  aria-label={`Ступень ${index + 1}: скидка, %`}
                  aria-invalid={errors[`loyalty_steps.${index}.percent`] ? true : undefined}
                  inputMode="numeric"
                  className="h-9 w-16 text-center"
                  value={step.percent}
                  onChange={(e) => setStep(index, { percent: e.target.value.replace(/[^\d-]/g, '') })}
                />
                  %
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="ml-auto size-8"
                  aria-label={`Удалить ступень ${index + 1}`}
                  onClick={() => update({ steps: steps.filter((_, i) => i !== index) })}
                >
                  <X />
                </Button>
              </div>
              {error ? <p className="text-xs text-destructive">{error}</p> : null}
            </div>
          );
        })}
        {errors.loyalty_steps ? <p className="text-xs text-destructive">{errors.loyalty_steps}</p> : null}
        {steps.length < LOYALTY_STEPS_MAX ? (
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => update({ steps: [...steps, nextStep(steps)] })}>
            <Plus />
            Добавить скидку
          </Button>
        ) : null}
      </fieldset>
      <PackageOffersField offers={state.packages ?? []} onChange={(packages) => update({ packages })} errors={errors} costs={state.costs} />
      <BookingRulesField rules={state.rules ?? toBookingRulesState(undefined)} onChange={(rules) => update({ rules })} errors={errors} />
      <RecordMeetingsField checked={state.recorded ?? true} onChange={(recorded) => update({ recorded })} />
      <SaveFooter saving={save.isPending} onCancel={onDone} />
    </form>
  );
}
