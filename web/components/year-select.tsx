import type { ComponentProps } from 'react';
import { NativeSelect } from './native-select.tsx';

/** The last `span` years, newest first, the current year included (spec 001: 50 in settings, 60 in the application). */
export function yearOptions(span: number, now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: span }, (_, index) => current - index);
}

type YearSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (year: number | null) => void;
  span?: number;
  /** the years offered, newest first, instead of the last `span` */
  years?: number[];
  placeholder?: string;
};

export function YearSelect({ value, onChange, span = 50, years: offered, placeholder = 'Год', ...props }: YearSelectProps) {
  const years = offered ? [...offered] : yearOptions(span);
  // A stored year outside the window (an old record) stays selectable instead of silently vanishing.
  if (value != null && !years.includes(value)) years.push(value);
  return (
    <NativeSelect value={value == null ? '' : String(value)} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)} {...props}>
      <option value="">{placeholder}</option>
      {years.map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </NativeSelect>
  );
}
