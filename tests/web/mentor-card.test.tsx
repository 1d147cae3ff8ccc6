import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MentorCard, type MentorCardMentor } from '../../web/components/mentor-card.tsx';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { PLACEHOLDER_AVATAR } from '../../web/lib/placeholder-image.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { deferred, makeMentor, mockFetch } from './mentor-test-utils.ts';

function renderCard(mentor: MentorCardMentor = makeMentor(), isSignedIn?: boolean) {
  return renderWithRouter(
    <>
      <MentorCard mentor={mentor} isSignedIn={isSignedIn} />
      <Toaster />
    </>,
    { path: '/AllMentors' },
  );
}

const likeButton = () => screen.findByRole('button', { name: /в избранное|из избранного/ });

describe('MentorCard', () => {
  it('shows the name, tg title, price, skills and the profile link', async () => {
    renderCard();
    expect(await screen.findByText('Анна Соколова')).toBeTruthy();
    expect(screen.getByText('@anna_career')).toBeTruthy();
    // formatPrice groups with no-break spaces; Testing Library normalises them to plain ones
    expect(screen.getByText('от 11 000 ₽ за сессию')).toBeTruthy();
    expect(screen.getByText('Резюме')).toBeTruthy();
    expect(screen.getByText('+1')).toBeTruthy();
    expect(screen.getByRole('link', { name: /перейти в профиль/ }).getAttribute('href')).toBe('/mentor_info/7');
  });

  // issue 35, item 10: the price is the mentor's cheapest consultation type, null without one (not a made-up 11 000 ₽)
  it('says there are no consultations yet when the mentor has no price', async () => {
    renderCard({ ...makeMentor(), price: null });
    expect(await screen.findByText('Консультаций пока нет')).toBeTruthy();
    expect(screen.queryByText(/11 000/)).toBeNull();
  });

  it('swaps a broken photo for the placeholder', async () => {
    renderCard();
    const img = (await screen.findByRole('img', { name: 'Анна Соколова' })) as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_AVATAR);
  });

  it('shows the placeholder when there is no photo', async () => {
    renderCard(makeMentor({ mentor_avatar_url: null }));
    const img = await screen.findByRole('img', { name: 'Анна Соколова' });
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_AVATAR);
  });

  it('sends a visitor to /login without calling the API', async () => {
    const { fetchMock } = mockFetch([]);
    const { router } = renderCard(makeMentor(), false);
    fireEvent.click(await likeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds optimistically, then confirms with the toast', async () => {
    const gate = deferred();
    const { calls } = mockFetch([{ method: 'POST', path: /\/api\/mentor-favorites\/?$/, status: 201, wait: gate.promise, body: { id: 55, mentor: {}, created_at: '2026-01-01T00:00:00Z' } }]);
    renderCard(makeMentor(), true);
    const button = await likeButton();
    expect(button.textContent).toBe('12');
    fireEvent.click(button);
    // flipped before the server answered
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('13');
    gate.resolve();
    expect(await screen.findByText('Ментор добавлен в избранное')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { mentor: 7 } });
    expect(button.textContent).toBe('13');
  });

  it('removes a favourite by its id', async () => {
    const { calls } = mockFetch([{ method: 'DELETE', path: /\/api\/mentor-favorites\/31\/?$/, status: 204 }]);
    renderCard(makeMentor({ is_favorite: true, favorite_id: 31 }), true);
    const button = await likeButton();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(await screen.findByText('Ментор удалён из избранного')).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('11');
    expect(calls[0]?.method).toBe('DELETE');
  });

  it('rolls back and shows the error toast when the call fails', async () => {
    mockFetch([{ method: 'POST', path: /\/api\/mentor-favorites\/?$/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]);
    renderCard(makeMentor(), true);
    const button = await likeButton();
    fireEvent.click(button);
    expect(await screen.findByText('Ошибка при обновлении избранного')).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('12');
  });
});
