import { useRef } from 'react';
import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** Spec 000 §9: each arrow press scrolls the reviews by 40% of the visible width. */
export const REVIEWS_SCROLL_SHARE = 0.4;

export type LandingReview = { name: string; role: string; text: string; initials: string; tone: string };

/** Horizontal testimonials strip with arrow buttons; also scrollable by touch, wheel and keyboard. */
export function LandingReviewsSlider({ reviews }: { reviews: LandingReview[] }) {
  const track = useRef<HTMLUListElement>(null);

  function scroll(direction: -1 | 1) {
    const element = track.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * REVIEWS_SCROLL_SHARE, behavior: 'smooth' });
  }

  return (
    <div className="grid gap-6">
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="icon" className="rounded-full" aria-label="Предыдущие отзывы" onClick={() => scroll(-1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="outline" size="icon" className="rounded-full" aria-label="Следующие отзывы" onClick={() => scroll(1)}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <ul
        ref={track}
        aria-label="Отзывы наставников"
        tabIndex={0}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-5 overflow-x-auto px-4 pb-4 outline-none [scrollbar-width:none] focus-visible:ring-2 focus-visible:ring-ring md:-mx-8 md:scroll-px-8 md:px-8 [&::-webkit-scrollbar]:hidden"
      >
        {reviews.map((review) => (
          <li key={review.name} className="w-[85%] shrink-0 snap-start sm:w-[calc((100%-1.25rem)/2)] lg:w-[calc((100%-2.5rem)/3)]">
            <figure className="flex h-full flex-col gap-5 rounded-3xl border bg-card p-7 shadow-sm">
              <Quote aria-hidden className="size-8 text-primary/30" />
              <blockquote className="flex-1 text-base leading-relaxed text-pretty">{review.text}</blockquote>
              <figcaption className="flex items-center gap-3">
                <span aria-hidden className={`grid size-11 place-content-center rounded-full text-sm font-bold text-white ${review.tone}`}>
                  {review.initials}
                </span>
                <span className="grid">
                  <span className="font-semibold">{review.name}</span>
                  <span className="text-sm text-muted-foreground">{review.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
