// The mentor and event pages record one view per open for the mentor's analytics (decision 009).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { EventPageScreen } from '../../web/features/events/event-page-screen.tsx';
import { MentorProfileScreen } from '../../web/features/mentors/mentor-profile-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { makeMentorDetail, mockFetch } from './mentor-test-utils.ts';
import { makeEventDetail } from './event-test-utils.ts';

const event = makeEventDetail({ status: 'live' });

const visitor = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, null);
  return queryClient;
};

const viewCalls = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.includes('/api/analytics/views'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('page views', () => {
  it('the event page posts one view with its mentor and event', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/events\/GetEvent\//, body: event },
      { path: /\/api\/event_reviews\//, body: [] },
      { path: /\/api\/events\/load_more\//, body: { results: [], has_more: false } },
      { method: 'POST', path: /\/api\/analytics\/views\//, status: 204 },
    ]);
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient: visitor() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Акварель для начинающих' })).toBeTruthy();
    await waitFor(() => expect(viewCalls(calls)).toHaveLength(1));
    expect(viewCalls(calls)[0]!.body).toEqual({ mentor_id: 10, event_id: 7 });
  });

  it('the mentor page posts one view of the mentor; a refused view changes nothing on the page', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/users\/7(\/|\?|$)/, body: makeMentorDetail() },
      { method: 'POST', path: /\/api\/analytics\/views\//, status: 429, body: { detail: 'Слишком много запросов', code: 'rate_limited' } },
    ]);
    renderWithRouter(<MentorProfileScreen mentorId={7} viewer={null} />, { queryClient: visitor() });
    await waitFor(() => expect(viewCalls(calls)).toHaveLength(1), { timeout: 3000 });
    expect(viewCalls(calls)[0]!.body).toEqual({ mentor_id: 7 });
    expect(screen.queryByText('Слишком много запросов')).toBeNull();
  });
});
