import type { InferResponseType } from 'hono/client';
import { api, specPath, unwrap } from '../api-client.ts';

/** The route of one mentor, GET /api/users/{id}/ (digits only, so /users/me never reaches it). */
const mentorById = api.users[':id{[0-9]+}'];

/** A mentor's public profile: the mentor page, and the mentor of an event card (spec 000 §7). */
export type MentorDetail = InferResponseType<(typeof mentorById)['$get'], 200>;

export async function fetchMentor(id: number): Promise<MentorDetail> {
  return unwrap(await mentorById.$get({ param: { id: String(id) } }));
}

/** The same profile as the mentee landing asks for it (spec 000 §7: GET /api/users/GetUser/?id=, once per top event). */
export async function fetchMentorViaGetUser(id: number): Promise<MentorDetail> {
  return unwrap(await api.users.GetUser.$get({ query: { id: String(id) } }, specPath));
}
