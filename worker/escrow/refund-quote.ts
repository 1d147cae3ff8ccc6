// What cancelling now would refund (decision 010): the schedule shows it before the person confirms. It asks
// the same policy function the cancellation itself settles by (cancellation-policy.ts), so the quote and the
// refund can't disagree.
import { cancellationRefund, FREE_CANCEL_DAYS_BEFORE, FREE_CANCEL_HOURS_AFTER_BOOKING, type CancelledBy } from './cancellation-policy.ts';
import { formatRubles, formatWhen } from './notices.ts';

export type RefundQuote = {
  refund: 'full' | 'none' | 'not_paid';
  /** rubles the payer gets back */
  refund_amount: number;
  /** rubles held for this booking or seat */
  paid_amount: number;
  by: CancelledBy;
  /** until when the buyer's own cancellation refunds in full; null when nothing is held or the mentor cancels */
  free_until: string | null;
  /** what will happen, in Russian, for the confirmation dialog */
  message: string;
};

const HOUR_MS = 3_600_000;

/**
 * The last moment a buyer's cancellation still refunds in full: 7 days before the start or 24 hours after booking,
 * whichever is later, and never past the moment the buyer can cancel at all: the start, or a consultation's cut-off
 * (`cutoffHours` before it, decision 022), after which no cancelling is possible, so no refund is either.
 */
export function freeCancellationUntil(startsAt: Date, bookedAt: Date, cutoffHours = 0) {
  const free = Math.max(startsAt.getTime() - FREE_CANCEL_DAYS_BEFORE * 24 * HOUR_MS, bookedAt.getTime() + FREE_CANCEL_HOURS_AFTER_BOOKING * HOUR_MS);
  return new Date(Math.min(free, startsAt.getTime() - cutoffHours * HOUR_MS));
}

/** «Бесплатная отмена действует до …», and that cancelling ends there when the cut-off is what ends it */
function freeUntilText(until: Date, startsAt: Date, cutoffHours: number, timeZone: string) {
  const endsCancelling = cutoffHours > 0 && until.getTime() === startsAt.getTime() - cutoffHours * HOUR_MS;
  return ` Бесплатная отмена действует до ${formatWhen(until, timeZone)}${endsCancelling ? ', позже отменить запись нельзя' : ''}.`;
}

/**
 * The quote for one booking or seat. `heldKopecks` is the payment still in escrow (null: free, or not paid
 * yet); `what` names it in the message («запись», «регистрация»).
 */
export function quoteRefund(input: {
  by: CancelledBy;
  startsAt: Date;
  bookedAt: Date;
  now: Date;
  heldKopecks: number | null;
  timeZone: string;
  what: 'booking' | 'registration';
  /** a consultation's cut-off kept on the booking (decision 022): the free cancellation ends there at the latest */
  cutoffHours?: number;
}): RefundQuote {
  const noun = input.what === 'booking' ? 'Запись' : 'Регистрация';
  if (!input.heldKopecks) {
    return { refund: 'not_paid', refund_amount: 0, paid_amount: 0, by: input.by, free_until: null, message: `${noun} будет отменена. Оплаты нет, поэтому возвращать нечего.` };
  }
  const paid = input.heldKopecks / 100;
  const amount = formatRubles(input.heldKopecks);
  if (input.by === 'mentor') {
    return { refund: 'full', refund_amount: paid, paid_amount: paid, by: 'mentor', free_until: null, message: `Участник получит полный возврат: ${amount}.` };
  }
  const cutoffHours = input.cutoffHours ?? 0;
  const until = freeCancellationUntil(input.startsAt, input.bookedAt, cutoffHours);
  const when = formatWhen(until, input.timeZone);
  if (cancellationRefund(input) === 'full') {
    const message = `Вернём всю сумму: ${amount}.${freeUntilText(until, input.startsAt, cutoffHours, input.timeZone)}`;
    return { refund: 'full', refund_amount: paid, paid_amount: paid, by: 'buyer', free_until: until.toISOString(), message };
  }
  return {
    refund: 'none',
    refund_amount: 0,
    paid_amount: paid,
    by: 'buyer',
    free_until: until.toISOString(),
    message: `Бесплатная отмена закончилась ${when}. Оплата (${amount}) не вернётся: она будет переведена ментору.`,
  };
}

/**
 * The quote for a consultation paid with a package's credit (decision 006, «Packages»), by the same policy: in time the
 * credit goes back to the package (or, if the package has meanwhile expired or been refunded, the session's price goes
 * back as money); too late, the session counts as taken and its price goes to the mentor.
 */
export function quotePackageSession(input: {
  by: CancelledBy;
  startsAt: Date;
  bookedAt: Date;
  now: Date;
  sessionKopecks: number;
  packageOpen: boolean;
  timeZone: string;
  cutoffHours?: number;
}): RefundQuote & { returns_credit: boolean } {
  const paid = input.sessionKopecks / 100;
  const amount = formatRubles(input.sessionKopecks);
  const cutoffHours = input.cutoffHours ?? 0;
  const until = input.by === 'mentor' ? null : freeCancellationUntil(input.startsAt, input.bookedAt, cutoffHours);
  const base = { paid_amount: paid, by: input.by, free_until: until?.toISOString() ?? null };
  if (cancellationRefund(input) === 'full') {
    const inTime = until ? freeUntilText(until, input.startsAt, cutoffHours, input.timeZone) : '';
    if (input.packageOpen) {
      return { ...base, refund: 'not_paid', refund_amount: 0, returns_credit: true, message: input.by === 'mentor' ? 'Консультация вернётся в пакет ученика.' : `Консультация вернётся в пакет: её можно будет забронировать снова.${inTime}` };
    }
    return { ...base, refund: 'full', refund_amount: paid, returns_credit: false, message: `Пакет уже закрыт, поэтому вернём стоимость консультации: ${amount}.${inTime}` };
  }
  return {
    ...base,
    refund: 'none',
    refund_amount: 0,
    returns_credit: false,
    message: `Бесплатная отмена закончилась ${formatWhen(until!, input.timeZone)}. Консультация из пакета будет считаться проведённой: ${amount} перейдут ментору.`,
  };
}
