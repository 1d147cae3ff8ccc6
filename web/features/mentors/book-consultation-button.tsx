import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { CalendarClock } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPrice } from '../../lib/format-price.ts';
import type { ConsultationType } from './mentors.api.ts';

// The booking dialog is its own chunk: the mentor page loads it when someone wants to book.
const loadBookingDialog = () => import('../booking/booking-dialog.tsx');
const BookingDialog = lazy(loadBookingDialog);

export type BookConsultationButtonProps = {
  mentorId: number;
  consultationType: ConsultationType;
  isSignedIn?: boolean;
  size?: ButtonProps['size'];
  className?: string;
};

/** 'Записаться' for one consultation type: opens the booking dialog; visitors go to /login (spec 000 §6). */
export function BookConsultationButton({ mentorId, consultationType, isSignedIn, size, className }: BookConsultationButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const navigate = useNavigate();

  const start = () => {
    if (isSignedIn === false) {
      void navigate({ to: '/login' });
      return;
    }
    setMounted(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        size={size}
        className={className}
        onClick={start}
        // Fetch the chunk as soon as the person shows intent, so the dialog opens without a wait.
        onPointerEnter={() => void loadBookingDialog()}
        onFocus={() => void loadBookingDialog()}
      >
        Записаться
      </Button>
      {mounted ? (
        <Suspense fallback={<LoadingDialog open={open} onOpenChange={setOpen} />}>
          <BookingDialog open={open} onOpenChange={setOpen} mentorId={mentorId} consultationType={consultationType} />
        </Suspense>
      ) : null}
    </>
  );
}

function LoadingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[800px]">
        <DialogHeader>
          <DialogTitle>Запись на консультацию</DialogTitle>
          <DialogDescription className="sr-only">Загружаем окно записи</DialogDescription>
        </DialogHeader>
        <div className="flex min-h-48 items-center justify-center">
          <Spinner className="size-8" label="Загрузка" />
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function ConsultationTypeList({ mentorId, types, isSignedIn, canBook }: { mentorId: number; types: ConsultationType[]; isSignedIn?: boolean; canBook: boolean }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {types.map((type) => (
        <li key={type.id} className="flex flex-col gap-3 rounded-xl border p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium leading-snug">{type.name}</p>
            <p className="shrink-0 font-semibold text-primary">{formatPrice(type.costs)}</p>
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock aria-hidden className="size-4" />
            {type.duration_minutes} мин
          </p>
          {type.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{type.description}</p> : null}
          {canBook ? <BookConsultationButton mentorId={mentorId} consultationType={type} isSignedIn={isSignedIn} className="mt-auto w-full sm:w-fit" /> : null}
        </li>
      ))}
    </ul>
  );
}
