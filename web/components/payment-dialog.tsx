import { useEffect, useRef } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Spinner } from './ui/spinner.tsx';
import { toast } from './ui/toast-store.ts';
import { ApiError } from '../lib/api-client.ts';
import { createDeal, paymentReturnUrl, type PaymentService } from '../lib/payment-deal.ts';

/** Spec 000 §9: the browser goes to the payment page 800 ms after the address arrives. */
export const PAYMENT_REDIRECT_DELAY_MS = 800;
export const PAYMENT_FAILED_TOAST = 'Не удалось перейти к оплате';
const HELD_TEXT: Record<PaymentService['service_type'], string> = {
  event: 'Место забронировано за вами. Попробуйте оплатить ещё раз чуть позже.',
  consultation: 'Время забронировано за вами. Попробуйте оплатить ещё раз чуть позже.',
  package: 'Пакет ждёт оплаты. Попробуйте оплатить ещё раз чуть позже.',
};

type PaymentDialogProps = {
  /** The booking or event registration held as pending payment; null keeps the dialog closed. */
  service: PaymentService | null;
  onClose: () => void;
  /** Where the browser goes; replaced in tests. */
  redirect?: (url: string) => void;
};

const keyOf = (service: PaymentService) => `${service.service_type}:${service.service_id}`;

/**
 * 'Перенаправляем к оплате…' (spec 000 §2 "Payment dialog", §4 "Payment") for any service: creates the deal
 * and sends the browser to its confirmation address after 800 ms. When the call fails or brings no address
 * the dialog closes (spec 000 §8); the booking or seat stays held, so the toast says that rather than only
 * "error".
 */
export function PaymentDialog({ service, onClose, redirect = (url) => window.location.assign(url) }: PaymentDialogProps) {
  const started = useRef<string | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const redirectRef = useRef(redirect);
  redirectRef.current = redirect;
  const key = service ? keyOf(service) : null;

  useEffect(() => {
    if (service == null || key == null || started.current === key) return;
    started.current = key;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const giveUp = (reason: unknown) => {
      console.warn('payments: no confirmation address', reason);
      if (!active) return;
      started.current = null;
      closeRef.current();
      toast({
        title: PAYMENT_FAILED_TOAST,
        description: reason instanceof ApiError && reason.status !== 0 && reason.status < 500 ? reason.detail : HELD_TEXT[service.service_type],
        variant: 'destructive',
      });
    };
    createDeal(service, paymentReturnUrl()).then((deal) => {
      if (!active) return;
      if (!deal?.confirmation_url) return giveUp('empty confirmation_url');
      const url = deal.confirmation_url;
      timer = setTimeout(() => redirectRef.current(url), PAYMENT_REDIRECT_DELAY_MS);
    }, giveUp);
    return () => {
      active = false;
      clearTimeout(timer);
      started.current = null;
    };
    // `service` is read through its key: a new object for the same service must not start a second deal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <Dialog open={service != null} onOpenChange={(open) => (open ? undefined : onClose())}>
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
