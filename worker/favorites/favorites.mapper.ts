import { toMentorItem } from '../mentors/mentors.mapper.ts';
import type { listFavorites } from './favorites.queries.ts';

type FavoriteRow = Awaited<ReturnType<typeof listFavorites>>[number];

/** Favourite (spec 001 section 3): {id, mentor, created_at}. */
export function toFavorite({ favoriteId, createdAt, ...mentor }: FavoriteRow) {
  return { id: favoriteId, mentor: toMentorItem(mentor), created_at: createdAt.toISOString() };
}
