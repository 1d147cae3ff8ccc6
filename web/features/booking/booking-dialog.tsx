import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, CalendarCheck2, CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PaymentDialog } from '../../components/payment-dialog.tsx';
import { bookingCancellationTerms, payLabel } from '../../../worker/escrow/cancellation-terms.messages.ts';
import { createBooking, type AvailableSlot, type CreatedBooking } from './booking.api.ts';
import { bookingQueries } from './booking.queries.ts';
import { formatLongDay, formatTime, formatTimeRange } from './booking-calendar.ts';
import { BookingStepConfirm, chargedPrice, formatRubles, sessionFacts, type KnownType } from './booking-step-confirm.tsx';
import { loyaltyReason } from '../../../worker/lib/loyalty-text.ts';
import { BookingStepSlots } from './booking-step-slots.tsx';
import { useMinimumPending } from './use-minimum-pending.ts';
import { useSlotCalendar } from './use-slot-calendar.ts';
import { PACKAGE_CANCELLATION_TERMS, PackageChoice, spentNote, type PackageCredit } from './package-choice.tsx';
import { packageQueries } from '../../lib/consultation-packages.ts';
import { returnTarget } from '../../lib/return-to.ts';

/** Spec 000 §9: the slot details show their loader for at least 1 s (the week's slots: SLOTS_MIN_LOADER_MS). */
export { SLOTS_MIN_LOADER_MS } from './use-slot-calendar.ts';
export const DETAIL_MIN_LOADER_MS = 1000;

/** the refusals of the type's booking rules (worker/bookings/bookings.routes.ts, decision 022) */
const BOOKING_RULE_CODES = new Set(['booking_notice', 'booking_horizon', 'booking_buffer', 'booking_daily_limit']);

/** The spec's 'booked' outcome (spec 000 §4). */
export type BookedOutcome = { service_type: 'consultation'; id: number };

export type BookingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mentorId: number;
  consultationType: KnownType & { id: number };
  onBooked?: (outcome: BookedOutcome) => void;
  /** Where the browser goes to pay; replaced in tests. */
  redirect?: (url: string) => void;
};

/**
 * The booking dialog of the mentor page (spec 000 §2 "Booking dialog", §4 "Booking"): step 1 picks a day
 * and a free time, step 2 shows the details and confirms. A paid booking then goes to payment (the
 * booking holds the slot for a while as pending_payment); a free one is booked at once.
 */
export function BookingDialog({ open, onOpenChange, ...rest }: BookingDialogProps) {
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[800px] gap-5 p-5 sm:p-6">{open ? <BookingFlow {...rest} close={close} /> : null}</DialogContent>
    </Dialog>
  );
}

export default BookingDialog;

type Step = 'slots' | 'confirm' | 'pay';

