import { useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { formatAmount } from '../../lib/format-price.ts';
import { paymentReturnUrl } from '../../lib/payment-deal.ts';
import { errorMessage, scheduleQueries, type RescheduleAnswer } from './schedule.api.ts';
import type { ScheduleItem } from './schedule-items.ts';
import { rescheduleQuoteText } from './reschedule-quote-text.ts';
import { RescheduleTypeChoice, type TypeOption } from './reschedule-type-choice.tsx';
import { useScheduleMutations } from './use-schedule-mutations.ts';

/** A free time as the booking dialog's slot picker offers it. */
export type PickedSlot = { id: number; start_time: string; end_time: string };

/**
 * The booking dialog's slot picker, handed in by the route (features don't import each other): the same component
 * the mentor page books with, so moving offers exactly the times booking would (decision 024).
 */
export type SlotPickerComponent = ComponentType<{
  consultationTypeId: number;
  selectedSlotId: number | null;
  onSelectSlot: (slot: PickedSlot) => void;
  /** the booking being moved: the type's rules (buffers, the daily limit) don't count it against its new time */
  movingBookingId?: number;
}>;

type RescheduleDialogProps = {
  item: ScheduleItem | null;
  /** the mentee moves the booking, or the mentor proposes the time to the mentee (decision 024) */
  mode?: 'move' | 'propose';
  userId: number;
  timeZone: string;
  SlotPicker: SlotPickerComponent;
  onClose: () => void;
};

const whenText = (iso: string, timeZone: string) => {
  const at = dayjs(iso).tz(timeZone);
  const day = at.format('dddd, D MMMM');
  return `${day.charAt(0).toUpperCase()}${day.slice(1)}, ${at.format('HH:mm')}`;
};

/**
 * «Перенести» (issue 38 §1, decision 024): the mentee picks the format (the booking's own by default, or another of the
 * mentor's types), then a free time of it; the server's quote says what that does with the money before confirming.
 * The same price moves with the booking; a cheaper type gives the difference back; a dearer one goes to the provider's
 * page to pay the difference, and the booking moves when that payment succeeds. The mentor's proposal keeps the type.
 */
export function RescheduleDialog({ item, mode = 'move', userId, timeZone, SlotPicker, onClose }: RescheduleDialogProps) {
  const proposing = mode === 'propose';
  const booking = item?.kind === 'consultation' ? item.booking : null;
  const mutations = useScheduleMutations(userId);
  const moving = !proposing && booking !== null;
  const currentTypeId = booking?.slot.consultation_type.id ?? 0;
  const mentorId = booking?.slot.consultation_type.user.id ?? 0;
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  // the format chosen for the move; null: the booking's own
  const [typeId, setTypeId] = useState<number | null>(null);
  const chosenTypeId = moving ? (typeId ?? currentTypeId) : currentTypeId;
  // a refused time (taken meanwhile) reloads the picker: a new key asks for the free times again
  const [round, setRound] = useState(0);
  // a dearer format's top-up: the browser is on its way to the provider's page
  const [redirecting, setRedirecting] = useState(false);
  const types = useQuery({ ...scheduleQueries.mentorTypes(mentorId), enabled: moving && mentorId > 0 });
  // a package's credit is for its own type, so such a booking moves only within it (decision 024)
  const otherTypes = moving && !booking?.from_package && (types.data ?? []).some((type) => type.id !== currentTypeId);
  // the booking's own type stays first and chosen even when the mentor has since archived it (its slots are gone then)
  const typeOptions: TypeOption[] =
    booking && types.data && !types.data.some((type) => type.id === currentTypeId)
      ? [{ id: currentTypeId, name: booking.slot.consultation_type.name, duration_minutes: booking.slot.duration, costs: booking.slot.consultation_type.cost }, ...types.data]
      : (types.data ?? []);
  const quote = useQuery({ ...scheduleQueries.rescheduleQuote(booking?.id ?? 0, slot?.id ?? 0), enabled: moving && slot !== null });
  const quoteText = slot && quote.data?.slot_id === slot.id ? rescheduleQuoteText(quote.data) : null;
  const pending = (proposing ? mutations.proposeMove.isPending : mutations.reschedule.isPending) || redirecting;

  const close = () => {
    setSlot(null);
    setTypeId(null);
    onClose();
  };

  const chooseType = (next: number) => {
    setTypeId(next);
    setSlot(null);
  };

  const refused = (error: Error) => {
    console.error('schedule: rescheduling failed', error);
    toast({ title: proposing ? 'Не удалось предложить' : 'Не удалось перенести', description: errorMessage(error, 'Попробуйте ещё раз.'), variant: 'destructive' });
    if (error instanceof ApiError && error.status === 409) {
      setSlot(null);
      setRound((n) => n + 1);
    }
  };

  const moved = (answer: RescheduleAnswer, at: PickedSlot) => {
    if (answer.status === 'awaiting_payment') {
      // the time is held while the difference is paid; the return page says when the booking has moved
      setRedirecting(true);
      window.location.assign(answer.confirmation_url);
      return;
    }
    const refund = answer.refunded > 0 ? ` Разницу ${formatAmount(answer.refunded)} возвращаем на карту, с которой вы платили: банк может зачислить её не сразу.` : '';
    toast({ title: 'Консультация перенесена', description: `${whenText(at.start_time, timeZone)}.${refund} Мы сообщили наставнику.`, variant: 'success' });
    close();
  };

  const confirm = () => {
    if (!booking || !slot) return;
    const at = slot;
    if (proposing) {
      mutations.proposeMove.mutate(
        { bookingId: booking.id, slotId: at.id },
        {
          onSuccess: () => {
            toast({ title: 'Предложение отправлено', description: `${whenText(at.start_time, timeZone)}. Время держится за учеником, пока он не ответит (не дольше суток).`, variant: 'success' });
            close();
          },
          onError: refused,
        },
      );
      return;
    }
    mutations.reschedule.mutate({ bookingId: booking.id, slotId: at.id, returnUrl: paymentReturnUrl() }, { onSuccess: (answer) => moved(answer, at), onError: refused });
  };

  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open || pending ? undefined : close())}>
      <DialogContent className="max-w-[800px] gap-5 p-5 sm:p-6">
        <DialogHeader>
          <DialogTitle>{proposing ? 'Предложить другое время' : 'Перенести консультацию'}</DialogTitle>
          <DialogDescription>{item ? `«${item.title}», сейчас: ${whenText(item.start, timeZone)}` : null}</DialogDescription>
        </DialogHeader>
        {booking ? (
          <>
            {otherTypes ? <RescheduleTypeChoice types={typeOptions} currentTypeId={currentTypeId} value={chosenTypeId} onChange={chooseType} /> : null}
            <SlotPicker
              key={`${chosenTypeId}:${round}`}
              consultationTypeId={chosenTypeId}
              selectedSlotId={slot?.id ?? null}
              onSelectSlot={setSlot}
              movingBookingId={moving ? booking.id : undefined}
            />
            <div data-testid="reschedule-terms" className="grid gap-1 text-sm text-muted-foreground" aria-live="polite">
              {slot ? (
                <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 font-medium text-foreground">
                  <span>{whenText(item!.start, timeZone)}</span>
                  <ArrowRight aria-hidden className="size-4 shrink-0" />
                  <span>
                    {whenText(slot.start_time, timeZone)}
                    {quoteText && quote.data && !quote.data.same_type ? `, «${quote.data.type_name.trim() || 'Консультация'}»` : null}
                  </span>
                </p>
              ) : null}
              {proposing ? (
                <p>Ученик получит уведомление и письмо и сможет согласиться, оставить прежнее время или отменить запись с полным возвратом.</p>
              ) : !slot ? (
                <p>{beforeSlotText(booking.price, otherTypes)}</p>
              ) : quote.isError ? (
                <p data-testid="reschedule-quote-error" className="text-destructive">
                  {errorMessage(quote.error, 'Не удалось рассчитать стоимость переноса. Выберите время ещё раз.')}
                </p>
              ) : quoteText ? (
                <>
                  <p data-testid="reschedule-quote" className="text-foreground">
                    {quoteText.price}
                  </p>
                  {quoteText.cutoff ? <p>{quoteText.cutoff}</p> : null}
                </>
              ) : (
                <p className="flex items-center gap-2">
                  <Spinner className="size-4 text-current" label="Считаем стоимость" />
                  Считаем стоимость переноса…
                </p>
              )}
            </div>
          </>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={close}>
            Не переносить
          </Button>
          <Button disabled={pending || slot === null || (moving && !quoteText)} onClick={confirm}>
            {pending ? <Spinner className="text-current" label={redirecting ? 'Переходим к оплате' : proposing ? 'Отправляем' : 'Переносим'} /> : null}
            {proposing ? 'Предложить' : (quoteText?.confirm ?? 'Перенести')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Before a time is chosen: what the move does with the money when the format stays, and that another may differ. */
function beforeSlotText(price: number, otherTypes: boolean): string {
  if (otherTypes) {
    return price > 0
      ? 'Оплата переходит на новое время. Если выберете другой формат, до подтверждения покажем новую цену: доплату или возврат разницы.'
      : 'Консультация бесплатная. Если выберете другой формат, до подтверждения покажем его цену.';
  }
  return price > 0 ? 'Оплата переходит на новое время: доплачивать ничего не нужно, возврата не будет.' : 'Консультация бесплатная — просто выберите новое время.';
}
