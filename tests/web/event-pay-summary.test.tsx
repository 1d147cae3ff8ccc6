// «Участвовать» in a paid event (issue 35 item 18): the price, the date and the cancellation terms come first, and
// the seat is held and the checkout opened only on «Подтвердить и оплатить N ₽».
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { EventPageScreen } from '../../web/features/events/event-page-screen.tsx';
import type { EventListPage, EventReview, RegisterResult, RegistrationCheck } from '../../web/features/events/events.api.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeUser } from './fixtures.ts';
import { makeEventDetail } from './event-test-utils.ts';

const noReviews: EventReview[] = [];
const emptyPage: EventListPage = { results: [], has_more: false };
const notRegistered: RegistrationCheck = { is_registered: false, status: null };

describe('a paid event’s «Участвовать»', () => {
  it('shows a summary with price, date and cancellation terms, and registers only on «Подтвердить и оплатить»', async () => {
    const event = makeEventDetail({ id: 7, price: 1500, date: '2027-03-05T15:30:00.000Z', status: 'upcoming' });
    const routes: Record<string, () => Response> = {
      '/api/events/GetEvent/': () => Response.json(event),
      '/api/event_reviews/GetEventReviews/': () => Response.json(noReviews),
      '/api/events/load_more/': () => Response.json(emptyPage),
      '/api/events/check_registration/': () => Response.json(notRegistered),
      '/api/events/register_for_event/': () => Response.json({ id: 1, event_id: 7, status: 'pending_payment', hold_expires_at: null } satisfies RegisterResult, { status: 201 }),
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const handler = routes[new URL(String(input), 'http://localhost').pathname];
      return handler ? handler() : Response.json({ detail: 'not found', code: 'not_found' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    // no checkout here: the dialog gives up on the deal with a warning
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueries.me().queryKey, makeUser({ id: 2, time_zone: 'Europe/Moscow' }));
    renderWithRouter(<EventPageScreen eventId={7} />, { queryClient });
    const registered = () => fetchMock.mock.calls.some(([input]) => String(input).includes('register_for_event'));

    const [button] = await screen.findAllByRole('button', { name: 'Участвовать' });
    await waitFor(() => expect(button!.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button!);
    const dialog = await screen.findByRole('dialog', { name: 'Участие в мероприятии' });
    expect(within(dialog).getByText('5 марта 2027 18:30')).toBeTruthy();
    expect(within(dialog).getByText(/^1\s500 ₽$/)).toBeTruthy();
    expect(within(dialog).getByText(/^Полный возврат, если отменить не позднее чем за 7 дней до начала/)).toBeTruthy();
    expect(registered()).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: /^Подтвердить и оплатить 1\s500\s₽$/ }));
    await waitFor(() => expect(registered()).toBe(true));
    // then the checkout is asked for, as before
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/payments/deals'))).toBe(true));
  });
});
