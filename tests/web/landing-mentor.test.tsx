import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MentorLanding } from '../../web/features/landings/mentor-landing.tsx';
import { LandingReviewsSlider, REVIEWS_SCROLL_SHARE } from '../../web/features/landings/landing-reviews-slider.tsx';
import { LANDING_LOADER_MS, PageLoader, useLoaderDelay } from '../../web/features/landings/page-loader.tsx';
import { renderWithRouter } from './render-with-router.tsx';

const reviews = [1, 2, 3, 4].map((n) => ({ name: `Автор ${n}`, role: 'Наставник', text: `Отзыв ${n}`, initials: 'А', tone: '' }));

describe('LandingReviewsSlider', () => {
  it('scrolls by 40% of its visible width per arrow press, both ways', () => {
    render(<LandingReviewsSlider reviews={reviews} />);
    const track = screen.getByRole('list', { name: 'Отзывы наставников' });
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: 1000 });
    const scrollBy = vi.fn();
    track.scrollBy = scrollBy as typeof track.scrollBy;

    fireEvent.click(screen.getByRole('button', { name: 'Следующие отзывы' }));
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущие отзывы' }));

    expect(REVIEWS_SCROLL_SHARE).toBe(0.4);
    expect(scrollBy).toHaveBeenNthCalledWith(1, { left: 400, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenNthCalledWith(2, { left: -400, behavior: 'smooth' });
  });
});

describe('MentorLanding', () => {
  // the landing reads its counts (issue 36; tests/web/landing-counts.test.tsx): nothing to answer here
  beforeEach(() => void vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {}))));
  afterEach(() => void vi.unstubAllGlobals());

  it('shows the ФОРМА loader for 400 ms', () => {
    vi.useFakeTimers();
    try {
      render(<MentorLandingInRouterless />);
      expect(screen.getByRole('status', { name: 'Загрузка' })).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(LANDING_LOADER_MS - 1);
      });
      expect(screen.queryByRole('status', { name: 'Загрузка' })).not.toBeNull();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole('status', { name: 'Загрузка' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers registration, both audience choices and a question link to support (issue 35: no placeholder handle)', async () => {
    renderWithRouter(<MentorLanding />);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Станьте наставником на Форме');
    for (const link of screen.getAllByRole('link', { name: /Стать наставником/ })) expect(link.getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Хочу учиться' }).getAttribute('href')).toBe('/LandingMenteePage');
    expect(screen.getByRole('link', { name: 'Хочу учить' }).getAttribute('aria-current')).toBe('page');

    const ask = screen.getByRole('link', { name: /Задать вопрос/ });
    expect(ask.getAttribute('href')).toBe('/Support');
  });

  // decision 018: nothing records a meeting, so neither the benefits nor a testimonial may say it does
  it('promises no recordings of the sessions', async () => {
    renderWithRouter(<MentorLanding />);
    await screen.findByRole('heading', { level: 1 });
    expect(document.body.textContent).not.toMatch(/записыва|записи занятий|пересмотр/i);
    expect(screen.getByRole('heading', { name: 'Видео и чат в Форме' })).toBeTruthy();
  });

  it("'Подробнее' scrolls to the 'кому мы подходим' section", async () => {
    renderWithRouter(<MentorLanding />);
    await screen.findByRole('heading', { level: 1 });
    const target = document.getElementById('who')!;
    const scrollIntoView = vi.fn();
    target.scrollIntoView = scrollIntoView;
    fireEvent.click(screen.getByRole('button', { name: /Подробнее/ }));
    expect(scrollIntoView).toHaveBeenCalled();
    for (const type of ['Опытные мастера', 'Начинающие наставники', 'Визионеры']) expect(screen.getByRole('heading', { name: type })).toBeTruthy();
  });
});

// The loader test drives fake timers, which the router's async rendering does not get along with: render the loader part alone.
function MentorLandingInRouterless() {
  return <PageLoader visible={useLoaderDelay(true, LANDING_LOADER_MS)} />;
}
