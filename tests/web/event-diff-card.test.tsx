// The "my events" card (spec 000 §6): a participant may give up a seat only before the event starts (issue 34).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventDiffCard } from '../../web/features/events/event-diff-card.tsx';
import { makeEventListItem } from './event-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const start = Date.parse('2027-03-05T15:30:00Z');

describe('EventDiffCard, participating', () => {
  it('offers «Отказаться» before the start', async () => {
    renderWithRouter(<EventDiffCard event={makeEventListItem()} mode="participating" onLeave={() => {}} now={start - 60_000} />);
    expect(await screen.findByRole('button', { name: 'Отказаться' })).toBeTruthy();
  });

  it('no longer offers it once the event has begun, while it is still live', async () => {
    renderWithRouter(<EventDiffCard event={makeEventListItem()} mode="participating" onLeave={() => {}} now={start + 60_000} />);
    expect(await screen.findByRole('link', { name: 'Подробнее' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отказаться' })).toBeNull();
  });
});
