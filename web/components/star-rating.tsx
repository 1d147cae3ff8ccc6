import { useId, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import { REVIEW_STARS_MAX as MAX_STARS, REVIEW_STARS_MIN } from '../../worker/reviews/review-rules.ts';
import { cn } from '../lib/cn.ts';

type StarRatingProps = {
  /** 0–5; fractions are rounded for display. */
  value: number;
  /** Without it the stars are read-only (an image with an accessible label). */
  onChange?: (value: number) => void;
  /** Tailwind size of each star; 'sm' 16 px, 'md' 20 px, 'lg' 28 px. */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name of the interactive group. */
  label?: string;
  disabled?: boolean;
  className?: string;
};

const sizeClasses = { sm: 'size-4', md: 'size-5', lg: 'size-7' } as const;

function pluralStars(count: number): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return 'звезда';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'звезды';
  return 'звёзд';
}

/** Five stars: a read-only rating, or a radio group when onChange is given (arrow keys move the choice). */
export function StarRating({ value, onChange, size = 'md', label = 'Оценка', disabled = false, className }: StarRatingProps) {
  const name = useId();
  const rounded = Math.max(0, Math.min(MAX_STARS, Math.round(value)));
  const stars = Array.from({ length: MAX_STARS }, (_, index) => index + 1);

  if (!onChange) {
    return (
      <span role="img" aria-label={`Оценка ${rounded} из ${MAX_STARS}`} className={cn('inline-flex items-center gap-0.5', className)}>
        {stars.map((star) => (
          <Star
            key={star}
            aria-hidden
            className={cn(sizeClasses[size], star <= rounded ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/40')}
          />
        ))}
      </span>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') {
      event.preventDefault();
      onChange(Math.min(MAX_STARS, rounded + 1));
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') {
      event.preventDefault();
      onChange(Math.max(REVIEW_STARS_MIN, rounded - 1));
    }
  };

  return (
    <div role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className={cn('inline-flex items-center gap-1', className)}>
      {stars.map((star) => {
        const checked = star === rounded;
        return (
          <button
            key={star}
            type="button"
            role="radio"
            name={name}
            aria-checked={checked}
            aria-label={`${star} ${pluralStars(star)}`}
            tabIndex={checked || (rounded === 0 && star === 1) ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(star)}
            className="rounded-md p-0.5 outline-none transition-transform hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60"
          >
            <Star
              aria-hidden
              className={cn(sizeClasses[size], star <= rounded ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/50')}
            />
          </button>
        );
      })}
    </div>
  );
}
