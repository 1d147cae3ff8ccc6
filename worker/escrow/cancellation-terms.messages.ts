// What a payer is told of cancelling and refunds, in one place for the booking dialog, the booking's details, the event
// payment summary and the printable «Квитанция об оплате» (decision 022), so the screens and the receipt never disagree.
import { FREE_CANCEL_DAYS_BEFORE, FREE_CANCEL_HOURS_AFTER_BOOKING } from './cancellation-policy.ts';

/**
 * The cancellation terms a payer reads before paying (issue 35), from the numbers the refunds are computed with,
 * so the promise and the refund cannot drift apart.
 */
export const CANCELLATION_TERMS = `Полный возврат, если отменить не позднее чем за ${FREE_CANCEL_DAYS_BEFORE} дней до начала или в течение ${FREE_CANCEL_HOURS_AFTER_BOOKING} часов после записи. Позже оплата не возвращается: она переходит наставнику.`;

/** The button that sends a person to pay says what it charges: «Подтвердить и оплатить 1 500 ₽». */
export const payLabel = (verb: string, priceText: string) => `${verb} и оплатить ${priceText}`;

const HOUR_MS = 3_600_000;

/** «5 декабря в 15:00» in the viewer's zone: the exact moment a term ends (built in two parts: ICUs join them differently) */
function moment(at: Date, timeZone: string) {
  const day = new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${day} в ${time}`;
}

/**
 * What a consultation's booker may do and get back (issue 38 §2, decision 022), with the exact times in the viewer's
 * zone: until when cancelling is possible (the type's cut-off, kept on the booking; 0: until the start) and, for a paid
 * one, until when it refunds in full (the policy's 7 days before or 24 hours after booking, never past the cut-off).
 * The booking dialog asks it with `bookedAt` now; the booking's details with its own booking time. `fromPackage`: paid
 * with a package's credit, which goes back to the package instead of money, by the same times.
 */
export function bookingCancellationTerms(input: {
  startsAt: Date;
  bookedAt: Date;
  cutoffHours: number;
  paid: boolean;
  timeZone: string;
  fromPackage?: boolean;
}): string {
  const { startsAt, bookedAt, cutoffHours, paid, timeZone } = input;
  const lastCancel = new Date(startsAt.getTime() - cutoffHours * HOUR_MS);
  if (cutoffHours > 0 && lastCancel <= bookedAt) return `Отменить эту запись будет нельзя: до начала меньше ${cutoffHours} ч.`;
  const cancel =
    cutoffHours > 0 ? `Отменить запись можно до ${moment(lastCancel, timeZone)} (за ${cutoffHours} ч до начала), позже — нельзя.` : 'Отменить запись можно до начала консультации.';
  if (!paid) return cancel;
  const free = Math.max(startsAt.getTime() - FREE_CANCEL_DAYS_BEFORE * 24 * HOUR_MS, bookedAt.getTime() + FREE_CANCEL_HOURS_AFTER_BOOKING * HOUR_MS);
  if (input.fromPackage) {
    if (free >= lastCancel.getTime()) return `${cancel} При отмене в этот срок консультация вернётся в пакет.`;
    return `${cancel} Консультация вернётся в пакет при отмене до ${moment(new Date(free), timeZone)}; позже она считается проведённой.`;
  }
  if (free >= lastCancel.getTime()) return `${cancel} При отмене в этот срок вернём всю сумму.`;
  return `${cancel} Полный возврат — при отмене до ${moment(new Date(free), timeZone)}; позже оплата не возвращается: она переходит наставнику.`;
}
