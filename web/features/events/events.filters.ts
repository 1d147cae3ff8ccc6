import { categories, type Category } from '../../../drizzle/categories.ts';
import { searchBoolean, searchListOf, searchNonNegative, searchOneOf, searchParams, searchString } from '../../lib/search-params.ts';

/** Spec 000 §3 "Categories": the database enum's own list. */
export const EVENT_CATEGORIES = categories;
export type EventCategory = Category;

/** The 'all categories' option of the category picker. */
export const ALL_CATEGORIES = 'all';
export type CategoryChoice = EventCategory | typeof ALL_CATEGORIES;

/** The soonest upcoming first (ours, the default: decision 005, «The event list's order and «в эфире»»), then the spec's four. */
export const EVENT_SORTS = ['soonest', 'newest', 'oldest', 'price-asc', 'price-desc'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];
export const SORT_LABELS: Record<EventSort, string> = {
  soonest: 'Сначала ближайшие',
  newest: 'Сначала новые',
  oldest: 'Сначала старые',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
};

/** Spec 000 §9. */
export const EVENTS_PAGE_SIZE = 20;
export const EVENTS_SEARCH_DEBOUNCE_MS = 700;

export type EventFilters = {
  search: string;
  /** ['all'] or one or more specific categories, never empty and never mixed. */
  categories: CategoryChoice[];
  min_price: number | null;
  max_price: number | null;
  sort: EventSort;
  show_past: boolean;
};

export const DEFAULT_EVENT_FILTERS: EventFilters = {
  search: '',
  categories: [ALL_CATEGORIES],
  min_price: null,
  max_price: null,
  sort: 'soonest',
  show_past: false,
};

/**
 * Spec 000 §4 "Category selection": choosing 'all' clears the others; choosing a specific one
 * removes 'all'; deselecting the last specific one returns to 'all'.
 */
export function toggleCategory(selected: readonly CategoryChoice[], choice: CategoryChoice): CategoryChoice[] {
  if (choice === ALL_CATEGORIES) return [ALL_CATEGORIES];
  const specific = selected.filter((item): item is EventCategory => item !== ALL_CATEGORIES);
  const next = specific.includes(choice) ? specific.filter((item) => item !== choice) : [...specific, choice];
  return next.length ? next : [ALL_CATEGORIES];
}

/**
 * The query of GET /api/events/load_more/ for the typed client, in this order: offset, limit, show_past, search,
 * category (repeated, one per category), min_price, max_price, sort; defaults and empties left out. The client keeps
 * the order, and public/early-data.js's first page is this order's URL.
 */
export function eventListQuery(filters: EventFilters, offset: number, limit = EVENTS_PAGE_SIZE) {
  const search = filters.search.trim();
  return {
    offset: String(offset),
    limit: String(limit),
    show_past: filters.show_past ? 'true' : 'false',
    search: search || undefined,
    category: filters.categories.filter((category): category is EventCategory => category !== ALL_CATEGORIES),
    min_price: filters.min_price != null ? String(filters.min_price) : undefined,
    max_price: filters.max_price != null ? String(filters.max_price) : undefined,
    sort: filters.sort,
  };
}

/* ---- URL search params of /AllEvents ---- */

/**
 * /AllEvents?search=…&category=[…]&min_price=…&max_price=…&sort=…&show_past=true. Every key is optional
 * (defaults stay out of the URL) and an invalid value is dropped rather than failing the page.
 */
export const eventListSearchSchema = searchParams((raw) => ({
  search: searchString(raw.search),
  category: searchListOf(raw.category, EVENT_CATEGORIES),
  min_price: searchNonNegative(raw.min_price),
  max_price: searchNonNegative(raw.max_price),
  sort: searchOneOf(raw.sort, EVENT_SORTS),
  show_past: searchBoolean(raw.show_past),
}));
export type EventListSearch = ReturnType<typeof eventListSearchSchema>;

export function filtersFromSearch(search: EventListSearch): EventFilters {
  const known = Array.from(new Set(search.category ?? [])).filter((item): item is EventCategory =>
    (EVENT_CATEGORIES as readonly string[]).includes(item),
  );
  const categories: CategoryChoice[] = known.length ? known : [ALL_CATEGORIES];
  return {
    search: search.search ?? '',
    categories,
    min_price: search.min_price ?? null,
    max_price: search.max_price ?? null,
    sort: search.sort ?? 'soonest',
    show_past: search.show_past ?? false,
  };
}

export function searchFromFilters(filters: EventFilters): EventListSearch {
  const category = filters.categories.filter((item): item is EventCategory => item !== ALL_CATEGORIES);
  const search = filters.search.trim();
  return {
    search: search || undefined,
    category: category.length ? category : undefined,
    min_price: filters.min_price ?? undefined,
    max_price: filters.max_price ?? undefined,
    sort: filters.sort === 'soonest' ? undefined : filters.sort,
    show_past: filters.show_past || undefined,
  };
}

export function isDefaultFilters(filters: EventFilters): boolean {
  return (
    !filters.search.trim() &&
    filters.categories.length === 1 &&
    filters.categories[0] === ALL_CATEGORIES &&
    filters.min_price == null &&
    filters.max_price == null &&
    filters.sort === 'soonest' &&
    !filters.show_past
  );
}
