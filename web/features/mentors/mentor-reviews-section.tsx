import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PenLine } from 'lucide-react';
import { ReviewDialog } from '../../components/review-dialog.tsx';
import { ReviewsSlider } from '../../components/reviews-slider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { mentorsApi } from './mentors.api.ts';
import { mentorQueries } from './mentors.queries.ts';
import { returnTarget } from '../../lib/return-to.ts';

type MentorReviewsSectionProps = {
  mentorId: number;
  isSignedIn?: boolean;
  /** The mentor looking at their own page cannot review themselves. */
  isOwnProfile: boolean;
  timeZone?: string;
};

/**
 * 'Отзывы клиентов': count chip (the reviews with a text, as listed), the slider, 'Добавить отзыв' (visitors go to
 * /login); a signed-in person is offered it only when the server would accept it (GET /api/user_reviews/can-review/),
 * otherwise they read why not (issue 35).
 */
export function MentorReviewsSection({ mentorId, isSignedIn, isOwnProfile, timeZone }: MentorReviewsSectionProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reviews = useQuery(mentorQueries.reviews(mentorId));
  const eligibility = useQuery({ ...mentorQueries.canReview(mentorId), enabled: isSignedIn === true && !isOwnProfile });
  const [open, setOpen] = useState(false);

  const addReview = () => {
    if (isSignedIn === false) {
      void navigate({ to: '/login', search: { redirect: returnTarget() } });
      return;
    }
    setOpen(true);
  };

  const offered = !isOwnProfile && (isSignedIn === false || eligibility.data?.can_review === true);
  const whyNot = isOwnProfile || isSignedIn !== true ? null : (eligibility.data?.detail ?? null);
  const addButton = !offered ? null : (
    <Button variant="outline" size="sm" onClick={addReview}>
      <PenLine />
      Добавить отзыв
    </Button>
  );

  return (
    <section aria-labelledby="mentor-reviews" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mentor-reviews" className="flex items-center gap-2 text-lg font-semibold">
          Отзывы клиентов
          <span aria-label="Количество отзывов" className="rounded-full bg-primary/10 px-2.5 py-0.5 text-sm font-medium text-primary tabular-nums">
            {reviews.data?.length ?? 0}
          </span>
        </h2>
        {reviews.data?.length ? addButton : null}
      </div>
      <p className="text-sm text-muted-foreground">
        Здесь отзывы с текстом; рейтинг считает оценки — по одной от каждого человека, после состоявшейся консультации.
        {whyNot ? ` ${whyNot}.` : null}
      </p>
      {reviews.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : (
        // A failed load reads as "no reviews yet" (spec 000 §8: review-load errors are only logged).
        // The explicit column keeps the slider's track from widening the section to all slides' width.
        <ReviewsSlider reviews={reviews.data ?? []} timeZone={timeZone} emptyAction={addButton} />
      )}
      <ReviewDialog
        open={open}
        onOpenChange={setOpen}
        draftKey={`mentor-review-draft:${mentorId}`}
        onSubmit={async (values) => {
          await mentorsApi.addReview(mentorId, values);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: mentorQueries.reviews(mentorId).queryKey }),
            queryClient.invalidateQueries({ queryKey: mentorQueries.canReview(mentorId).queryKey }),
            queryClient.invalidateQueries({ queryKey: mentorQueries.detail(mentorId).queryKey }),
          ]);
        }}
      />
    </section>
  );
}
