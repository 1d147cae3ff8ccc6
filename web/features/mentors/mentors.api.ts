import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import type { MentorDetail } from '../../lib/mentors/mentors.api.ts';
import type { MentorFilters } from './mentor-filters.ts';

/* Mentor list and mentor page calls (spec 000 §7), through the typed client. */

type MentorListResponse = InferResponseType<typeof api.users.$get, 200>;

export type MentorCard = MentorListResponse['results'][number];
export type MentorPage = MentorListResponse;
export type WorkExperience = MentorDetail['work_experiences'][number];
export type Education = MentorDetail['educations'][number];
export type CaseImage = MentorDetail['case_images'][number];
export type ConsultationType = MentorDetail['consultation_types'][number];
export type MentorReview = InferResponseType<typeof api.user_reviews.GetUserReviews.$get, 200>[number];

export const MENTORS_PAGE_SIZE = 24;

/** The query of GET /api/users/: categories as repeated keys, empty values left out. */
export function mentorListQuery(filters: MentorFilters, offset: number, limit = MENTORS_PAGE_SIZE) {
  const search = filters.search?.trim();
  return {
    search: search || undefined,
    category: filters.category ?? [],
    min_price: filters.min_price != null ? String(filters.min_price) : undefined,
    max_price: filters.max_price != null ? String(filters.max_price) : undefined,
    offset: String(offset),
    limit: String(limit),
  };
}

export const mentorsApi = {
  list: async (filters: MentorFilters, offset: number): Promise<MentorPage> => unwrap(await api.users.$get({ query: mentorListQuery(filters, offset) })),
  reviews: async (mentorId: number): Promise<MentorReview[]> => unwrap(await api.user_reviews.GetUserReviews.$get({ query: { to_user_id: String(mentorId) } })),
  /** whether the signed-in caller may review the mentor, and why not (the server's own words) */
  canReview: async (mentorId: number) => unwrap(await api.user_reviews['can-review'].$get({ query: { to_user_id: String(mentorId) } })),
  addReview: async (mentorId: number, values: { review_text: string; review_stars: number }): Promise<unknown> =>
    unwrap(await api.user_reviews.AddUserReview.$post({ json: { ...values, to_user_id: mentorId } })),
  /** Creates or opens the chat room with the mentor. */
  openChat: async (mentorId: number): Promise<{ roomId: string }> => unwrap(await api.chats['with-user'].$post({ json: { mentor_profile_id: mentorId } })),
};
