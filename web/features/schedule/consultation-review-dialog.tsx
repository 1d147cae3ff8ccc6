import { useEffect, useId, useState, type FormEvent } from 'react';
import { StarRating } from '../../components/star-rating.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { CONSULTATION_REVIEW_TEXT_MAX as REVIEW_TEXT_MAX, REVIEW_STARS_MIN, reviewMessages } from '../../../worker/reviews/review-rules.ts';
import { errorMessage } from './schedule.api.ts';
import { counterpart, personName, type ScheduleItem } from './schedule-items.ts';
import { useScheduleMutations } from './use-schedule-mutations.ts';

type ConsultationReviewDialogProps = {
  /** The consultation being rated; null keeps the dialog closed. */
  item: ScheduleItem | null;
  userId: number;
  onClose: () => void;
};

/**
 * «Оцените консультацию» (spec 002 §2.5, §5.2): a rating is required, the text is not. The event review
 * dialog in web/components asks for a text and starts at five stars, which would put words and a rating
 * in the buyer's mouth here; so this one starts empty. Sending posts the review, then finishes the booking.
 */
export function ConsultationReviewDialog({ item, userId, onClose }: ConsultationReviewDialogProps) {
  const textId = useId();
  const { review } = useScheduleMutations(userId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Each consultation starts with a blank form.
  useEffect(() => {
    setRating(0);
    setText('');
    setError(null);
  }, [item?.key]);

  const pending = review.isPending;
  const mentor = item ? counterpart(item) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    if (rating < REVIEW_STARS_MIN) {
      setError(reviewMessages.ratingRequired);
      return;
    }
    review.mutate(
      { bookingId: item.id, rating, text: text.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Спасибо за оценку!', description: 'Отзыв сохранён.', variant: 'success' });
          onClose();
        },
        onError: (failure) => {
          console.error('schedule: the review failed', failure);
          toast({ title: 'Не удалось отправить оценку', description: errorMessage(failure, 'Попробуйте ещё раз.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Оцените консультацию</DialogTitle>
          <DialogDescription>
            {item ? `«${item.title}»${mentor ? `, ${mentor.label.toLowerCase()} ${personName(mentor.person)}` : ''}` : null}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <div className="grid gap-2">
            <span className="text-sm font-medium">Оценка</span>
            <StarRating
              value={rating}
              onChange={(value) => {
                setRating(value);
                setError(null);
              }}
              size="lg"
              label="Оценка консультации"
              disabled={pending}
            />
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={textId}>Ваш отзыв (необязательно)</Label>
            <Textarea
              id={textId}
              value={text}
              rows={4}
              maxLength={REVIEW_TEXT_MAX}
              disabled={pending}
              placeholder="Что было полезно, что можно улучшить?"
              onChange={(e) => setText(e.target.value.slice(0, REVIEW_TEXT_MAX))}
              className="resize-y"
            />
            <span className="text-right text-xs text-muted-foreground tabular-nums">
              {text.length} / {REVIEW_TEXT_MAX}
            </span>
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={pending} onClick={onClose}>
              Не сейчас
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner className="text-current" label="Отправка" /> : null}
              Отправить
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
