import { useState } from 'react';
import { CalendarClock, MessageCircle } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPrice } from '../../lib/format-price.ts';
import type { ConsultationType } from './mentors.api.ts';
import { useOpenChat } from './use-open-chat.ts';

export type BookConsultationButtonProps = {
  mentorId: number;
  consultationType: ConsultationType;
  isSignedIn?: boolean;
  size?: ButtonProps['size'];
  className?: string;
};

/**
 * 'Записаться' for one consultation type. Online booking arrives in the next issue, which replaces
 * this component (same props) with the real booking dialog; until then it explains that and offers
 * the chat with the mentor.
 */
export function BookConsultationButton({ mentorId, consultationType, isSignedIn, size, className }: BookConsultationButtonProps) {
  const [open, setOpen] = useState(false);
  const chat = useOpenChat(mentorId, isSignedIn);
  return (
    <>
      <Button size={size} className={className} onClick={() => setOpen(true)}>
        Записаться
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Запись на консультацию</DialogTitle>
            <DialogDescription>Онлайн-запись откроется совсем скоро. Напишите ментору, чтобы договориться о времени.</DialogDescription>
          </DialogHeader>
          <dl className="grid gap-2 rounded-xl bg-muted/60 p-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Консультация</dt>
              <dd className="text-right font-medium">{consultationType.name}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Длительность</dt>
              <dd className="font-medium">{consultationType.duration_minutes} мин</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Стоимость</dt>
              <dd className="font-medium">{formatPrice(consultationType.costs)}</dd>
            </div>
          </dl>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Закрыть
            </Button>
            <Button disabled={chat.isPending} onClick={chat.open}>
              {chat.isPending ? <Spinner className="text-current" /> : <MessageCircle />}
              Написать ментору
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
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
