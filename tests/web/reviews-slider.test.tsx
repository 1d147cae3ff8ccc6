import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ReviewsSlider, type ReviewSlide } from '../../web/components/reviews-slider.tsx';
import { setViewportWidth } from './event-test-utils.ts';

const make = (count: number, overrides: Partial<ReviewSlide> = {}): ReviewSlide[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    review_text: `Отзыв ${index + 1}`,
    review_stars: 4,
    review_date: '2026-03-05',
    author_name: `Автор ${index + 1}`,
    author_avatar: null,
    ...overrides,
  }));

describe('ReviewsSlider', () => {
  it.each([
    [1280, '3'],
    [1024, '3'],
    [900, '2'],
    [768, '2'],
    [390, '1'],
  ])('at %i px shows %s slides per view', (width, perView) => {
    setViewportWidth(width);
    const { container } = render(<ReviewsSlider reviews={make(2)} />);
    expect(container.querySelector('[data-slides-per-view]')!.getAttribute('data-slides-per-view')).toBe(perView);
  });

  it("shows 'Аноним' without an author, stars and a Russian date", () => {
    setViewportWidth(1280);
    render(<ReviewsSlider reviews={make(1, { author_name: null })} />);
    expect(screen.getByText('Аноним')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Оценка 4 из 5' })).toBeTruthy();
    expect(screen.getByText('5 марта 2026')).toBeTruthy();
  });

  it("cuts text at 140 characters with 'Показать больше'", () => {
    setViewportWidth(1280);
    const long = 'б'.repeat(200);
    render(<ReviewsSlider reviews={make(1, { review_text: long })} />);
    expect(screen.getByText(`${'б'.repeat(140)}…`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать больше' }));
    expect(screen.getByText(long)).toBeTruthy();
  });

  it('has arrows only above 3 reviews', () => {
    setViewportWidth(1280);
    const { unmount } = render(<ReviewsSlider reviews={make(3)} />);
    expect(screen.queryByRole('button', { name: 'Следующие отзывы' })).toBeNull();
    unmount();
    render(<ReviewsSlider reviews={make(4)} />);
    expect(screen.getByRole('button', { name: 'Следующие отзывы' })).toBeTruthy();
  });

  it("'Показать ещё отзывы' adds 3", () => {
    setViewportWidth(1280);
    render(<ReviewsSlider reviews={make(10)} initialCount={6} />);
    expect(screen.getAllByTestId('review-slide')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё отзывы' }));
    expect(screen.getAllByTestId('review-slide')).toHaveLength(9);
  });

  it('says so when there are no reviews', () => {
    render(<ReviewsSlider reviews={[]} />);
    expect(screen.getByText('Пока нет отзывов')).toBeTruthy();
    expect(screen.getByText('Станьте первым, кто оставит отзыв!')).toBeTruthy();
  });
});
