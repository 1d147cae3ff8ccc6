import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { returnTarget, useActionAfterSignIn } from '../../lib/return-to.ts';
import type { BookingDialogProps } from './booking-dialog.tsx';

// 'Записаться' on the mentor page. The booking dialog is its own chunk, loaded when someone wants to book; the route
// hands this button to the mentor page, so the mentors feature does not import booking.
const loadBookingDialog = () => import('./booking-dialog.tsx');
const BookingDialog = lazy(loadBookingDialog);

export type BookConsultationButtonProps = {
  mentorId: number;
  consultationType: BookingDialogProps['consultationType'];
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
      // back to this mentor after signing in, with this type's booking dialog open (issue 35)
      void navigate({ to: '/login', search: { redirect: returnTarget(`book-${consultationType.id}`) } });
      return;
    }
    setMounted(true);
    setOpen(true);
  };
  useActionAfterSignIn(`book-${consultationType.id}`, isSignedIn === true, start);

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