function BookingFlow({ mentorId, consultationType, onBooked, redirect, close }: Omit<BookingDialogProps, 'open' | 'onOpenChange'> & { close: () => void }) {
  const navigate = useNavigate();
  const { user, sessionPending, timeZone, today, minMonday, maxMonday, monday, setMonday, selectedDay, setSelectedDay, slots, loading: slotsLoading, slotsByDay } =
    useSlotCalendar(consultationType.id);

  const [step, setStep] = useState<Step>('slots');
  const [slot, setSlot] = useState<AvailableSlot | null>(null);
  const [questions, setQuestions] = useState('');
  const [booking, setBooking] = useState<CreatedBooking | null>(null);
  const [paying, setPaying] = useState(false);
  // a held package of this type is spent by default; the person may pay for this one instead
  const [spendPackage, setSpendPackage] = useState(true);
  const queryClient = useQueryClient();

  // Visitors book after signing in (spec 000 §6).
  useEffect(() => {
    if (!sessionPending && !user) {
      close();
      void navigate({ to: '/login', search: { redirect: returnTarget() } });
    }
  }, [sessionPending, user, close, navigate]);

  const known: KnownType = consultationType;
  const book = useMutation({
    mutationFn: ({ slot: chosen, credit }: { slot: AvailableSlot; credit?: PackageCredit }) =>
      createBooking({ consultation_type_slot: chosen.id, user_id: user!.id, questions: questions.trim(), ...(credit ? { package_id: credit.id } : {}) }),
    onSuccess: (created, { slot: chosen, credit }) => {
      if (credit) void queryClient.invalidateQueries({ queryKey: packageQueries.all() });
      onBooked?.({ service_type: 'consultation', id: created.id });
      if (created.status === 'pending_payment') {
        setBooking(created);
        setStep('pay');
        setPaying(true);
        return;
      }
      const when = `${capitalize(formatLongDay(chosen.start_time, timeZone))}, ${formatTimeRange(chosen, timeZone)}`;
      toast({ title: 'Вы записаны на консультацию', description: credit ? `${when}. ${spentNote(credit)}` : when, variant: 'success' });
      close();
    },
    onError: (error) => {
      console.error('booking: create failed', error);
      // Spec 000 §8 only logs a failed booking. We say what happened instead: when two people take the
      // same time at once one of them gets 409 slot_taken, and a silent failure would leave them waiting.
      if (error instanceof ApiError && (error.code === 'slot_taken' || error.code === 'slot_past')) {
        toast({
          title: error.code === 'slot_taken' ? 'Это время уже занято' : 'Это время уже прошло',
          description: 'Выберите другое время — мы обновили расписание.',
          variant: 'destructive',
        });
        setSlot(null);
        setStep('slots');
        void slots.refetch();
        return;
      }
      // a booking rule of the type refused a slot a stale screen still offered (decision 022): the server's sentence
      // names the rule, and the reloaded picker no longer offers that time
      if (error instanceof ApiError && BOOKING_RULE_CODES.has(error.code)) {
        toast({ title: error.detail, description: 'Выберите другое время — мы обновили расписание.', variant: 'destructive' });
        setSlot(null);
        setStep('slots');
        void slots.refetch();
        return;
      }
      toast({ title: 'Не удалось записаться', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.', variant: 'destructive' });
    },
  });

  if (user && user.id === mentorId) {
    return (
      <DialogHeader>
        <DialogTitle>Это ваша консультация</DialogTitle>
        <DialogDescription>Записаться на собственную консультацию нельзя — так её увидят ваши ученики.</DialogDescription>
      </DialogHeader>
    );
  }

  const stepLabel = step === 'slots' ? 'Шаг 1/2' : step === 'confirm' ? 'Шаг 2/2' : null;

  return (
    <>
      <DialogHeader>
        {stepLabel ? <p className="text-xs font-semibold tracking-wide text-primary uppercase">{stepLabel}</p> : null}
        <DialogTitle>{step === 'pay' ? 'Время забронировано' : step === 'slots' ? 'Выберите день и время' : 'Проверьте запись'}</DialogTitle>
        <DialogDescription>{sessionFacts(undefined, known).topic}</DialogDescription>
      </DialogHeader>

      {step === 'slots' ? (
        <>
          <BookingStepSlots
            loading={slotsLoading}
            failed={slots.isError}
            onRetry={() => void slots.refetch()}
            slotsByDay={slotsByDay}
            timeZone={timeZone}
            today={today}
            monday={monday}
            onMondayChange={setMonday}
            minMonday={minMonday}
            maxMonday={maxMonday}
            selectedDay={selectedDay}
            onSelectDay={(day) => {
              setSelectedDay(day);
              if (slot && !slotsByDay.get(day)?.some((item) => item.id === slot.id)) setSlot(null);
            }}
            selectedSlotId={slot?.id ?? null}
            onSelectSlot={setSlot}
          />
          <StickyFooter>
            <Button className="col-span-2" disabled={slot == null || slotsLoading} onClick={() => setStep('confirm')}>
              Далее
              <ArrowRight />
            </Button>
          </StickyFooter>
        </>
      ) : null}

      {step === 'confirm' && slot ? (
        <ConfirmStep
          slot={slot}
          typeId={consultationType.id}
          known={known}
          timeZone={timeZone}
          questions={questions}
          onQuestionsChange={setQuestions}
          pending={book.isPending}
          spendPackage={spendPackage}
          onSpendPackageChange={setSpendPackage}
          onBack={() => setStep('slots')}
          onConfirm={(credit) => book.mutate({ slot, credit })}
        />
      ) : null}

      {step === 'pay' && booking && slot ? (
        <PayStep booking={booking} typeId={consultationType.id} slot={slot} timeZone={timeZone} onPay={() => setPaying(true)} onClose={close} paying={paying} />
      ) : null}

      <PaymentDialog
        service={paying && booking ? { service_type: 'consultation', service_id: booking.id } : null}
        onClose={() => setPaying(false)}
        redirect={redirect}
      />
    </>
  );
}

function ConfirmStep({
  slot,
  typeId,
  known,
  timeZone,
  questions,
  onQuestionsChange,
  pending,
  spendPackage,
  onSpendPackageChange,
  onBack,
  onConfirm,
}: {
  slot: AvailableSlot;
  typeId: number;
  known: KnownType;
  timeZone: string;
  questions: string;
  onQuestionsChange: (value: string) => void;
  pending: boolean;
  spendPackage: boolean;
  onSpendPackageChange: (spend: boolean) => void;
  onBack: () => void;
  /** `credit`: the package the booking spends instead of a payment */
  onConfirm: (credit?: PackageCredit) => void;
}) {
  const detail = useQuery(bookingQueries.slotDetail(slot.id));
  const price = useQuery(bookingQueries.price(typeId));
  const loading = useMinimumPending(detail.isFetching || price.isFetching, DETAIL_MIN_LOADER_MS);
  useEffect(() => {
    if (detail.isError) console.error('booking: slot details failed', detail.error);
  }, [detail.isError, detail.error]);
  // «Подтвердить» of a paid consultation goes straight to the checkout: it says so, with the sum (issue 35)
  // (the server's price for this person: a loyalty step lowers it; without an answer, the type's price)
  const costs = chargedPrice(sessionFacts(detail.data, known).costs, price.data);
  // a package of this type with credits left (decision 006 «Packages»): spending one needs no payment
  const credit = price.data?.package ?? null;
  const spent = credit && spendPackage ? credit : undefined;
  // the type's cut-off and the refund that follows from it, at the exact times, before anyone pays (decision 022)
  const cutoffHours = detail.data?.consultation_type.cancel_cutoff_hours ?? 0;
  const terms = bookingCancellationTerms({ startsAt: new Date(slot.start_time), bookedAt: new Date(), cutoffHours, paid: costs > 0, timeZone });
  // from a package under a cut-off: the credit goes back only until the cut-off, so the times are said as for money
  const packageTerms =
    cutoffHours > 0 ? bookingCancellationTerms({ startsAt: new Date(slot.start_time), bookedAt: new Date(), cutoffHours, paid: true, timeZone, fromPackage: true }) : PACKAGE_CANCELLATION_TERMS;

  return (
    <>
      <BookingStepConfirm
        loading={loading}
        detail={detail.data}
        failed={detail.isError}
        known={known}
        slot={slot}
        timeZone={timeZone}
        questions={questions}
        onQuestionsChange={onQuestionsChange}
        price={price.data}
        fromPackage={spent !== undefined}
        paymentChoice={credit ? <PackageChoice credit={credit} spend={spendPackage} onSpendChange={onSpendPackageChange} price={costs} timeZone={timeZone} /> : null}
      />
      {!loading && spent ? <p className="text-xs text-muted-foreground">{packageTerms}</p> : null}
      {!loading && !spent && (costs > 0 || cutoffHours > 0) ? <p className="text-xs text-muted-foreground">{terms}</p> : null}
      <StickyFooter>
        <Button variant="outline" disabled={pending} onClick={onBack}>
          <ArrowLeft />
          Назад
        </Button>
        {/* on a phone the sum wraps onto a second line instead of running out of the half-width button */}
        <Button disabled={loading || pending} onClick={() => onConfirm(spent)} className="h-auto min-h-10 whitespace-normal py-1.5 leading-tight sm:h-10 sm:whitespace-nowrap">
          {pending ? <Spinner className="text-current" label="Записываем" /> : null}
          {costs > 0 && !spent ? payLabel('Подтвердить', formatRubles(costs)) : 'Подтвердить'}
        </Button>
      </StickyFooter>
    </>
  );
}

function PayStep({
  booking,
  typeId,
  slot,
  timeZone,
  paying,
  onPay,
  onClose,
}: {
  booking: CreatedBooking;
  typeId: number;
  slot: AvailableSlot;
  timeZone: string;
  paying: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  // the mentor's name for the discount's reason, from the confirmation's answer (not asked again)
  const mentorName = useQuery({ ...bookingQueries.price(typeId), enabled: false }).data?.mentor_name;
  return (
    <>
      <div className="flex flex-col items-center gap-3 rounded-xl bg-muted/60 px-4 py-6 text-center">
        <span className="grid size-12 place-content-center rounded-full bg-primary/10 text-primary">
          <CalendarCheck2 aria-hidden className="size-6" />
        </span>
        <p className="font-semibold">
          {capitalize(formatLongDay(slot.start_time, timeZone))}, {formatTimeRange(slot, timeZone)}
        </p>
        <p className="max-w-md text-sm text-muted-foreground">
          Осталось оплатить консультацию — {formatRubles(booking.price)}
          {booking.discount_percent > 0 && booking.consultation_number
            ? ` (${loyaltyReason(booking.consultation_number, booking.discount_percent, mentorName)})`
            : null}
          .
          {booking.hold_expires_at ? ` Мы держим это время за вами до ${formatTime(booking.hold_expires_at, timeZone)}.` : null}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Закрыть
        </Button>
        <Button disabled={paying} onClick={onPay}>
          <CreditCard />
          Перейти к оплате
        </Button>
      </DialogFooter>
    </>
  );
}

/** The step's buttons; on a phone they stay at the bottom of the scrolling dialog, side by side. */
function StickyFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 grid grid-cols-2 gap-2 border-t bg-card px-5 py-3 sm:static sm:m-0 sm:flex sm:justify-end sm:border-0 sm:p-0">{children}</div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
