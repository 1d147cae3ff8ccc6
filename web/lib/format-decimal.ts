/**
 * '4,67': a Russian decimal comma, at most `digits` decimals and at least `minDigits` (a rating's '5,0' is
 * `formatDecimal(5, 1, 1)`), no grouping.
 */
export function formatDecimal(value: number, digits = 2, minDigits = 0): string {
  return new Intl.NumberFormat('ru-RU', { minimumFractionDigits: minDigits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}
