import { NativeSelect } from './native-select.tsx';
import { YearSelect } from './year-select.tsx';
import { cn } from '../lib/cn.ts';

export const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'] as const;

/** month 1-12 */
export type MonthYear = { month: number | null; year: number | null };

export const emptyMonthYear: MonthYear = { month: null, year: null };

/** 'YYYY-MM-DD' (any day) -> month and year; anything else -> empty. */
export function monthYearFromDate(date: string | null | undefined): MonthYear {
  const match = /^(\d{4})-(\d{2})/.exec(date ?? '');
  return match ? { year: Number(match[1]), month: Number(match[2]) } : emptyMonthYear;
}

/** Month and year -> the first day of that month as 'YYYY-MM-DD'; '' until both are chosen. */
export function monthYearToDate({ month, year }: MonthYear): string {
  if (month == null || year == null) return '';
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

type MonthYearPickerProps = {
  value: MonthYear;
  onChange: (value: MonthYear) => void;
  disabled?: boolean;
  span?: number;
  /** Names the two selects for screen readers: '<label>, месяц' and '<label>, год'. */
  label?: string;
  /** FormField passes these to its control: the id labels the month select. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
};

/** Month + year, the precision spec 001 asks for work dates. */
export function MonthYearPicker({ value, onChange, disabled, span = 50, label, id, className, ...aria }: MonthYearPickerProps) {
  return (
    <div className={cn('grid grid-cols-[3fr_2fr] gap-2', className)}>
      <NativeSelect
        id={id}
        aria-label={label ? `${label}, месяц` : 'Месяц'}
        disabled={disabled}
        value={value.month == null ? '' : String(value.month)}
        onChange={(event) => onChange({ ...value, month: event.target.value ? Number(event.target.value) : null })}
        {...aria}
      >
        <option value="">Месяц</option>
        {MONTHS.map((name, index) => (
          <option key={name} value={index + 1}>
            {name[0]!.toUpperCase() + name.slice(1)}
          </option>
        ))}
      </NativeSelect>
      <YearSelect aria-label={label ? `${label}, год` : 'Год'} disabled={disabled} span={span} value={value.year} onChange={(year) => onChange({ ...value, year })} {...aria} />
    </div>
  );
}
