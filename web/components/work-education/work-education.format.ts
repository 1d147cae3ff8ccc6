import { MONTHS, monthYearFromDate } from '../month-year-picker.tsx';

const PRESENT = 'по настоящее время';

/** 'март 2021' from '2021-03-01'. */
export function formatMonthYear(date: string): string {
  const { month, year } = monthYearFromDate(date);
  return month == null || year == null ? '' : `${MONTHS[month - 1]} ${year}`;
}

/** 'март 2021 — по настоящее время' or 'март 2021 — июнь 2023'. */
export function formatWorkPeriod(start: string, end: string | null | undefined): string {
  return `${formatMonthYear(start)} — ${end ? formatMonthYear(end) : PRESENT}`;
}

/** '2015 — 2019' or '2019 — по настоящее время'. */
export function formatStudyPeriod(start: number, end: number | null | undefined): string {
  return `${start} — ${end ?? PRESENT}`;
}
