/** A mentor's rating as the product shows it: one decimal after a Russian comma ('4,8', '5,0'). */
export function formatRating(rating: string | number): string {
  const value = Number(rating);
  if (!Number.isFinite(value)) return '—';
  return value.toFixed(1).replace('.', ',');
}
