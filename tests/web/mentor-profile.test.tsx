import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CaseGallery } from '../../web/features/mentors/case-gallery.tsx';
import { EducationList, ExperienceList } from '../../web/features/mentors/career-sections.tsx';
import { MentorEventCard, upcomingEvents } from '../../web/features/mentors/mentor-events.tsx';
import { MentorProfileScreen } from '../../web/features/mentors/mentor-profile-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentorDetail, mockFetch } from './mentor-test-utils.ts';

const work = (id: number) => ({ id, position_title: `Должность ${id}`, company_name: `Компания ${id}`, start_date: '2020-01-01', end_date: null });
const study = (id: number) => ({ id, university_name: `Вуз ${id}`, specialty: 'Психология', start_year: 2010, end_year: 2014 });

describe('work experience and education', () => {
  it("shows 2 work places, then 'Показать ещё N' and 'Скрыть'", () => {
    render(<ExperienceList items={[work(1), work(2), work(3), work(4)]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё 2' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Должность 1')).toBeTruthy();
  });

  it('shows 1 education by default', () => {
    render(<EducationList items={[study(1), study(2)]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё 1' }));
    expect(screen.getByText('Вуз 2')).toBeTruthy();
  });

  it('offers no button when everything fits', () => {
    render(<ExperienceList items={[work(1), work(2)]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('case gallery', () => {
  const images = [
    { url: '/a.svg', alt: null, caption: 'Первый кейс' },
    { url: '/b.svg', alt: 'Второй', caption: null },
    { url: '/c.svg', alt: '', caption: 'Третий' },
  ];

  it("opens fullscreen with 'N из M', caption, default alt and arrow keys", async () => {
    render(<CaseGallery images={images} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Открыть: Изображение кейса' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByText('1 из 3')).toBeTruthy();
    expect(screen.getByText('Первый кейс')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByText('2 из 3')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('3 из 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Следующее изображение' }));
    expect(screen.getByText('1 из 3')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('events and booking', () => {
  it("shows 'Осталось X из Y мест' and links 'Зарегистрироваться' to the event", async () => {
    renderWithRouter(
      <MentorEventCard
        event={{ id: 5, title: 'Мастер-класс', date: '2030-03-05T15:30:00Z', price: 1500, image_url: null, total_spots: 20, available_spots: 8, category: 'Хобби' } as never}
        timeZone="Europe/Moscow"
      />,
    );
    expect(await screen.findByText('Осталось 8 из 20 мест')).toBeTruthy();
    expect(screen.getByText('5 марта 2030 18:30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' }).getAttribute('href')).toBe('/event_info/5');
  });

  it('keeps only upcoming events, soonest first', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const events = [{ id: 1, date: '2029-12-31T00:00:00Z' }, { id: 2, date: '2030-02-01T00:00:00Z' }, { id: 3, date: '2030-01-02T00:00:00Z' }] as never[];
    expect(upcomingEvents(events, now).map((event: { id: number }) => event.id)).toEqual([3, 2]);
  });
});

describe('mentor page', () => {
  // each render holds its loader for MENTOR_DETAIL_MIN_LOADER_MS (1 s) before the profile shows
  it('shows the rating with a Russian decimal comma, one decimal always', { timeout: 10_000 }, async () => {
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail({ rating: '4.8', reviews_count: 10 }) }]);
    const { unmount } = renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    expect(await screen.findByText('4,8', undefined, { timeout: 4_000 })).toBeTruthy();
    expect(screen.queryByText('4.8')).toBeNull();
    // the count beside the rating is of ratings, not of the texts listed below (issue 35, item 13)
    expect(screen.getByText('оценок')).toBeTruthy();
    unmount();
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail({ rating: '5.0', reviews_count: 0 }) }]);
    renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    expect(await screen.findByText('5,0', undefined, { timeout: 4_000 })).toBeTruthy();
  });

  it('shows «Профиль подтверждён» with the interview behind it, and nothing for a mentor who is not verified', { timeout: 10_000 }, async () => {
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail() }]);
    const { unmount } = renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    const badge = await screen.findByText('Профиль подтверждён', undefined, { timeout: 4_000 });
    // 09:00 UTC is the same day in any zone the test may run in
    expect(badge.closest('summary')?.getAttribute('title')).toBe('Прошёл видеоинтервью с командой Формы 12 ноября 2026');
    fireEvent.click(badge);
    expect(screen.getByText('Прошёл видеоинтервью с командой Формы 12 ноября 2026.')).toBeTruthy();
    expect(screen.getByText('Личность: лицо и имя совпадают с документом')).toBeTruthy();
    expect(screen.getByText('Опыт: рассказ о работе и примеры совпадают с анкетой')).toBeTruthy();
    // only what the admin ticked is claimed
    expect(screen.queryByText(/Пробная сессия/)).toBeNull();
    unmount();
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail({ is_verified: false, verification: null }) }]);
    renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    expect(await screen.findByText('4,8', undefined, { timeout: 4_000 })).toBeTruthy();
    expect(screen.queryByText('Профиль подтверждён')).toBeNull();
  });

  it('shows the education tags of the approved application (mentor_education) in «Образование», even without educations', { timeout: 10_000 }, async () => {
    mockFetch([{ path: /\/api\/users\/7\/?(\?|$)/, body: makeMentorDetail({ educations: [], mentor_education: ['МГУ', 'Курсы дизайна'] }) }]);
    renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />);
    const tags = await screen.findByRole('list', { name: 'Курсы и направления обучения' }, { timeout: 4_000 });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['МГУ', 'Курсы дизайна']);
    expect(screen.getByRole('heading', { name: 'Образование' })).toBeTruthy();
  });

  it('shows the friendly not-found state on 404', async () => {
    mockFetch([]);
    renderWithRouter(<MentorProfileScreen mentorId={999} viewer={null} />);
    expect(await screen.findByText('Наставник не найден')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все наставники' }).getAttribute('href')).toBe('/AllMentors');
  });
});
