import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { EVENT_TITLE_MAX, EventCard, formatDayMonth, truncateEventTitle, usesOverlayLayout, type EventCardEvent } from '../../web/components/event-card.tsx';
import { renderWithRouter } from './render-with-router.tsx';

const event: EventCardEvent = {
  id: 7,
  title: 'Акварель для начинающих',
  date: '2027-03-05T15:30:00Z',
  price: 1500,
  image_url: '/media/cover.png',
  mentor_info: { id: 3, mentor_name: 'Анна', mentor_surname: 'Смирнова', mentor_avatar_url: null },
};

describe('event card title rules (spec 000 §9)', () => {
  it('cuts at 180 characters with an ellipsis', () => {
    expect(truncateEventTitle('а'.repeat(180))).toBe('а'.repeat(180));
    expect(truncateEventTitle('а'.repeat(181))).toBe(`${'а'.repeat(EVENT_TITLE_MAX)}…`);
  });
  it('uses the overlay layout above 120 characters', () => {
    expect(usesOverlayLayout('а'.repeat(120))).toBe(false);
    expect(usesOverlayLayout('а'.repeat(121))).toBe(true);
  });
});

describe('EventCard', () => {
  it('loads the cover of a first-screen card at once and ahead of other images, the others lazily', async () => {
    const { container } = renderWithRouter(
      <>
        <EventCard event={event} priority />
        <EventCard event={{ ...event, id: 8 }} />
      </>,
    );
    await screen.findAllByRole('link');
    const [first, second] = Array.from(container.querySelectorAll('img'));
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('fetchpriority')).toBeNull();
  });

  it('writes the year on the date badge only outside the current year (issue 35 item 15)', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(formatDayMonth('2026-11-28T15:30:00Z', 'Europe/Moscow', now)).toBe('28.11');
    expect(formatDayMonth('2027-02-05T15:30:00Z', 'Europe/Moscow', now)).toBe('05.02.2027');
    expect(formatDayMonth('2025-12-31T12:00:00Z', 'Europe/Moscow', now)).toBe('31.12.2025');
    // the year of the viewer's zone: 31 Dec 22:30 UTC is already 1 Jan in Moscow
    expect(formatDayMonth('2026-12-31T22:30:00Z', 'Europe/Moscow', now)).toBe('01.01.2027');
  });

  it('shows the date, price, title, mentor and links to the event page', async () => {
    renderWithRouter(<EventCard event={{ ...event, date: new Date().getFullYear() + '-03-05T12:00:00Z' }} timeZone="Europe/Moscow" />);
    const link = await screen.findByRole('link', { name: event.title });
    expect(link.getAttribute('href')).toBe('/event_info/7');
    expect(link.getAttribute('data-layout')).toBe('standard');
    expect(screen.getByTestId('event-card-date').textContent).toBe('05.03');
    expect(screen.getByTestId('event-card-price').textContent).toBe('1\u00A0500\u00A0₽');
    expect(screen.getByText('Анна Смирнова')).toBeTruthy();
  });

  it("says 'Бесплатно' for 0, switches long titles to overlay and truncates very long ones", async () => {
    const long = 'Очень длинное название '.repeat(10);
    renderWithRouter(<EventCard event={{ ...event, price: 0, title: long }} />);
    const link = await screen.findByRole('link');
    expect(link.getAttribute('data-layout')).toBe('overlay');
    expect(screen.getByTestId('event-card-price').textContent).toBe('Бесплатно');
    expect(screen.getByRole('heading').textContent).toBe(truncateEventTitle(long.trim()));
    expect(screen.getByRole('heading').textContent!.endsWith('…')).toBe(true);
  });

  it('shows a placeholder when the image fails to load', async () => {
    renderWithRouter(<EventCard event={event} />);
    const img = (await screen.findByRole('link')).querySelector('img')!;
    fireEvent.error(img);
    expect(await screen.findByTestId('event-image-placeholder')).toBeTruthy();
  });

  it('an event without a cover shows the designed placeholder, not a crossed-out picture (issue 35 item 22)', async () => {
    renderWithRouter(<EventCard event={{ ...event, image_url: null }} />);
    const placeholder = await screen.findByTestId('event-image-placeholder');
    expect(placeholder.querySelector('.lucide-image-off')).toBeNull();
    expect(placeholder.getAttribute('aria-label')).not.toMatch(/недоступно/);
  });
});

