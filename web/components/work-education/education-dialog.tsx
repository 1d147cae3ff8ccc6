import { educationSchema, educationYears } from '../../../worker/profile/profile.schemas.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { useValidatedForm } from '../../lib/use-validated-form.ts';
import { FormField } from '../form-field.tsx';
import { FormFooter } from './form-footer.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { YearSelect } from '../year-select.tsx';
import type { EducationValues } from './work-education.types.ts';

type EducationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: EducationValues | null;
  onSubmit: (values: EducationValues) => Promise<unknown> | void;
};

/**
 * The year lists, newest first: the shared schema's window (educationYears), so the lists offer what the API takes.
 * Start: this year and the 59 before it; end: up to 10 years ahead (a planned graduation) down to the same earliest.
 */
export function educationYearLists(now: Date = new Date()) {
  const { earliest, latestStart, latestEnd } = educationYears(now.getFullYear());
  const down = (from: number) => Array.from({ length: from - earliest + 1 }, (_, index) => from - index);
  return { start: down(latestStart), end: down(latestEnd) };
}

/** Add or edit an education: used by the settings tab and by the mentor application. */
export function EducationDialog({ open, onOpenChange, item, onSubmit }: EducationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{item ? 'Редактировать образование' : 'Добавить образование'}</DialogTitle>
          <DialogDescription>Укажите учебное заведение, специальность и годы обучения.</DialogDescription>
        </DialogHeader>
        <EducationForm item={item} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type FormState = { university_name: string; specialty: string; start_year: number | null; end_year: number | null; current: boolean };

function validate(state: FormState) {
  const result = educationSchema.safeParse({
    university_name: state.university_name,
    specialty: state.specialty,
    // undefined rather than null: z.coerce would turn null into 0 and report the wrong message.
    start_year: state.start_year ?? undefined,
    end_year: state.current ? null : state.end_year,
  });
  return result.success ? { values: result.data, errors: {} } : { values: null, errors: fieldErrors(result.error) };
}

function EducationForm({
  item,
  onSubmit,
  onCancel,
  onDone,
}: {
  item?: EducationValues | null;
  onSubmit: EducationDialogProps['onSubmit'];
  onCancel: () => void;
  onDone: () => void;
}) {
  const years = educationYearLists();
  const { state, update, errors, saving, submit } = useValidatedForm({
    initial: (): FormState => ({
      university_name: item?.university_name ?? '',
      specialty: item?.specialty ?? '',
      start_year: item?.start_year ?? null,
      end_year: item?.end_year ?? null,
      current: item ? item.end_year == null : false,
    }),
    validate,
    onSubmit: (values) => onSubmit({ ...values, end_year: values.end_year ?? null }),
    onDone,
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Учебное заведение" error={errors.university_name}>
        <Input value={state.university_name} maxLength={255} placeholder="Например, МГУ им. М. В. Ломоносова" onChange={(e) => update({ university_name: e.target.value })} />
      </FormField>
      <FormField label="Специальность" error={errors.specialty}>
        <Input value={state.specialty} maxLength={255} placeholder="Например, Прикладная математика" onChange={(e) => update({ specialty: e.target.value })} />
      </FormField>
      <div className="grid grid-cols-2 items-start gap-3">
        <FormField label="Год начала" error={errors.start_year}>
          <YearSelect years={years.start} value={state.start_year} onChange={(start_year) => update({ start_year })} />
        </FormField>
        <FormField label="Год окончания" error={errors.end_year}>
          <YearSelect years={years.end} value={state.end_year} disabled={state.current} onChange={(end_year) => update({ end_year })} />
        </FormField>
      </div>
      <div className="flex items-center gap-2.5">
        <Checkbox
          id="education-current"
          checked={state.current}
          onCheckedChange={(checked) => update({ current: checked === true, ...(checked === true ? { end_year: null } : {}) })}
        />
        <Label htmlFor="education-current">Учусь сейчас</Label>
      </div>
      <FormFooter saving={saving} editing={Boolean(item)} onCancel={onCancel} />
    </form>
  );
}
