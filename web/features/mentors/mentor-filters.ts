import { pluralRu } from '../../lib/plural.ts';

/** Spec 000 §3: the six categories. */
export const MENTOR_CATEGORIES = ['Здоровье', 'Карьера', 'Образование', 'Красота', 'Хобби', 'Просвещение'] as const;
export type MentorCategory = (typeof MENTOR_CATEGORIES)[number];

/** Spec 000 §9: the mentors page reacts to typing after a 200 ms pause. */
export const MENTOR_SEARCH_DEBOUNCE_MS = 200;

/** The list filters exactly as they sit in the URL; a missing key means "any". */
export type MentorFilters = {
  search?: string;
  category?: MentorCategory[];
  /** bounds on the card's price (rubles); the panel offers steps fitted to the prices mentors ask (priceSteps) */
  min_price?: number;
  max_price?: number;
};

/** A stable query key part: empty values dropped, categories sorted, so equal filters share a cache entry. */
export function normalizeFilters(filters: MentorFilters): MentorFilters {
  const normalized: MentorFilters = {};
  const search = filters.search?.trim();
  if (search) normalized.search = search;
  if (filters.category?.length) normalized.category = [...new Set(filters.category)].sort() as MentorCategory[];
  if (filters.min_price != null) normalized.min_price = filters.min_price;
  if (filters.max_price != null) normalized.max_price = filters.max_price;
  return normalized;
}

export function hasActiveFilters(filters: MentorFilters): boolean {
  return Object.keys(normalizeFilters(filters)).length > 0;
}

/** 'Найден 1 наставник', 'Найдено 3 наставника', 'Найдено 25 наставников'. */
export function foundMentorsText(count: number): string {
  const verb = pluralRu(count, ['Найден', 'Найдено', 'Найдено']);
  return `${verb} ${count} ${pluralRu(count, ['наставник', 'наставника', 'наставников'])}`;
}
