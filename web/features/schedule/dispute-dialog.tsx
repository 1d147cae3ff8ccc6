import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { DISPUTE_TEXT_MAX, disputeMessages } from '../../../worker/disputes/dispute-rules.ts';
import { errorMessage } from './schedule.api.ts';
import type { ScheduleItem } from './schedule-items.ts';
import { useScheduleMutations } from './use-schedule-mutations.ts';

type DisputeDialogProps = {
  item: ScheduleItem | null;
  userId: number;
  timeZone: string;
  onClose: () => void;
};

/**
 * «Открыть диспут» (spec 002 §2.5, §5.2): the buyer says what went wrong; sending is possible once the text
 * has more than spaces. While the dispute is open the mentor is not paid (decision 010).
 */
export function DisputeDialog({ item, userId, timeZone, onClose }: DisputeDialogProps) {
  const textId = useId();
  const { dispute } = useScheduleMutations(userId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setText('');
    setError(null);
  }, [item?.key]);

  const pending = dispute.isPending;
  const until = item?.kind === 'consultation' ? item.booking.dispute_until : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    const trimmed = text.trim();
    if (!trimmed) {
      setError(disputeMessages.textRequired);
      return;
    }
    dispute.mutate(
      { bookingId: item.id, text: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Диспут открыт', description: 'Мы разберёмся и напишем вам. До решения оплата не переводится ментору.', variant: 'success' });
          onClose();
        },
        onError: (failure) => {
          console.error('schedule: opening a dispute failed', failure);
          toast({ title: 'Не удалось открыть диспут', description: errorMessage(failure, 'Попробуйте ещё раз.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Открыть диспут</DialogTitle>
          <DialogDescription>
            {item ? `Консультация «${item.title}». ` : null}
            Опишите, что пошло не так: администратор рассмотрит обращение и решит, вернуть ли оплату.
            {until ? ` Открыть диспут можно до ${formatDate(until, timeZone)}.` : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={textId}>Что случилось</Label>
            <Textarea
              id={textId}
              value={text}
              rows={5}
              maxLength={DISPUTE_TEXT_MAX}
              disabled={pending}
              aria-invalid={error ? true : undefined}
              placeholder="Например: ментор не подключился к встрече"
              onChange={(e) => {
                setText(e.target.value.slice(0, DISPUTE_TEXT_MAX));
                if (e.target.value.trim()) setError(null);
              }}
              className="resize-y"
            />
            <div className="flex justify-between gap-3 text-xs">
              <span role={error ? 'alert' : undefined} className="text-destructive">
                {error}
              </span>
              <span className="ml-auto text-muted-foreground tabular-nums">
                {text.length} / {DISPUTE_TEXT_MAX}
              </span>
            </div>
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={pending} onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" disabled={pending || !text.trim()}>
              {pending ? <Spinner className="text-current" label="Отправка" /> : null}
              Отправить
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
