import { useState, type ComponentType } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage } from './schedule.api.ts';
import type { ScheduleItem } from './schedule-items.ts';
import { useScheduleMutations } from './use-schedule-mutations.ts';

/** A free time as the booking dialog's slot picker offers it. */
export type PickedSlot = { id: number; start_time: string; end_time: string };

/**
 * The booking dialog's slot picker, handed in by the route (features don't import each other): the same component
 * the mentor page books with, so moving offers exactly the times booking would (decision 024).
 */
export type SlotPickerComponent = ComponentType<{ consultationTypeId: number; selectedSlotId: number | null; onSelectSlot: (slot: PickedSlot) => void }>;

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
 * «Перенести» (issue 38 §1, decision 024): the mentee picks another free time of the same consultation and confirms;
 * the booking moves with its payment, nothing is charged or refunded (the same type has the same price).
 */
export function RescheduleDialog({ item, mode = 'move', userId, timeZone, SlotPicker, onClose }: RescheduleDialogProps) {
  const proposing = mode === 'propose';
  const booking = item?.kind === 'consultation' ? item.booking : null;
  const mutations = useScheduleMutations(userId);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  // a refused time (taken meanwhile) reloads the picker: a new key asks for the free times again
  const [round, setRound] = useState(0);
  const mutation = proposing ? mutations.proposeMove : mutations.reschedule;
  const pending = mutation.isPending;

  const close = () => {
    setSlot(null);
    onClose();
  };

  const confirm = () => {
    if (!booking || !slot) return;
    mutation.mutate(
      { bookingId: booking.id, slotId: slot.id },
      {
        onSuccess: () => {
          toast(
            proposing
              ? { title: 'Предложение отправлено', description: `${whenText(slot.start_time, timeZone)}. Время держится за учеником, пока он не ответит (не дольше суток).`, variant: 'success' }
              : { title: 'Консультация перенесена', description: `${whenText(slot.start_time, timeZone)}. Мы сообщили наставнику.`, variant: 'success' },
          );
          close();
        },
        onError: (error) => {
          console.error('schedule: rescheduling failed', error);
          toast({ title: proposing ? 'Не удалось предложить' : 'Не удалось перенести', description: errorMessage(error, 'Попробуйте ещё раз.'), variant: 'destructive' });
          if (error instanceof ApiError && error.status === 409) {
            setSlot(null);
            setRound((n) => n + 1);
          }
        },
      },
    );
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
            <SlotPicker key={round} consultationTypeId={booking.slot.consultation_type.id} selectedSlotId={slot?.id ?? null} onSelectSlot={setSlot} />
            <p data-testid="reschedule-terms" className="text-sm text-muted-foreground" aria-live="polite">
              {slot ? (
                <span className="flex flex-wrap items-center gap-1.5 font-medium text-foreground">
                  {whenText(item!.start, timeZone)} <ArrowRight aria-hidden className="size-4" /> {whenText(slot.start_time, timeZone)}
                </span>
              ) : null}
              {proposing
                ? 'Ученик получит уведомление и письмо и сможет согласиться, оставить прежнее время или отменить запись с полным возвратом.'
                : booking.price > 0
                  ? 'Оплата переходит на новое время: доплачивать ничего не нужно, возврата не будет.'
                  : 'Консультация бесплатная — просто выберите новое время.'}
            </p>
          </>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={close}>
            Не переносить
          </Button>
          <Button disabled={pending || slot === null} onClick={confirm}>
            {pending ? <Spinner className="text-current" label={proposing ? 'Отправляем' : 'Переносим'} /> : null}
            {proposing ? 'Предложить' : 'Перенести'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
