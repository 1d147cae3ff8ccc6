import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { packageQueries } from '../../lib/consultation-packages.ts';
import { errorMessage, scheduleQueries, type RefundQuote } from './schedule.api.ts';
import type { ScheduleItem } from './schedule-items.ts';
import { useScheduleMutations } from './use-schedule-mutations.ts';

type Texts = { title: string; confirm: string; keep: string; success: string; failure: string };

/** What the dialog says for each of the four cancellations (spec 002 §2.2 «Отменить» / «Отказаться», §6). */
function textsFor(item: ScheduleItem): Texts {
  if (item.kind === 'event') {
    return item.role === 'leading'
      ? { title: 'Отменить мероприятие?', confirm: 'Отменить мероприятие', keep: 'Не отменять', success: 'Мероприятие отменено', failure: 'Не удалось отменить мероприятие' }
      : { title: 'Отказаться от участия?', confirm: 'Отказаться', keep: 'Остаться', success: 'Вы отказались от участия', failure: 'Не удалось отменить регистрацию' };
  }
  return item.role === 'leading'
    ? { title: 'Отменить консультацию?', confirm: 'Отменить консультацию', keep: 'Не отменять', success: 'Консультация отменена', failure: 'Не удалось отменить консультацию' }
    : { title: 'Отменить запись на консультацию?', confirm: 'Отменить запись', keep: 'Не отменять', success: 'Запись отменена', failure: 'Не удалось отменить запись' };
}

/** The line under the success toast: what happens to the money, in the quote's words. */
const returnsCredit = (quote: RefundQuote | undefined) => quote !== undefined && 'returns_credit' in quote && quote.returns_credit;

function refundNote(quote: RefundQuote | undefined): string | undefined {
  // a consultation from a package cancelled in time gets its credit back, not money (decision 006 «Packages»)
  if (quote && returnsCredit(quote)) return quote.by === 'mentor' ? 'Консультация вернулась в пакет ученика.' : 'Консультация вернулась в пакет.';
  if (!quote || quote.refund !== 'full' || quote.refund_amount <= 0) return undefined;
  return quote.by === 'mentor' ? `Участник получит полный возврат: ${formatPrice(quote.refund_amount)}.` : `Вернём ${formatPrice(quote.refund_amount)}.`;
}

type CancelDialogProps = {
  item: ScheduleItem | null;
  userId: number;
  onClose: () => void;
};

/**
 * Confirms a cancellation after showing what it refunds (decision 010): the booking's or the seat's quote
 * is asked when the dialog opens and its `message` is the dialog's text, so nobody learns the cost only
 * afterwards. The mentor's own event has no quote: cancelling it always refunds every participant in full.
 */
export function CancelDialog({ item, userId, onClose }: CancelDialogProps) {
  const mutations = useScheduleMutations(userId);
  const queryClient = useQueryClient();
  const needsQuote = item !== null && !(item.kind === 'event' && item.role === 'leading');
  const quote = useQuery({
    ...scheduleQueries.refundQuote(item?.kind === 'event' ? 'event' : 'booking', item?.id ?? 0),
    enabled: needsQuote,
  });

  const mutation = item?.kind === 'event' ? (item.role === 'leading' ? mutations.cancelEvent : mutations.unregister) : mutations.cancelBooking;
  const pending = mutation.isPending;
  const texts = item ? textsFor(item) : null;

  const confirm = () => {
    if (!item || !texts) return;
    mutation.mutate(item.id, {
      onSuccess: () => {
        toast({ title: texts.success, description: refundNote(quote.data), variant: 'success' });
        // the credit is back: «Мои пакеты» says so (decision 006 «Packages»)
        if (returnsCredit(quote.data)) void queryClient.invalidateQueries({ queryKey: packageQueries.all() });
        onClose();
      },
      onError: (error) => {
        console.error('schedule: cancelling failed', error);
        toast({ title: texts.failure, description: errorMessage(error, 'Попробуйте ещё раз.'), variant: 'destructive' });
        onClose();
      },
    });
  };

  let body;
  if (!needsQuote) {
    body = 'Мероприятие отменится для всех участников. Каждый получит уведомление, а оплаченные места вернутся полностью.';
  } else if (quote.isPending) {
    body = (
      <span className="flex items-center gap-2">
        <Spinner className="size-4" label="Считаем возврат" />
        Считаем, что вернётся при отмене…
      </span>
    );
  } else if (quote.isError) {
    body = <span className="text-destructive">{errorMessage(quote.error, 'Не удалось узнать условия отмены. Попробуйте ещё раз.')}</span>;
  } else {
    body = quote.data.message;
  }
  const canConfirm = !needsQuote || quote.isSuccess;

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{texts?.title}</DialogTitle>
          <DialogDescription>{item ? `«${item.title}»` : null}</DialogDescription>
        </DialogHeader>
        <p data-testid="cancel-terms" className="text-sm leading-relaxed" aria-live="polite">
          {body}
        </p>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onClose}>
            {texts?.keep}
          </Button>
          <Button variant="destructive" disabled={pending || !canConfirm} onClick={confirm}>
            {pending ? <Spinner className="text-current" label="Выполняется" /> : null}
            {texts?.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
