/** Russian plural form: pluralRu(5, ['отзыв', 'отзыва', 'отзывов']) → 'отзывов'. */
export function pluralRu(count: number, [one, few, many]: readonly [string, string, string]): string {
  const abs = Math.abs(count);
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** '5 отзывов', '1 отзыв'. */
export function countRu(count: number, forms: readonly [string, string, string]): string {
  return `${count} ${pluralRu(count, forms)}`;
}
