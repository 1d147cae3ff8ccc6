import { favoriteKey, type DashboardItem, type ItemType } from './dashboard.types.ts';

export const PRICE_MIN = 0;
export const PRICE_MAX = 500;
export const PRICE_STEP = 25;

export type DashboardFilters = {
  query: string;
  /** Types whose chip is on; an item of another type is hidden. */
  types: readonly ItemType[];
  /** Selected skills; empty means no skill filter. */
  skills: readonly string[];
  /** Inclusive [min, max] in euros. */
  price: readonly [number, number];
  favoritesOnly: boolean;
  /** favoriteKey() of every favourite. */
  favorites: ReadonlySet<string>;
};

export const ALL_TYPES: readonly ItemType[] = ['consultation', 'event', 'expert'];

export const defaultFilters: DashboardFilters = {
  query: '',
  types: ALL_TYPES,
  skills: [],
  price: [PRICE_MIN, PRICE_MAX],
  favoritesOnly: false,
  favorites: new Set(),
};

/** The text fields searched per type (spec 002 §5.6). */
function searchableText(item: DashboardItem): string[] {
  switch (item.type) {
    case 'consultation':
      return [item.title, item.mentor.name, ...item.skills];
    case 'event':
      return [item.title, item.mentor, item.category];
    case 'expert':
      return [item.name, item.title, ...item.skills];
  }
}

/** Price used by the range filter: hourly rate for experts, price otherwise. */
export function priceOf(item: DashboardItem): number {
  return item.type === 'expert' ? item.hourlyRate : item.price;
}

export function matchesQuery(item: DashboardItem, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return searchableText(item).some((text) => text.toLowerCase().includes(needle));
}

/** Events have no skills: the skill filter leaves them alone. */
export function matchesSkills(item: DashboardItem, skills: readonly string[]): boolean {
  if (skills.length === 0 || item.type === 'event') return true;
  return item.skills.some((skill) => skills.includes(skill));
}

export function matchesPrice(item: DashboardItem, [min, max]: readonly [number, number]): boolean {
  const price = priceOf(item);
  return price >= min && price <= max;
}

/** Every rule except the type chips; shared by the list and the chips' count badges. */
function matchesAllButType(item: DashboardItem, filters: DashboardFilters): boolean {
  return (
    (!filters.favoritesOnly || filters.favorites.has(favoriteKey(item))) &&
    matchesQuery(item, filters.query) &&
    matchesSkills(item, filters.skills) &&
    matchesPrice(item, filters.price)
  );
}

/** The dashboard's visible items, in their original order. */
export function filterItems<T extends DashboardItem>(items: readonly T[], filters: DashboardFilters): T[] {
  return items.filter((item) => filters.types.includes(item.type) && matchesAllButType(item, filters));
}

/** How many items of each type pass the other filters: the number on a type chip. */
export function countByType(items: readonly DashboardItem[], filters: DashboardFilters): Record<ItemType, number> {
  const counts: Record<ItemType, number> = { consultation: 0, event: 0, expert: 0 };
  for (const item of items) if (matchesAllButType(item, filters)) counts[item.type] += 1;
  return counts;
}

/** Joining is refused once every spot is taken (spec 002 §4.8). */
export function isSoldOut(spots: { taken: number; total: number }): boolean {
  return spots.taken >= spots.total;
}

/** '1 result', otherwise '{n} results found'. */
export function resultCountLabel(count: number): string {
  return count === 1 ? '1 result' : `${count} results found`;
}
