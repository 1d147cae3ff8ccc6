import { useEffect, useId, useState, type FormEvent } from 'react';
import { REVIEW_DEFAULT_STARS, REVIEW_TEXT_MAX, reviewMessages } from '../../worker/reviews/review-rules.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Label } from './ui/label.tsx';
import { Spinner } from './ui/spinner.tsx';
import { Textarea } from './ui/textarea.tsx';
import { toast } from './ui/toast-store.ts';
import { ApiError } from '../lib/api-client.ts';
import { StarRating } from './star-rating.tsx';

/** Spec 000 §5 / §9: the text's limit, the default stars and the required message are the server's (review-rules.ts). */
export const REVIEW_SUCCESS_MESSAGE = 'Отзыв успешно отправлен!';
export const REVIEW_ERROR_MESSAGE = 'Ошибка при отправке отзыва. Попробуйте еще раз.';
const REVIEW_TOAST_DURATION = 4000;

export type ReviewValues = { review_text: string; review_stars: number };

type ReviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** localStorage key of the text draft, e.g. `event-review-draft:42`; the draft lives until a successful submit. */
  draftKey: string;
  /** Sends the review; a rejection shows the error toast and keeps the dialog open. */
  onSubmit: (values: ReviewValues) => Promise<unknown>;
  /** Optional line under the title (what is being reviewed). */
  description?: string;
};

function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage can be full or disabled (private mode); the draft is a convenience, the form still works.
  }
}

/** 'Написать отзыв' (spec 000 §2 "Review dialog", §4 "Review", §5). */
export function ReviewDialog({ open, onOpenChange, draftKey, onSubmit, description }: ReviewDialogProps) {
  const textId = useId();
  const [stars, setStars] = useState(REVIEW_DEFAULT_STARS);
  const [text, setText] = useState(() => readDraft(draftKey));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // Another key (another event) brings its own draft.
  useEffect(() => {
    setText(readDraft(draftKey));
    setError(null);
  }, [draftKey]);

  const changeText = (value: string) => {
    const next = value.slice(0, REVIEW_TEXT_MAX);
    setText(next);
    writeDraft(draftKey, next);
    if (error && next.trim()) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reviewText = text.trim();
    if (!reviewText) {
      setError(reviewMessages.textRequired);
      return;
    }
    setSending(true);
    try {
      await onSubmit({ review_text: reviewText, review_stars: stars });
    } catch (failure) {
      console.error('review: sending failed', failure);
      // a refusal (403 not allowed, 409 already reviewed) says why; trying again would not help
      const refusal = failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.detail : null;
      toast({ title: refusal ?? REVIEW_ERROR_MESSAGE, variant: 'destructive', duration: REVIEW_TOAST_DURATION });
      setSending(false);
      return;
    }
    setSending(false);
    writeDraft(draftKey, '');
    setText('');
    setStars(REVIEW_DEFAULT_STARS);
    setError(null);
    toast({ title: REVIEW_SUCCESS_MESSAGE, variant: 'success', duration: REVIEW_TOAST_DURATION });
    onOpenChange(false);
  };

  const left = REVIEW_TEXT_MAX - text.length;

  return (
    <Dialog open={open} onOpenChange={(next) => (sending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Написать отзыв</DialogTitle>
          <DialogDescription>{description ?? 'Поделитесь впечатлениями — это поможет другим участникам.'}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <div className="grid gap-2">
            <span className="text-sm font-medium">Оценка</span>
            <StarRating value={stars} onChange={setStars} size="lg" label="Оценка" disabled={sending} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={textId}>Отзыв</Label>
            <Textarea
              id={textId}
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              rows={6}
              placeholder="Что понравилось, что было полезно?"
              disabled={sending}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${textId}-message`}
              onChange={(event) => changeText(event.target.value)}
              className="resize-y"
            />
            <div id={`${textId}-message`} className="flex justify-between gap-3 text-xs">
              <span role={error ? 'alert' : undefined} className="text-destructive">
                {error}
              </span>
              <span className="ml-auto text-muted-foreground tabular-nums">Осталось символов: {left}</span>
            </div>
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={sending} onClick={() => onOpenChange(false)}>
              Отмена
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? <Spinner className="text-current" label="Отправка" /> : null}
              Отправить отзыв
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
