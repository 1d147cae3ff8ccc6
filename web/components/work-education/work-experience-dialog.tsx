import { workExperienceSchema } from '../../../worker/profile/profile.schemas.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { useValidatedForm } from '../../lib/use-validated-form.ts';
import { FormField } from '../form-field.tsx';
import { FormFooter } from './form-footer.tsx';
import { MonthYearPicker, monthYearFromDate, monthYearToDate, type MonthYear } from '../month-year-picker.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import type { WorkExperienceValues } from './work-education.types.ts';

type WorkExperienceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item being edited; absent for a new one. */
  item?: WorkExperienceValues | null;
  /** Saves the values; the dialog closes when it resolves and stays open (showing server field errors) when it throws. */
  onSubmit: (values: WorkExperienceValues) => Promise<unknown> | void;
};

/** Add or edit a work place: used by the settings tab and by the mentor application. */
export function WorkExperienceDialog({ open, onOpenChange, item, onSubmit }: WorkExperienceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{item ? 'Редактировать место работы' : 'Добавить место работы'}</DialogTitle>
          <DialogDescription>Укажите должность, компанию и период работы.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the item's values. */}
        <WorkExperienceForm item={item} onCancel={() => onOpenChange(false)} onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type FormState = { position_title: string; company_name: string; start: MonthYear; end: MonthYear; current: boolean };

function initialState(item: WorkExperienceValues | null | undefined): FormState {
  return {
    position_title: item?.position_title ?? '',
    company_name: item?.company_name ?? '',
    start: monthYearFromDate(item?.start_date),
    end: monthYearFromDate(item?.end_date),
    // An edited item without an end date is the current job; a new one starts unticked.
    current: item ? !item.end_date : false,
  };
}

function validate(state: FormState) {
  const endDate = monthYearToDate(state.end);
  const result = workExperienceSchema.safeParse({
    position_title: state.position_title,
    company_name: state.company_name,
    start_date: monthYearToDate(state.start),
    end_date: state.current || !endDate ? null : endDate,
  });
  const errors: Record<string, string> = result.success ? {} : fieldErrors(result.error);
  // A half-chosen end (a month without a year) would otherwise read as "current job".
  if (!state.current && !errors.end_date && (state.end.month == null) !== (state.end.year == null)) {
    errors.end_date = 'Выберите месяц и год окончания';
  }
  return { values: result.success ? result.data : null, errors };
}

function WorkExperienceForm({
  item,
  onSubmit,
  onCancel,
  onDone,
}: {
  item?: WorkExperienceValues | null;
  onSubmit: WorkExperienceDialogProps['onSubmit'];
  onCancel: () => void;
  onDone: () => void;
}) {
  const { state, update, errors, saving, submit } = useValidatedForm({
    initial: () => initialState(item),
    validate,
    onSubmit: (values) => onSubmit({ ...values, end_date: values.end_date ?? null }),
    onDone,
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Должность" error={errors.position_title}>
        <Input value={state.position_title} maxLength={255} placeholder="Например, Frontend-разработчик" onChange={(e) => update({ position_title: e.target.value })} />
      </FormField>
      <FormField label="Компания" error={errors.company_name}>
        <Input value={state.company_name} maxLength={255} placeholder="Название компании" onChange={(e) => update({ company_name: e.target.value })} />
      </FormField>
      <FormField label="Дата начала" error={errors.start_date}>
        <MonthYearPicker label="Дата начала" value={state.start} onChange={(start) => update({ start })} />
      </FormField>
      <FormField label="Дата окончания" error={errors.end_date}>
        <MonthYearPicker label="Дата окончания" value={state.end} disabled={state.current} onChange={(end) => update({ end })} />
      </FormField>
      <div className="flex items-center gap-2.5">
        <Checkbox
          id="work-current"
          checked={state.current}
          onCheckedChange={(checked) => update({ current: checked === true, ...(checked === true ? { end: { month: null, year: null } } : {}) })}
        />
        <Label htmlFor="work-current">Работаю сейчас</Label>
      </div>
      <FormFooter saving={saving} editing={Boolean(item)} onCancel={onCancel} />
    </form>
  );
}
