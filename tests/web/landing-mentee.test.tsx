import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MenteeLanding } from '../../web/features/landings/mentee-landing.tsx';
import type { TopEvent } from '../../web/features/landings/landings.api.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentor, makeMentorDetail } from './mentor-test-utils.ts';

function topEvent(id: number, mentorId: number, title: string): TopEvent {
  return {
    id,
    event_title: title,
    event_date: '2026-12-05T15:00:00.000Z',
    event_price: 1500,
    event_imageUrl: null,
    event_ageRestriction: 18,
    event_availiableSpots: 5,
    event_totalSpots: 10,
    event_category: 'Хобби',
    event_id_mentor: mentorId,
    event_description: '',
    mentor_info: { id: mentorId, mentor_name: '', mentor_surname: '', mentor_avatar_url: null },
  };
}

const users: Record<string, { mentor_name: string; mentor_surname: string }> = {
  '7': { mentor_name: 'Ольга', mentor_surname: 'Лебедева' },
  '8': { mentor_name: 'Игорь', mentor_surname: 'Белов' },
  '9': { mentor_name: 'Дина', mentor_surname: 'Ахмедова' },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.replace(/\/$/, '');
    if (path === '/api/events/GetTopEvents') {
      return json([topEvent(1, 7, 'Акварель за вечер'), topEvent(2, 8, 'Эскиз первой татуировки'), topEvent(3, 9, 'Вокал с нуля'), topEvent(4, 7, 'Четвёртое')]);
    }
    if (path === '/api/users/GetUser') {
      const id = url.searchParams.get('id')!;
      return json(makeMentorDetail({ id: Number(id), mentor_avatar_url: null, ...users[id] }));
    }
    if (path === '/api/users/GetRandomUsers') {
      return json([
        makeMentor({ id: 21, mentor_name: 'Егор', mentor_surname: 'Филиппов', mentor_avatar_url: null, mentor_tg_title: '@egor', mentor_description: 'Методист', mentor_skills: ['Методика'], price: 2500, favorites_count: 4 }),
        makeMentor({ id: 22, mentor_name: 'София', mentor_surname: 'Зайцева', mentor_avatar_url: null, mentor_skills: [], price: 4000, favorites_count: 0 }),
        makeMentor({ id: 23, mentor_name: 'Дмитрий', mentor_surname: 'Дмитриев', mentor_avatar_url: null, mentor_skills: [], price: 5500, favorites_count: 2 }),
      ]);
    }
    return json({ detail: 'Не найдено', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('MenteeLanding', () => {
  it('shows the first three top events with their mentors, one GetUser call per event', async () => {
    const fetchMock = mockApi();
    renderWithRouter(<MenteeLanding isSignedIn={false} />, { path: '/LandingMenteePage' });

    const section = (await screen.findByRole('heading', { name: 'Ближайшие мастер-классы' })).closest('section')!;
    const first = await within(section).findByRole('link', { name: 'Акварель за вечер' });
    expect(first.getAttribute('href')).toBe('/event_info/1');
    await within(section).findByText('Ольга Лебедева');
    await within(section).findByText('Игорь Белов');
    await within(section).findByText('Дина Ахмедова');
    expect(within(section).getByRole('link', { name: 'Вокал с нуля' }).getAttribute('href')).toBe('/event_info/3');
    expect(within(section).queryByRole('link', { name: 'Четвёртое' })).toBeNull();

    // spec 000 §7's GetUser, under the mentor page's cache entry (both answer the same profile)
    const getUserCalls = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/users/GetUser'));
    expect(getUserCalls.sort()).toEqual(['/api/users/GetUser/?id=7', '/api/users/GetUser/?id=8', '/api/users/GetUser/?id=9']);
  });

  it("links 'Показать больше' to the event list and 'Выбрать наставника' to the mentors", async () => {
    mockApi();
    renderWithRouter(<MenteeLanding isSignedIn={false} />, { path: '/LandingMenteePage' });
    expect((await screen.findByRole('link', { name: 'Показать больше' })).getAttribute('href')).toBe('/AllEvents');
    expect(screen.getByRole('link', { name: 'Выбрать наставника' }).getAttribute('href')).toBe('/AllMentors');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ваш новый путь к хобби и увлечениям');
  });

  // decision 018: nothing records a meeting, so the landing may not promise recordings to watch again
  it('promises no recordings of the sessions', async () => {
    mockApi();
    renderWithRouter(<MenteeLanding isSignedIn={false} />, { path: '/LandingMenteePage' });
    expect(await screen.findByRole('heading', { name: 'Видео и чат в Форме' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/записыва|записи занятий|пересматр/i);
  });

  it('shows three random mentors with their real price and likes, linking to their profiles', async () => {
    mockApi();
    renderWithRouter(<MenteeLanding isSignedIn={false} />, { path: '/LandingMenteePage' });
    const card = await screen.findByRole('article', { name: 'Егор Филиппов' });
    expect(card.textContent).toContain('от 2\u00A0500\u00A0₽ за сессию');
    expect(within(card).getByTestId('favorites-count').textContent).toBe('4');
    expect(within(card).getByRole('link', { name: 'Егор Филиппов' }).getAttribute('href')).toBe('/mentor_info/21');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('hides the loader 500 ms after the data has arrived', async () => {
    mockApi();
    renderWithRouter(<MenteeLanding isSignedIn={false} />, { path: '/LandingMenteePage' });
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeTruthy();
    await screen.findByText('Дина Ахмедова');
    // still shown right after the data arrives…
    expect(screen.queryByRole('status', { name: 'Загрузка' })).not.toBeNull();
    // …and gone half a second later
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Загрузка' })).toBeNull(), { timeout: 1500 });
  });
});
