const NBSP = '\u00A0';

/**
 * Rubles as the product shows them: '11 000 ₽', and 'Бесплатно' for 0 or a missing price.
 * Grouping is done by hand (with no-break spaces, so '₽' never wraps onto its own line) because
 * Intl's ru-RU separator differs between ICU versions.
 */
export function formatPrice(rubles: number | null | undefined): string {
  if (rubles == null || !Number.isFinite(rubles) || rubles <= 0) return 'Бесплатно';
  const grouped = String(Math.round(rubles)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${grouped}${NBSP}₽`;
}
