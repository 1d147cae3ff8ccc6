import { FREE_CANCEL_DAYS_BEFORE, FREE_CANCEL_HOURS_AFTER_BOOKING } from '../../worker/escrow/cancellation-policy.ts';

/**
 * The cancellation terms a payer reads before paying (issue 35), from the numbers the refunds are computed with,
 * so the promise and the refund cannot drift apart.
 */
export const CANCELLATION_TERMS = `Полный возврат, если отменить не позднее чем за ${FREE_CANCEL_DAYS_BEFORE} дней до начала или в течение ${FREE_CANCEL_HOURS_AFTER_BOOKING} часов после записи. Позже оплата не возвращается: она переходит наставнику.`;

/** The button that sends a person to pay says what it charges: «Подтвердить и оплатить 1 500 ₽». */
export const payLabel = (verb: string, priceText: string) => `${verb} и оплатить ${priceText}`;
