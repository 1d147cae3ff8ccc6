import type { NewNotification } from '../notifications/notify.ts';
import type { OutgoingEmail } from '../mail/outgoing.ts';
import { formatRubles, SCHEDULE_URL } from '../escrow/notices.ts';
import type { DisputeOutcome } from './disputes.schemas.ts';

type Mail = Omit<OutgoingEmail, 'to'>;

export const disputeOpenedNotice = (mentorId: number, disputeId: number, consultation: string): NewNotification => ({
  userId: mentorId,
  kind: 'dispute_opened',
  message: `Ученик открыл диспут по консультации «${consultation}». Выплата приостановлена до решения.`,
  url: SCHEDULE_URL,
  dedupeKey: `dispute_opened:${disputeId}`,
});

/** What each side is told of the decision; refundKopecks is what went back to the buyer. */
export function outcomeText(outcome: DisputeOutcome, side: 'buyer' | 'mentor', refundKopecks: number) {
  const amount = formatRubles(refundKopecks);
  if (outcome === 'refund') return side === 'buyer' ? `Вам будет возвращена вся сумма, ${amount}.` : 'Оплата возвращена ученику полностью.';
  if (outcome === 'partial_refund') {
    return side === 'buyer' ? `Вам будет возвращено ${amount}, остальное получит ментор.` : `Ученику возвращено ${amount}, остальное будет выплачено вам.`;
  }
  return side === 'buyer' ? 'Оплата переходит ментору.' : 'Оплата будет выплачена вам.';
}

export const disputeResolvedNotice = (userId: number, disputeId: number, consultation: string, result: string): NewNotification => ({
  userId,
  kind: 'dispute_resolved',
  message: `Диспут по консультации «${consultation}» рассмотрен. ${result}`,
  url: SCHEDULE_URL,
  dedupeKey: `dispute_resolved:${disputeId}`,
});

export function disputeResolvedMail(name: string, consultation: string, result: string, resolution: string, origin: string): Mail {
  return {
    subject: 'Диспут рассмотрен',
    text:
      `${name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'}\n\n` +
      `Диспут по консультации «${consultation}» рассмотрен.\n\n${result}\n\nРешение: ${resolution}\n\n` +
      `Ваше расписание: ${origin}${SCHEDULE_URL}\n\nКоманда «Формы»`,
  };
}
