// How the web says a consultation package (issue 36, decision 006 «Packages»): the mentor page's offer, the booking
// dialog's «осталось 3 из 5», the calendar's «Мои пакеты». Prices through the one formatter, the discount as a loyalty
// step says it, so a package reads like the rest of the product.
import { discountText } from '../../worker/lib/loyalty-text.ts';
import { inViewerZone } from './dayjs.ts';
import { formatPrice } from './format-price.ts';
import { countRu } from './plural.ts';

const CONSULTATIONS = ['консультация', 'консультации', 'консультаций'] as const;
const DAYS = ['день', 'дня', 'дней'] as const;

/** «5 консультаций» */
export const consultationsText = (count: number): string => countRu(count, CONSULTATIONS);

type PricedOffer = { sessions: number; percent: number; total_price: number; regular_total: number };

/** «5 консультаций — 18 000 ₽» */
export const packageHeadText = (offer: PricedOffer): string => `${consultationsText(offer.sessions)} — ${formatPrice(offer.total_price)}`;

/** «вместо 20 000 ₽ (−10 %)» */
export const packageSavingText = (offer: PricedOffer): string => `вместо ${formatPrice(offer.regular_total)} (${discountText(offer.percent)})`;

/** What the mentor page says of an offer the server priced: «5 консультаций — 18 000 ₽ вместо 20 000 ₽ (−10 %)» */
export const packagePriceText = (offer: PricedOffer): string => `${packageHeadText(offer)} ${packageSavingText(offer)}`;

/** «действует 180 дней» */
export const packageValidityText = (days: number): string => `действует ${countRu(days, DAYS)}`;

/** «осталось 3 из 5» (credits that can still be booked, of the package's sessions) */
export const packageLeftText = (left: number, sessions: number): string => `осталось ${left} из ${sessions}`;

/** «до 12 марта 2027» in the viewer's zone: the last day a credit can be booked */
export function packageExpiryText(expiresAt: string, timeZone?: string): string {
  const date = inViewerZone(expiresAt, timeZone);
  return date.isValid() ? `до ${date.format('D MMMM YYYY')}` : '';
}
