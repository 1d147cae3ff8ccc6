import { rublesText } from '../../worker/lib/money-text.ts';

/**
 * A price as the product shows it: '11 000 ₽', and 'Бесплатно' for 0 or a missing price. Every screen writes prices
 * through this (never 'руб.'), and the server's texts through the same worker/lib/money-text.ts.
 */
export function formatPrice(rubles: number | null | undefined): string {
  if (rubles == null || !Number.isFinite(rubles) || rubles <= 0) return 'Бесплатно';
  return rublesText(Math.round(rubles));
}

/** An amount that may be 0 or have kopecks (income, a refund, a receipt): '0 ₽', '28 500 ₽', '1 234,56 ₽'. */
export const formatAmount = (rubles: number): string => rublesText(rubles);
