import { formatAmount } from '../../lib/format-price.ts';
import { BOOKING_HOLD_MINUTES } from '../../../worker/bookings/bookings.schemas.ts';
import type { RescheduleQuote } from './schedule.api.ts';

const NBSP = '\u00a0';

/** The quote's lines, as «Перенести» shows them before the confirm button (issue 38 §1, decision 024). */
export type RescheduleQuoteText = { price: string; cutoff: string | null; confirm: string };

/**
 * What moving onto the chosen slot does with the money, in the mentee's words: the same price moves with the booking;
 * a cheaper type gives the difference back to the card; a dearer one is paid on the provider's page while the time is
 * held (the server holds a top-up's slot as long as a booking's hold).
 */
export function rescheduleQuoteText(quote: RescheduleQuote): RescheduleQuoteText {
  const prices = `Новая цена ${formatAmount(quote.price_after)} вместо ${formatAmount(quote.price_before)}.`;
  const price =
    quote.to_pay > 0
      ? `${prices} Доплата ${formatAmount(quote.to_pay)}: время держится за вами ${BOOKING_HOLD_MINUTES}${NBSP}минут, пока вы платите.`
      : quote.to_refund > 0
        ? `${prices} Разницу ${formatAmount(quote.to_refund)} вернём на карту, с которой вы платили.`
        : quote.price_after > 0
          ? 'Оплата переходит на новое время: доплачивать ничего не нужно.'
          : 'Консультация бесплатная: платить ничего не нужно.';
  return {
    price,
    cutoff: quote.cancel_cutoff_hours > 0 ? `Отменить или перенести можно будет не позднее чем за ${quote.cancel_cutoff_hours}${NBSP}ч до начала.` : null,
    confirm: quote.to_pay > 0 ? `Перенести и доплатить ${formatAmount(quote.to_pay)}` : 'Перенести',
  };
}
