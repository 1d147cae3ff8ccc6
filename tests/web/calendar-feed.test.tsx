import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AddToCalendarButton, ADD_TO_CALENDAR_ERROR, ADD_TO_CALENDAR_LABEL } from '../../web/components/add-to-calendar-button.tsx';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { CalendarFeedCard, FEED_CREATE, FEED_OFF, FEED_RESET, FEED_SUBSCRIBE } from '../../web/features/calendar-feed/calendar-feed-card.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

const FEED_URL = `http://127.0.0.1:8787/api/calendars/feed/${'x'.repeat(43)}.ics`;
const address = { url: FEED_URL, webcal_url: FEED_URL.replace('http:', 'webcal:'), created_at: '2030-03-06T09:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

describe('CalendarFeedCard', () => {
  it('makes an address on request and shows it with a subscribe link', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/calendars\/feed\/?$/, body: { active: false, created_at: null } },
      { method: 'POST', path: /\/api\/calendars\/feed\/?$/, status: 201, body: address },
    ]);
    renderWithRouter(
      <>
        <CalendarFeedCard userId={1} />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: FEED_CREATE }));
    expect(await screen.findByText(FEED_URL.replace('http://', ''))).toBeTruthy();
    expect(screen.getByRole('link', { name: FEED_SUBSCRIBE }).getAttribute('href')).toBe(address.webcal_url);
    expect(await screen.findByText('Ссылка на календарь готова')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('for an address made earlier says when, and resets it only after a confirmation', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/calendars\/feed\/?$/, body: { active: true, created_at: '2030-03-01T09:00:00.000Z' } },
      { method: 'POST', path: /\/api\/calendars\/feed\/?$/, status: 201, body: address },
    ]);
    renderWithRouter(<CalendarFeedCard userId={1} />);
    expect(await screen.findByText(/Ссылка создана 1 марта 2030/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: FEED_RESET }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Старая ссылка перестанет работать/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: FEED_RESET }));
    expect(await screen.findByRole('link', { name: FEED_SUBSCRIBE })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('switches the address off', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/calendars\/feed\/?$/, body: { active: true, created_at: '2030-03-01T09:00:00.000Z' } },
      { method: 'DELETE', path: /\/api\/calendars\/feed\/?$/, status: 204 },
    ]);
    renderWithRouter(<CalendarFeedCard userId={1} />);
    fireEvent.click(await screen.findByRole('button', { name: FEED_OFF }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('offers a retry when the state fails to load', async () => {
    mockFetch([{ path: /\/api\/calendars\/feed\/?$/, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal_error' } }]);
    renderWithRouter(<CalendarFeedCard userId={1} />, { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
    expect(await screen.findByText('Не удалось загрузить настройки календаря')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});

describe('AddToCalendarButton', () => {
  it('downloads the .ics of a booking through the API', async () => {
    const { calls } = mockFetch([{ path: /\/api\/calendars\/bookings\/12\.ics$/, body: 'BEGIN:VCALENDAR' }]);
    const createObjectURL = vi.fn(() => 'blob:forma');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithRouter(<AddToCalendarButton kind="booking" id={12} />);
    fireEvent.click(await screen.findByRole('button', { name: ADD_TO_CALENDAR_LABEL }));
    await vi.waitFor(() => expect(clicked).toEqual(['forma-booking-12.ics']));
    expect(calls.map((c) => c.url)).toEqual(['/api/calendars/bookings/12.ics']);
    click.mockRestore();
  });

  it('says so when the file cannot be had', async () => {
    mockFetch([{ path: /\/api\/calendars\/events\/5\.ics$/, status: 404, body: { detail: 'Мероприятие не найдено', code: 'not_found' } }]);
    renderWithRouter(
      <>
        <AddToCalendarButton kind="event" id={5} />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: ADD_TO_CALENDAR_LABEL }));
    expect(await screen.findByText(ADD_TO_CALENDAR_ERROR)).toBeTruthy();
    expect(screen.getByText('Мероприятие не найдено')).toBeTruthy();
  });
});
