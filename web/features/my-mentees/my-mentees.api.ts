import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiFetch, unwrap } from '../../lib/api-client.ts';

/*
 * GET /api/mentees/?search= (decision 009). The server route was not in worker/mentees yet when this
 * screen was written, so the call goes through apiFetch and the answer is checked against the
 * documented shape here instead of being inferred from AppType.
 */

const menteeSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bookings_count: z.number().int().min(0),
  registrations_count: z.number().int().min(0),
  last_contact: z.string().nullable(),
  chat_room_id: z.string().nullable(),
});

export type Mentee = z.infer<typeof menteeSchema>;

export const myMenteesApi = {
  list: async (search: string): Promise<Mentee[]> => {
    const query = search ? `?${new URLSearchParams({ search })}` : '';
    return z.array(menteeSchema).parse(await unwrap(await apiFetch(`/api/mentees/${query}`)));
  },
  /** Creates or opens the direct room with the mentee (POST /api/chats/with-user/). */
  openChat: async (menteeId: number): Promise<{ roomId: string }> => unwrap(await api.chats['with-user'].$post({ json: { mentor_profile_id: menteeId } })),
};

export const myMenteesQueries = {
  all: () => ['mentees'] as const,
  list: (search: string) => queryOptions({ queryKey: [...myMenteesQueries.all(), 'list', search] as const, queryFn: () => myMenteesApi.list(search) }),
};
