// The landings' numbers (issue 36) come from GET /api/stats/platform/, in words that fit them, never a made-up figure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MentorLanding } from '../../web/features/landings/mentor-landing.tsx';
import { MenteeLanding } from '../../web/features/landings/mentee-landing.tsx';
import { NewLandingMentor } from '../../web/features/landings/new-landing-mentor.tsx';
import type { PlatformStats } from '../../web/features/landings/platform-stats.api.ts';
import { renderWithRouter } from './render-with-router.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API answers `stats` (or fails with 503, or never answers) to the counts, and empty lists to everything else. */
function mockStats(stats: PlatformStats | 'fail' | 'hang') {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname.replace(/\/$/, '') === '/api/stats/platform') {
      if (stats === 'hang') return new Promise<Response>(() => {});
      if (stats === 'fail') return json({ detail: 'Сервис временно недоступен', code: 'database_unavailable' }, 503);
      return json(stats);
    }
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const seeded: PlatformStats = { mentors: 48, mentees: 31, categories: 6, consultations_held: 184, events_held: 33 };
const tiny: PlatformStats = { mentors: 1, mentees: 2, categories: 1, consultations_held: 1, events_held: 0 };
const MADE_UP = /2000\+|1000\+|Более 1000|более тысячи|3,200\+|15,000\+|2,500/;

afterEach(() => vi.unstubAllGlobals());

describe('the mentor landing (/)', () => {
  it('shows the counts the API gives, each with the word its number takes', async () => {
    mockStats(seeded);
    renderWithRouter(<MentorLanding />);
    await screen.findByText('48 наставников и 31 ученик');
    expect(screen.getByRole('heading', { name: '6 направлений' })).toBeTruthy();
    const figures = [...document.querySelectorAll('dl > div')].map((tile) => `${tile.querySelector('dd')!.textContent} ${tile.querySelector('dt')!.textContent}`);
    expect(figures).toEqual(['48 наставников', '31 ученик', '6 направлений', '217 занятий проведено']);
    expect(document.body.textContent).not.toMatch(MADE_UP);
  });

  it('follows other numbers too: they are read, not written in', async () => {
    mockStats(tiny);
    renderWithRouter(<MentorLanding />);
    await screen.findByText('1 наставник и 2 ученика');
    expect(screen.getByRole('heading', { name: '1 направление' })).toBeTruthy();
    const figures = [...document.querySelectorAll('dl > div')].map((tile) => `${tile.querySelector('dd')!.textContent} ${tile.querySelector('dt')!.textContent}`);
    expect(figures).toEqual(['1 наставник', '2 ученика', '1 направление', '1 занятие проведено']);
  });

  it('shows skeletons while the counts load, and no figure at all when they cannot be read', async () => {
    mockStats('hang');
    const { unmount } = renderWithRouter(<MentorLanding />);
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('dl[aria-busy="true"]')).not.toBeNull();
    expect(document.body.textContent).not.toMatch(MADE_UP);
    unmount();

    mockStats('fail');
    // no retries: the app's own client retries a failed read a few times first
    renderWithRouter(<MentorLanding />, { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
    await screen.findByText('Наставники и ученики');
    expect(screen.getByText('Разные направления')).toBeTruthy();
    expect(document.querySelector('dl')).toBeNull();
    expect(document.body.textContent).not.toMatch(MADE_UP);
  });
});

describe('the mentee landing', () => {
  it('says how many mentors teach in how many directions, from the API', async () => {
    mockStats(seeded);
    renderWithRouter(<MenteeLanding />);
    await screen.findByText('Несколько популярных занятий — а всего на Форме 48 наставников в 6 направлениях.');
    expect(document.body.textContent).not.toMatch(MADE_UP);
  });
});

describe('the English mentor landing', () => {
  it('shows the counted mentors and sessions, and says payouts wait for the 48-hour dispute window', async () => {
    mockStats({ ...seeded, mentors: 1204 });
    renderWithRouter(<NewLandingMentor />);
    await waitFor(() => expect(screen.getByText('Mentors on Forma').parentElement!.textContent).toBe('Mentors on Forma1,204'));
    expect(screen.getByText('Sessions held').parentElement!.textContent).toBe('Sessions held217');
    expect(document.body.textContent).not.toMatch(MADE_UP);
    expect(document.body.textContent).not.toMatch(/straight to your card|get paid after every session|recorded|recordings|video interview/i);
    const payments = screen.getByRole('heading', { name: 'Secure payments' }).parentElement!;
    expect(within(payments).getByText(/48-hour dispute window after the session, then pay it out to your card/)).toBeTruthy();
    expect(screen.getByText(/Payouts are sent after a 48-hour dispute window/)).toBeTruthy();
  });
});
