// The mentor page's reviews: «Добавить отзыв» only for whom the server would take a review, the reason for anyone
// else, and what the counts count (issue 35, items 13 and 17).
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MentorReviewsSection } from '../../web/features/mentors/mentor-reviews-section.tsx';
import { formatRating } from '../../web/lib/format-decimal.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

const review = (id: number) => ({
  id,
  review_text: `Отзыв ${id}`,
  review_stars: 5,
  review_date: '2026-11-01',
  author_name: 'Мария',
  author_avatar: null,
  to_user_id: 7,
  source: 'mentor_page',
  created_at: '2026-11-01T10:00:00.000Z',
});
const reviewsRoute = { path: /\/api\/user_reviews\/GetUserReviews/, body: [review(1), review(2), review(3)] };
const canReviewRoute = (body: unknown) => ({ path: /\/api\/user_reviews\/can-review/, body });

describe('mentor reviews section', () => {
  it('offers no «Добавить отзыв» to a person the server would refuse, and says why', async () => {
    const { calls } = mockFetch([
      reviewsRoute,
      canReviewRoute({ can_review: false, reason: 'no_held_consultation', detail: 'Отзыв можно оставить после состоявшейся консультации с этим наставником' }),
    ]);
    renderWithRouter(<MentorReviewsSection mentorId={7} isSignedIn isOwnProfile={false} />);
    expect(await screen.findByText(/Отзыв можно оставить после состоявшейся консультации с этим наставником\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить отзыв' })).toBeNull();
    expect(calls.some((c) => c.url.includes('can-review') && c.url.includes('to_user_id=7'))).toBe(true);
  });

  it('offers it to a person who may review', async () => {
    mockFetch([reviewsRoute, canReviewRoute({ can_review: true, reason: null, detail: null })]);
    renderWithRouter(<MentorReviewsSection mentorId={7} isSignedIn isOwnProfile={false} />);
    expect(await screen.findByRole('button', { name: 'Добавить отзыв' })).toBeTruthy();
  });

  it('never asks on the mentor’s own page, and counts the reviews it lists, saying what the rating counts', async () => {
    const { calls } = mockFetch([reviewsRoute]);
    renderWithRouter(<MentorReviewsSection mentorId={7} isSignedIn isOwnProfile />);
    await waitFor(() => expect(screen.getByLabelText('Количество отзывов').textContent).toBe('3'));
    expect(screen.getByText(/рейтинг считает оценки — по одной от каждого человека/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить отзыв' })).toBeNull();
    expect(calls.some((c) => c.url.includes('can-review'))).toBe(false);
  });

  it('writes a rating one way: one decimal, a comma', () => {
    expect([formatRating(4.4), formatRating(5), formatRating(4.47)]).toEqual(['4,4', '5,0', '4,5']);
  });
});
