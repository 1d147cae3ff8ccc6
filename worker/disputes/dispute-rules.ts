// The dispute forms' limits and messages (spec 002 §5.2; decision 010): the server's schemas and lifecycle and the
// web's dialogs (the buyer's complaint, the admin's resolution) read them from here. Pure: no server-only code.
import { rublesText } from '../lib/money-text.ts';

/** a complaint's or a resolution's text */
export const DISPUTE_TEXT_MAX = 2000;

export const disputeMessages = {
  /** spec 002 §5.2's wording for a dispute's text; the admin's resolution text is held to the same rule */
  textRequired: 'Поле не может быть пустым',
  textTooLong: `Текст не должен превышать ${DISPUTE_TEXT_MAX} символов`,
  /** a partial refund that partialRefundFits refuses, for a consultation of `price` rubles */
  refundOutOfRange: (price: number) => (price > 1 ? `Сумма возврата — от 1 до ${rublesText(price - 1)}` : 'Частичный возврат невозможен'),
} as const;

/** A partial refund leaves both sides something: whole rubles from 1 to the price − 1. */
export const partialRefundFits = (rubles: number, price: number) => Number.isInteger(rubles) && rubles >= 1 && rubles <= price - 1;
