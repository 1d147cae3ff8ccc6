import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, MessageSquareText } from 'lucide-react';
import { Avatar } from './ui/avatar.tsx';
import { Button } from './ui/button.tsx';
import { EmptyState } from './empty-state.tsx';
import { StarRating } from './star-rating.tsx';
import { cn } from '../lib/cn.ts';
import { dayjs, inViewerZone, useDatesZone } from '../lib/dayjs.ts';

/** Spec 000 §9: excerpt length, arrows above 3 reviews, 'show more' step. */
export const REVIEW_EXCERPT_LENGTH = 140;
export const REVIEWS_ARROWS_ABOVE = 3;
export const REVIEWS_SHOW_MORE_STEP = 3;
export const ANONYMOUS_AUTHOR = 'Аноним';

/** One review as the event and mentor review lists return it; extra fields are ignored. */
export type ReviewSlide = {
  id: number | string;
  /** where the review comes from when a list mixes tables (ids repeat across them) */
  source?: string;
  review_text: string;
  review_stars: number;
  review_date?: string | null;
  created_at?: string | null;
  author_name?: string | null;
  author_avatar?: string | null;
};

function subscribeToResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function minWidth(px: number): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${px}px)`).matches;
}

/** Slides per view: 3 from 1024 px, 2 from 768 px, 1 below (spec 000 §9). */
export function useSlidesPerView(): number {
  return useSyncExternalStore(subscribeToResize, () => (minWidth(1024) ? 3 : minWidth(768) ? 2 : 1), () => 3);
}

/** 'Text…' cut at 140 characters. */
export function reviewExcerpt(text: string, max = REVIEW_EXCERPT_LENGTH): { text: string; cut: boolean } {
  const chars = Array.from(text);
  return chars.length > max ? { text: `${chars.slice(0, max).join('').trimEnd()}…`, cut: true } : { text, cut: false };
}

function formatReviewDate(review: ReviewSlide, timeZone?: string): string {
  const raw = review.review_date ?? review.created_at;
  if (!raw) return '';
  // an instant in the viewer's zone (the server has none of the browser's); a bare day as it is
  const date = raw.includes('T') ? inViewerZone(raw, timeZone) : dayjs(raw);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

type ReviewsSliderProps = {
  reviews: ReviewSlide[];
  /** The viewer's IANA zone for the dates. */
  timeZone?: string;
  /** How many reviews the slider holds at first; 'Показать ещё' adds 3 more. Default 6. */
  initialCount?: number;
  /** Shown under the empty state ('Пока нет отзывов'), e.g. a 'write a review' button. */
  emptyAction?: ReactNode;
  className?: string;
};

/** A horizontal slider of review cards (spec 000 §9): 3/2/1 per view, arrows when there are more than 3. */
export function ReviewsSlider({ reviews, timeZone, initialCount = 6, emptyAction, className }: ReviewsSliderProps) {
  const perView = useSlidesPerView();
  const [visible, setVisible] = useState(initialCount);
  const trackRef = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const shown = reviews.slice(0, visible);
  const showArrows = reviews.length > REVIEWS_ARROWS_ABOVE;

  const updateEdges = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setAtStart(track.scrollLeft <= 1);
    setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
  }, []);

  useEffect(updateEdges, [updateEdges, shown.length, perView]);

  const scrollBySlide = (direction: 1 | -1) => {
    const track = trackRef.current;
    const slide = track?.firstElementChild as HTMLElement | null;
    if (!track || !slide) return;
    const gap = parseFloat(getComputedStyle(track).columnGap || '0') || 0;
    track.scrollBy({ left: direction * (slide.offsetWidth + gap), behavior: 'smooth' });
  };

  if (reviews.length === 0) {
    return (
      <EmptyState
        className={className}
        icon={<MessageSquareText />}
        title="Пока нет отзывов"
        description="Станьте первым, кто оставит отзыв!"
        action={emptyAction}
      />
    );
  }

  return (
    <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4', className)} data-slides-per-view={perView}>
      <div className="relative min-w-0">
        <div
          ref={trackRef}
          onScroll={updateEdges}
          role="list"
          aria-label="Отзывы"
          className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {shown.map((review) => (
            <div
              key={`${review.source ?? ''}:${review.id}`}
              role="listitem"
              data-testid="review-slide"
              className="shrink-0 snap-start"
              style={{ width: `calc((100% - ${(perView - 1) * 16}px) / ${perView})` }}
            >
              <ReviewCard review={review} timeZone={timeZone} />
            </div>
          ))}
        </div>
        {showArrows ? (
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="outline" size="icon" aria-label="Предыдущие отзывы" disabled={atStart} onClick={() => scrollBySlide(-1)} className="rounded-full">
              <ChevronLeft />
            </Button>
            <Button variant="outline" size="icon" aria-label="Следующие отзывы" disabled={atEnd} onClick={() => scrollBySlide(1)} className="rounded-full">
              <ChevronRight />
            </Button>
          </div>
        ) : null}
      </div>
      {reviews.length > visible ? (
        <Button variant="secondary" className="justify-self-center" onClick={() => setVisible((count) => count + REVIEWS_SHOW_MORE_STEP)}>
          Показать ещё отзывы
        </Button>
      ) : null}
    </div>
  );
}

function ReviewCard({ review, timeZone }: { review: ReviewSlide; timeZone?: string }) {
  const [expanded, setExpanded] = useState(false);
  const author = review.author_name?.trim() || ANONYMOUS_AUTHOR;
  const excerpt = reviewExcerpt(review.review_text);
  const datesZone = useDatesZone();
  const date = formatReviewDate(review, timeZone ?? datesZone);
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-xs">
      <header className="flex items-center gap-3">
        <Avatar src={review.author_avatar} name={author === ANONYMOUS_AUTHOR ? null : author} className="size-10" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{author}</p>
          {date ? <p className="text-xs text-muted-foreground">{date}</p> : null}
        </div>
      </header>
      <StarRating value={review.review_stars} size="sm" />
      <p className="text-sm leading-relaxed break-words whitespace-pre-line">{expanded ? review.review_text : excerpt.text}</p>
      {excerpt.cut ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-auto self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:underline"
        >
          {expanded ? 'Свернуть' : 'Показать больше'}
        </button>
      ) : null}
    </article>
  );
}
