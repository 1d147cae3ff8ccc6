import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { DashboardScreen } from '../../web/features/dashboard/dashboard-screen.tsx';
import type { DashboardItem } from '../../web/features/dashboard/dashboard.types.ts';

const items: DashboardItem[] = [
  {
    id: 1,
    type: 'consultation',
    title: 'Portfolio Review',
    price: 100,
    duration: 60,
    skills: ['Figma', 'Career', 'UX', 'Branding', 'Research'],
    availableSlots: ['Mon 10:00', 'Tue 11:00', 'Wed 12:00'],
    mentor: { name: 'Elena Novak', avatar: '', rating: 4.9, reviews: 10 },
  },
  { id: 1, type: 'event', title: 'Full House', mentor: 'Marco Rossi', category: 'Design', price: 20, date: '2026-03-05', time: '18:00', spots: { taken: 10, total: 10 } },
  { id: 2, type: 'event', title: 'Open Night', mentor: 'Marco Rossi', category: 'Design', price: 20, date: '2026-03-06', time: '18:00', spots: { taken: 2, total: 10 } },
  {
    id: 1,
    type: 'expert',
    name: 'Olivia Bennett',
    title: 'Staff Engineer',
    avatar: '',
    skills: ['Go'],
    hourlyRate: 200,
    rating: 5,
    reviews: 3,
    experience: 12,
    responseTime: 'within 2 hours',
  },
];

afterEach(() => {
  vi.useRealTimers();
});

function chip(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

describe('DashboardScreen', () => {
  it('shows a count badge on each active chip and hides it when the chip is off', () => {
    render(<DashboardScreen items={items} />);
    expect(screen.getByTestId('count-consultation').textContent).toBe('1');
    expect(screen.getByTestId('count-event').textContent).toBe('2');
    expect(screen.getByTestId('count-expert').textContent).toBe('1');
    expect(screen.getByText('4 results found')).toBeTruthy();

    fireEvent.click(chip('Events'));
    expect(chip('Events').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('count-event')).toBeNull();
    expect(screen.getByText('2 results found')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Search mentors, events, consultations...'), { target: { value: 'olivia' } });
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(screen.getByTestId('count-consultation').textContent).toBe('0');
    expect(screen.getByTestId('count-expert').textContent).toBe('1');
  });

  it('blocks joining a full event: the button reads Sold Out and is disabled', () => {
    render(<DashboardScreen items={items} />);
    const full = screen.getByRole('article', { name: 'Full House' });
    const soldOut = within(full).getByRole('button', { name: 'Sold Out' }) as HTMLButtonElement;
    expect(soldOut.disabled).toBe(true);
    fireEvent.click(soldOut);
    expect(screen.queryByText('Joined event: Full House')).toBeNull();

    fireEvent.click(within(screen.getByRole('article', { name: 'Open Night' })).getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('status').textContent).toContain('Joined event: Open Night');
  });

  it('shows up to 3 skills plus +N and the first 2 slots; bookings raise the spec messages', () => {
    render(<DashboardScreen items={items} />);
    const card = screen.getByRole('article', { name: 'Portfolio Review' });
    expect(within(card).getByText('+2')).toBeTruthy();
    expect(within(card).queryByText('Research', { selector: 'li' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Tue 11:00' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Wed 12:00' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Tue 11:00' }));
    expect(screen.getByRole('status').textContent).toContain('Quick booked Portfolio Review for Tue 11:00');
    fireEvent.click(within(card).getByRole('button', { name: 'Book' }));
    expect(screen.getByRole('status').textContent).toContain('Booking Portfolio Review with Elena Novak');
    fireEvent.click(within(screen.getByRole('article', { name: 'Olivia Bennett' })).getByRole('button', { name: 'Book' }));
    expect(screen.getByRole('status').textContent).toContain('Booking session with Olivia Bennett');
  });

  it('toggles favourites by id and type, counts them and lists them in favorites mode', () => {
    vi.useFakeTimers();
    render(<DashboardScreen items={items} />);
    fireEvent.click(screen.getByRole('button', { name: 'Favorites' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Favorites');
    expect(screen.getByText('No favorites yet')).toBeTruthy();
    expect(screen.getByText('Start exploring and save your favorite mentors and events')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Favorites/ }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Discover Amazing Opportunities');

    fireEvent.click(screen.getByRole('button', { name: 'Add Open Night to favorites' }));
    expect(screen.getByRole('status').textContent).toContain('Added to favorites');
    expect(screen.getByTestId('count-favorites').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: /^Favorites/ }));
    expect(screen.getByText('1 result')).toBeTruthy();
    // event 2 is the favourite; the consultation and expert with id 1 and event 1 are not
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Open Night']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Open Night from favorites' }));
    expect(screen.getByRole('status').textContent).toContain('Removed from favorites');
    expect(screen.queryByTestId('count-favorites')).toBeNull();

    // the snackbar closes itself after 3 s
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty state when nothing matches', () => {
    render(<DashboardScreen items={items} />);
    fireEvent.change(screen.getByPlaceholderText('Search mentors, events, consultations...'), { target: { value: 'zzz' } });
    expect(screen.getByText('0 results found')).toBeTruthy();
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();
  });

  it('filters by skill from the Filters menu (events stay) and clears everything with a snackbar', async () => {
    render(<DashboardScreen items={items} />);
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Go' }));
    // the expert has Go; the consultation does not; both events stay (the skill filter skips events)
    expect(screen.getByText('3 results found')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Portfolio Review' })).toBeNull();
    expect(screen.getByRole('slider', { name: 'Minimum price' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('slider', { name: 'Maximum price' }).getAttribute('aria-valuenow')).toBe('500');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('4 results found')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Filters cleared');
  });
});
