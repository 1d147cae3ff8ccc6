import { Gavel } from 'lucide-react';
import { formatDate } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import type { ScheduleBooking } from './schedule.api.ts';

type Dispute = NonNullable<ScheduleBooking['dispute']>;

/** Where a dispute stands and what comes next, in the words of the side reading it (the buyer or the mentor). */
export function disputeStateText(dispute: Dispute, asBuyer: boolean): { title: string; next: string } {
  switch (dispute.status) {
    case 'open':
      return {
        title: 'Диспут на рассмотрении',
        next: asBuyer
          ? 'Деньги заморожены на платформе, пока администратор разбирается. Он решит вернуть всю сумму, часть её или перевести оплату наставнику; о решении придут уведомление и письмо.'
          : 'Покупатель открыл диспут: выплата заморожена, пока администратор разбирается. О решении придут уведомление и письмо.',
      };
    case 'resolved_refund':
      return {
        title: `Диспут решён: возврат всей суммы, ${formatPrice(dispute.refund_amount)}`,
        next: asBuyer ? 'Деньги вернутся на карту, с которой вы платили; банк может зачислить их не сразу.' : 'Оплата возвращена покупателю, выплаты за эту консультацию не будет.',
      };
    case 'resolved_partial':
      return {
        title: `Диспут решён: частичный возврат, ${formatPrice(dispute.refund_amount)}`,
        next: asBuyer
          ? 'Эта сумма вернётся на карту, с которой вы платили; остальное переведено наставнику.'
          : 'Эта сумма возвращена покупателю; остальное придёт вам с ближайшей выплатой.',
      };
    case 'resolved_release':
      return {
        title: 'Диспут решён: оплата переведена наставнику',
        next: asBuyer ? 'Возврата не будет. Если не согласны с решением, напишите в поддержку.' : 'Оплата придёт вам с ближайшей выплатой.',
      };
  }
}

/**
 * A consultation's dispute on its schedule card: its state, what happens next and the admin's words, instead of a
 * bare «Открыт диспут» badge (issue 35).
 */
export function DisputeState({ dispute, asBuyer, timeZone }: { dispute: Dispute; asBuyer: boolean; timeZone: string }) {
  const { title, next } = disputeStateText(dispute, asBuyer);
  const open = dispute.status === 'open';
  return (
    <section aria-label="Диспут" className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50/60 p-3 text-sm sm:ml-18 dark:border-amber-900 dark:bg-amber-950/30">
      <Gavel aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{next}</p>
        {!open && dispute.resolution ? (
          <p className="break-words">
            <span className="text-muted-foreground">Комментарий администратора: </span>
            {dispute.resolution}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {open ? `Открыт ${formatDate(dispute.created_at, timeZone)}` : dispute.resolved_at ? `Решение ${formatDate(dispute.resolved_at, timeZone)}` : null}
        </p>
      </div>
    </section>
  );
}
