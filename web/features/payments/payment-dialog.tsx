import { useEffect, useRef } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { createEventDeal } from './events.api.ts';

/** Spec 000 §9: the browser goes to the payment page 800 ms after the address arrives. */
export const PAYMENT_REDIRECT_DELAY_MS = 800;
export const PAYMENT_PENDING_TOAST = 'Место забронировано. Оплата станет доступна в ближайшее время.';

type PaymentDialogProps = {
  /** The event whose seat is held as pending payment; null keeps the dialog closed. */
  eventId: number | null;
  onClose: () => void;
  /** Where the browser goes; replaced in tests. */
  redirect?: (url: string) => void;
};

/**
 * 'Перенаправляем к оплате…' (spec 000 §2 "Payment dialog", §4 "Payment"): creates the deal and sends the
 * browser to its confirmation address. When the call fails or brings no address the dialog closes; the seat
 * stays held, so the user hears that rather than an error.
 */
export function PaymentDialog({ eventId, onClose, redirect = (url) => window.location.assign(url) }: PaymentDialogProps) {
  const started = useRef<number | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const redirectRef = useRef(redirect);
  redirectRef.current = redirect;

  useEffect(() => {
    if (eventId == null || started.current === eventId) return;
    started.current = eventId;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const giveUp = (reason: unknown) => {
      console.warn('payments: no confirmation address', reason);
      if (!active) return;
      started.current = null;
      closeRef.current();
      toast({ title: PAYMENT_PENDING_TOAST });
    };
    createEventDeal(eventId, `${window.location.origin}/payment-return`).then(
      (deal) => {
        if (!deal?.confirmation_url) return giveUp('empty confirmation_url');
        const url = deal.confirmation_url;
        timer = setTimeout(() => redirectRef.current(url), PAYMENT_REDIRECT_DELAY_MS);
      },
      giveUp,
    );
    return () => {
      active = false;
      clearTimeout(timer);
      started.current = null;
    };
  }, [eventId]);

  return (
    <Dialog open={eventId != null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-sm text-center">
        <DialogHeader className="items-center pr-0">
          <Spinner className="mb-2 size-8 text-primary" label="Переход к оплате" />
          <DialogTitle>Перенаправляем к оплате…</DialogTitle>
          <DialogDescription>Окно оплаты откроется автоматически.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
