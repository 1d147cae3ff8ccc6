import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { favoriteKeys, mentorFavoritesApi } from '../../lib/mentor-favorites.ts';

/** A mentor the user had sessions with (GET /api/users/my-mentors/history/). */
export type HistoryMentor = InferResponseType<(typeof api.users)['my-mentors']['history']['$get'], 200>[number];

export const myMentorsApi = {
  history: async (): Promise<HistoryMentor[]> => unwrap(await api.users['my-mentors'].history.$get()),
};

export const myMentorsQueries = {
  history: () => queryOptions({ queryKey: ['my-mentors', 'history'] as const, queryFn: myMentorsApi.history }),
  // The same entry the favourite toggle refreshes after every change.
  favorites: () => queryOptions({ queryKey: favoriteKeys.list(), queryFn: mentorFavoritesApi.list }),
};
