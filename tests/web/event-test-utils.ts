import { vi } from 'vitest';
import type { EventDetail, EventListItem } from '../../web/lib/events/events.api.ts';

/** Stubs window.matchMedia so (min-width)/(max-width) queries answer for the given viewport width. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false };
  });
  window.dispatchEvent(new Event('resize'));
}

/*
 * Answers of the events API as the Worker shapes them (types inferred from AppType): a field the Worker renames, drops
 * or retypes fails the typecheck here instead of leaving the tests on a shape the server no longer sends.
 */

/** A list item (load_more, GetUserEvents, my-registrations) of a free upcoming event; override what a test needs. */
export function makeEventListItem(overrides: Partial<EventListItem> = {}): EventListItem {
  return {
    id: 1,
    title: 'Мероприятие 1',
    date: '2027-03-05T15:30:00Z',
    price: 0,
    discount: null,
    image_url: null,
    total_spots: 10,
    available_spots: 5,
    category: 'Хобби',
    status: 'live',
    mentor: 1,
    mentor_info: { id: 1, mentor_name: 'Анна', mentor_surname: 'Смирнова', mentor_avatar_url: null },
    description: '',
    age_restriction: 18,
    ...overrides,
  };
}

/** The GetEvent answer of a paid upcoming event with free seats (spec 000 §3 EventDetail); override what a test needs. */
export function makeEventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 7,
    title: 'Акварель для начинающих',
    date: '2027-03-05T15:30:00Z',
    price: 1500,
    discount: null,
    image_url: null,
    total_spots: 20,
    available_spots: 5,
    category: 'Хобби',
    status: 'live',
    mentor: 10,
    event_id_mentor: 10,
    mentor_info: { id: 10, mentor_name: 'Анна', mentor_surname: 'Смирнова', mentor_avatar_url: null },
    description: '<p>Рисуем</p>',
    age_restriction: 18,
    duration_minutes: 90,
    is_canceled: false,
    is_public: true,
    is_recorded: true,
    registrations_count: 15,
    ...overrides,
  };
}
