import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { FAVORITE_ADDED, FAVORITE_TOAST_MS, useFavoriteToggle, type UseFavoriteToggleOptions } from '../../web/lib/use-favorite-toggle.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

function Probe(props: UseFavoriteToggleOptions) {
  const favorite = useFavoriteToggle(props);
  return (
    <button type="button" aria-pressed={favorite.isFavorite} onClick={() => void favorite.toggle()}>
      {favorite.favoritesCount}
    </button>
  );
}

describe('useFavoriteToggle', () => {
  it('uses 3-second toasts', () => {
    expect(FAVORITE_TOAST_MS).toBe(3000);
  });

  it('treats 409 (saved in another tab) as saved and learns the favourite id for a later delete', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: /\/api\/mentor-favorites\/?$/, status: 409, body: { detail: 'Ментор уже в избранном', code: 'already_favorite' } },
      { method: 'GET', path: /\/api\/mentor-favorites\/?$/, body: [{ id: 77, mentor: { id: 3 }, created_at: '2026-01-01T00:00:00Z' }] },
      { method: 'DELETE', path: /\/api\/mentor-favorites\/77\/?$/, status: 204 },
    ]);
    renderWithRouter(
      <>
        <Probe mentorId={3} isFavorite={false} favoritesCount={5} isSignedIn />
        <Toaster />
      </>,
    );
    const button = await screen.findByRole('button', { pressed: false });
    fireEvent.click(button);
    expect(await screen.findByText(FAVORITE_ADDED)).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    // the loaded count already included the existing favourite
    expect(button.textContent).toBe('5');
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.includes('/77'))).toBe(true));
  });

  it('looks the favourite id up when only the flag is known (history cards)', async () => {
    const { calls } = mockFetch([
      { method: 'GET', path: /\/api\/mentor-favorites\/?$/, body: [{ id: 88, mentor: { id: 4 }, created_at: '2026-01-01T00:00:00Z' }] },
      { method: 'DELETE', path: /\/api\/mentor-favorites\/88\/?$/, status: 204 },
    ]);
    renderWithRouter(<Probe mentorId={4} isFavorite favoriteId={null} isSignedIn />, { queryClient: new QueryClient() });
    fireEvent.click(await screen.findByRole('button', { pressed: true }));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET', 'DELETE']));
  });

  it('sends the user to /login when the server answers 401 and the caller did not know', async () => {
    mockFetch([
      { method: 'POST', path: /\/api\/mentor-favorites\/?$/, status: 401, body: { detail: 'Нужно войти', code: 'unauthorized' } },
      { method: 'POST', path: /\/api\/token\/refresh/, status: 401, body: { detail: 'Нужно войти', code: 'unauthorized' } },
    ]);
    const { router } = renderWithRouter(<Probe mentorId={5} isFavorite={false} />);
    const button = await screen.findByRole('button');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});
