// Query strings of the event list (spec 000 sections 2, 4 and 7).
import { z } from 'zod';
import { categoriesParam, limitParam, offsetParam, priceParam, searchParam } from '../lib/list-params.ts';

export const EVENTS_PAGE_SIZE = 20;
export const EVENTS_PAGE_MAX = 50;
export const TOP_EVENTS = 10;
/** a mentor's own list (GetUserEvents) is not paged; this bounds it */
export const USER_EVENTS_MAX = 200;

/** 'soonest' (ours, the default) first, then the spec's four (decision 005, «The event list's order and «в эфире»»). */
export const eventSorts = ['soonest', 'newest', 'oldest', 'price-asc', 'price-desc'] as const;
export type EventSort = (typeof eventSorts)[number];

export const eventListQuery = z
  .object({
    offset: offsetParam,
    limit: limitParam(EVENTS_PAGE_SIZE, EVENTS_PAGE_MAX),
    show_past: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false', '1', '0'], { error: 'Некорректное значение show_past' }).optional()),
    search: searchParam,
    category: categoriesParam,
    min_price: priceParam,
    max_price: priceParam,
    sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(eventSorts, { error: 'Некорректная сортировка' }).default('soonest')),
  })
  .transform(({ show_past, ...rest }) => ({ ...rest, showPast: show_past === 'true' || show_past === '1' }));

export type EventListFilters = z.output<typeof eventListQuery>;
