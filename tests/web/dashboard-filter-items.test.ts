import { describe, expect, it } from 'vitest';
import { favoriteKey, type Consultation, type DashboardEvent, type DashboardItem, type Expert } from '../../web/features/dashboard/dashboard.types.ts';
import {
  countByType,
  defaultFilters,
  filterItems,
  isSoldOut,
  resultCountLabel,
  type DashboardFilters,
} from '../../web/features/dashboard/filter-items.ts';
import { formatShortDate } from '../../web/features/dashboard/dashboard.format.ts';

const consultation: Consultation = {
  id: 1,
  type: 'consultation',
  title: 'Portfolio Review',
  price: 100,
  duration: 60,
  skills: ['Figma', 'Career'],
  availableSlots: ['Mon 10:00'],
  mentor: { name: 'Elena Novak', avatar: '', rating: 4.9, reviews: 10 },
};
const event: DashboardEvent = {
  id: 1,
  type: 'event',
  title: 'Design Systems Night',
  mentor: 'Marco Rossi',
  category: 'Wellness',
  price: 25,
  date: '2026-03-05',
  time: '18:00',
  spots: { taken: 3, total: 10 },
};
const expert: Expert = {
  id: 1,
  type: 'expert',
  name: 'Olivia Bennett',
  title: 'Staff Engineer',
  avatar: '',
  skills: ['Go', 'Leadership'],
  hourlyRate: 200,
  rating: 5,
  reviews: 3,
  experience: 12,
  responseTime: 'within 2 hours',
};
const items: DashboardItem[] = [consultation, event, expert];

function run(overrides: Partial<DashboardFilters>) {
  return filterItems(items, { ...defaultFilters, ...overrides }).map(favoriteKey);
}

describe('filterItems (spec 002 §5.6)', () => {
  it('shows everything with the default filters', () => {
    expect(run({})).toEqual(['consultation:1', 'event:1', 'expert:1']);
  });

  describe('text search, case-insensitive', () => {
    it('matches a consultation by title, mentor name or any skill', () => {
      expect(run({ query: 'PORTFOLIO' })).toEqual(['consultation:1']);
      expect(run({ query: 'elena' })).toEqual(['consultation:1']);
      expect(run({ query: 'career' })).toEqual(['consultation:1']);
    });

    it('matches an event by title, mentor or category', () => {
      expect(run({ query: 'design systems' })).toEqual(['event:1']);
      expect(run({ query: 'ROSSI' })).toEqual(['event:1']);
      expect(run({ query: 'wellness' })).toEqual(['event:1']);
    });

    it('matches an expert by name, title or any skill', () => {
      expect(run({ query: 'bennett' })).toEqual(['expert:1']);
      expect(run({ query: 'staff engineer' })).toEqual(['expert:1']);
      expect(run({ query: 'leadership' })).toEqual(['expert:1']);
    });

    it('does not search fields outside those lists', () => {
      // an event's price and a consultation's slot are not searched
      expect(run({ query: 'Mon 10:00' })).toEqual([]);
      // an expert's response time is not searched
      expect(run({ query: 'within' })).toEqual([]);
    });

    it('ignores surrounding spaces and treats an empty query as no filter', () => {
      expect(run({ query: '  go  ' })).toEqual(['expert:1']);
      expect(run({ query: '   ' })).toHaveLength(3);
    });

    it('returns nothing when no field matches', () => {
      expect(run({ query: 'quantum' })).toEqual([]);
    });
  });

  describe('skill filter', () => {
    it('keeps consultations and experts having at least one selected skill', () => {
      expect(run({ skills: ['Figma'] })).toEqual(['consultation:1', 'event:1']);
      expect(run({ skills: ['Go', 'Unknown'] })).toEqual(['event:1', 'expert:1']);
      expect(run({ skills: ['Figma', 'Go'] })).toEqual(['consultation:1', 'event:1', 'expert:1']);
    });

    it('never removes events, which have no skills', () => {
      expect(run({ skills: ['Nothing at all'] })).toEqual(['event:1']);
    });

    it('matches skills exactly, not by substring', () => {
      expect(run({ skills: ['Fig'] })).toEqual(['event:1']);
    });
  });

  describe('price filter', () => {
    it('is inclusive on both bounds', () => {
      expect(run({ price: [25, 25] })).toEqual(['event:1']);
      expect(run({ price: [100, 200] })).toEqual(['consultation:1', 'expert:1']);
      expect(run({ price: [26, 199] })).toEqual(['consultation:1']);
    });

    it('uses the hourly rate for experts and the price for the others', () => {
      expect(run({ price: [150, 500] })).toEqual(['expert:1']);
      expect(run({ price: [0, 150] })).toEqual(['consultation:1', 'event:1']);
    });
  });

  it('shows only the types whose chip is on', () => {
    expect(run({ types: ['event'] })).toEqual(['event:1']);
    expect(run({ types: ['consultation', 'expert'] })).toEqual(['consultation:1', 'expert:1']);
    expect(run({ types: [] })).toEqual([]);
  });

  it('in favorites mode shows only favourites, identified by id and type together', () => {
    // the three items share id 1: only the favourite type passes
    expect(run({ favoritesOnly: true, favorites: new Set(['event:1']) })).toEqual(['event:1']);
    expect(run({ favoritesOnly: true, favorites: new Set() })).toEqual([]);
    expect(run({ favoritesOnly: false, favorites: new Set(['event:1']) })).toHaveLength(3);
  });

  it('combines every rule', () => {
    expect(run({ query: 'o', skills: ['Go'], price: [150, 250], types: ['expert', 'event'] })).toEqual(['expert:1']);
  });
});

describe('countByType', () => {
  it('counts per type after every filter but the chips', () => {
    expect(countByType(items, defaultFilters)).toEqual({ consultation: 1, event: 1, expert: 1 });
    expect(countByType(items, { ...defaultFilters, types: ['event'], query: 'elena' })).toEqual({ consultation: 1, event: 0, expert: 0 });
    expect(countByType([consultation, { ...consultation, id: 2 }, event], { ...defaultFilters, price: [50, 500] })).toEqual({
      consultation: 2,
      event: 0,
      expert: 0,
    });
  });
});

describe('isSoldOut', () => {
  it('is true once taken reaches or exceeds total', () => {
    expect(isSoldOut({ taken: 9, total: 10 })).toBe(false);
    expect(isSoldOut({ taken: 10, total: 10 })).toBe(true);
    expect(isSoldOut({ taken: 11, total: 10 })).toBe(true);
  });
});

describe('labels', () => {
  it('words the result count', () => {
    expect(resultCountLabel(1)).toBe('1 result');
    expect(resultCountLabel(0)).toBe('0 results found');
    expect(resultCountLabel(7)).toBe('7 results found');
  });

  it('shows dates as short month, day, year', () => {
    expect(formatShortDate('2026-03-05')).toBe('Mar 5, 2026');
  });
});
