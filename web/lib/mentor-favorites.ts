import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './api-client.ts';

/*
 * Mentor favourites (spec 001 §7): shared by the mentor card, the mentor page's bookmark and
 * "Мои менторы".
 */

export type MentorFavorite = InferResponseType<(typeof api)['mentor-favorites']['$get'], 200>[number];
/** A mentor as the favourites and history lists carry it (spec 001 §3). */
export type MentorItem = MentorFavorite['mentor'];

export const mentorFavoritesApi = {
  list: async (): Promise<MentorFavorite[]> => unwrap(await api['mentor-favorites'].$get()),
  add: async (mentorId: number): Promise<MentorFavorite> => unwrap(await api['mentor-favorites'].$post({ json: { mentor: mentorId } })),
  remove: async (favoriteId: number): Promise<void> => {
    const response = await api['mentor-favorites'][':id'].$delete({ param: { id: String(favoriteId) } });
    if (!response.ok) await unwrap(response);
  },
};

/** Query keys: every list that shows a favourite flag is refreshed through these roots after a toggle. */
export const favoriteKeys = {
  all: ['mentor-favorites'] as const,
  list: () => [...favoriteKeys.all, 'list'] as const,
};

