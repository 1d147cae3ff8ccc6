// Money on the providers' wire: a decimal string of rubles with two digits ("1500.00"), as YooKassa's API
// has it. Inside the app money is integer kopecks; these two functions are the only conversions.

export const CURRENCY = 'RUB';

export function kopecksToValue(kopecks: number) {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`not an amount of kopecks: ${kopecks}`);
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** Kopecks from "1500", "1500.5" or "1500.00"; null for anything else (never a float in between). */
export function valueToKopecks(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
