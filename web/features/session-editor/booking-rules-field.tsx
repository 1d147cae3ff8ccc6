import { FormField } from '../../components/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NO_BOOKING_RULES, type BookingRulesInput } from '../../../worker/consultation-types/consultation-types.schemas.ts';

/*
 * «Правила записи» in the consultation type form (issue 38 §2, decision 022): when the type may be booked and until when
 * a booking may be cancelled. The server's schema (bookingRulesField) judges the values, with its messages; an empty
 * horizon or daily limit means «no limit».
 */

/** the rules as typed: whole numbers as strings, '' for «no limit» where there is one */
export type BookingRulesState = Record<keyof BookingRulesInput, string>;

export function toBookingRulesState(rules: BookingRulesInput | undefined): BookingRulesState {
  const r = rules ?? NO_BOOKING_RULES;
  return {
    min_notice_hours: String(r.min_notice_hours),
    buffer_before_minutes: String(r.buffer_before_minutes),
    buffer_after_minutes: String(r.buffer_after_minutes),
    horizon_days: r.horizon_days == null ? '' : String(r.horizon_days),
    daily_limit: r.daily_limit == null ? '' : String(r.daily_limit),
    cancel_cutoff_hours: String(r.cancel_cutoff_hours),
  };
}

const FIELDS: { key: keyof BookingRulesInput; label: string; placeholder?: string; hint?: string }[] = [
  { key: 'min_notice_hours', label: 'Запись не позже чем за, ч', hint: '0 — до самого начала' },
  { key: 'horizon_days', label: 'Запись не дальше чем на, дн.', placeholder: 'Без ограничения' },
  { key: 'buffer_before_minutes', label: 'Перерыв до встречи, мин' },
  { key: 'buffer_after_minutes', label: 'Перерыв после встречи, мин' },
  { key: 'daily_limit', label: 'Не больше записей в день', placeholder: 'Без ограничения', hint: 'Считаются все ваши консультации дня' },
  { key: 'cancel_cutoff_hours', label: 'Отмена не позже чем за, ч', hint: '0 — до самого начала' },
];

export function BookingRulesField({ rules, onChange, errors }: { rules: BookingRulesState; onChange: (rules: BookingRulesState) => void; errors: Record<string, string> }) {
  return (
    <fieldset className="grid gap-3 rounded-xl border p-3">
      <legend className="px-1 text-sm font-medium">Правила записи</legend>
      <p className="text-xs text-muted-foreground">
        Ученики увидят только время, которое подходит под эти правила, а до оплаты — до какого момента можно отменить запись и что вернётся.
      </p>
      {errors.booking_rules ? <p className="text-xs text-destructive">{errors.booking_rules}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <FormField key={field.key} label={field.label} error={errors[`booking_rules.${field.key}`]} hint={field.hint} className="content-start">
            <Input
              inputMode="numeric"
              value={rules[field.key]}
              placeholder={field.placeholder}
              onChange={(e) => onChange({ ...rules, [field.key]: e.target.value.replace(/[^\d-]/g, '') })}
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
