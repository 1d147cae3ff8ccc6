/**
 * '4,67': a Russian decimal comma, at most `digits` decimals and at least `minDigits` (a rating's '5,0' is
 * `formatDecimal(5, 1, 1)`), no grouping.
 */
export function formatDecimal(value: number, digits = 2, minDigits = 0): string {
  return new Intl.NumberFormat('ru-RU', { minimumFractionDigits: minDigits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}

/**
 * A mentor's rating, written the same on every screen (the mentor page, cards, analytics): one decimal, always shown
 * ('4,4', '5,0'). The server rounds to one decimal too (users.rating, the analytics' figures), so nothing rounds twice.
 */
export function formatRating(value: number): string {
  return formatDecimal(value, 1, 1);
}
