import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { SEARCH_MAX } from '../../../worker/lib/list-params.ts';

/* GET /api/mentees/?search= (decision 009) and POST /api/chats/with-user/ through the typed client. */

/** One of the mentor's mentees: counts, last contact and the direct chat room, if there is one. */
export type Mentee = InferResponseType<typeof api.mentees.$get, 200>[number];
/** One consultation or event of the mentee with this mentor (GET /api/mentees/{id}/history/). */
export type MenteeSession = InferResponseType<(typeof api.mentees)[':id']['history']['$get'], 200>[number];

export const myMenteesApi = {
  list: async (search: string): Promise<Mentee[]> => unwrap(await api.mentees.$get({ query: search ? { search: search.slice(0, SEARCH_MAX) } : {} })),
  /** Creates or opens the direct room with the mentee. */
  history: async (menteeId: number): Promise<MenteeSession[]> => unwrap(await api.mentees[':id'].history.$get({ param: { id: String(menteeId) } })),
  openChat: async (menteeId: number): Promise<{ roomId: string }> => unwrap(await api.chats['with-user'].$post({ json: { mentor_profile_id: menteeId } })),
};

export const myMenteesQueries = {
  all: () => ['mentees'] as const,
  list: (search: string) => queryOptions({ queryKey: [...myMenteesQueries.all(), 'list', search] as const, queryFn: () => myMenteesApi.list(search) }),
  history: (menteeId: number) => queryOptions({ queryKey: [...myMenteesQueries.all(), 'history', menteeId] as const, queryFn: () => myMenteesApi.history(menteeId) }),
};
