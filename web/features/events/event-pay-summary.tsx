import { CalendarDays, Wallet } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { CANCELLATION_TERMS, payLabel } from '../../../worker/escrow/cancellation-terms.messages.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';

type EventPaySummaryProps = {
  open: boolean;
  title: string;
  date: string;
  price: number;
  timeZone?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * «Участвовать» in a paid event: what is being bought, when, for how much and on which cancellation terms, before
 * the seat is held and the browser leaves for the checkout, as a consultation's booking shows it (issue 35).
 */
export function EventPaySummary({ open, title, date, price, timeZone, pending, onConfirm, onClose }: EventPaySummaryProps) {
  const priceText = formatPrice(price);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Участие в мероприятии</DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 rounded-xl border p-4 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <CalendarDays aria-hidden className="size-4 text-primary" />
              Дата и время
            </dt>
            <dd className="text-right font-medium">{formatDate(date, timeZone)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <Wallet aria-hidden className="size-4 text-primary" />
              Стоимость
            </dt>
            <dd className="text-right font-semibold text-primary">{priceText}</dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">{CANCELLATION_TERMS}</p>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onClose}>
            Отмена
          </Button>
          <Button disabled={pending} onClick={onConfirm}>
            {pending ? <Spinner className="text-current" label="Бронируем место" /> : null}
            {payLabel('Подтвердить', priceText)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
