import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { MentorApplicationPayload } from '../../../worker/mentor-applications/mentor-applications.schemas.ts';
import { api, unwrap } from '../../lib/api-client.ts';

/* Admin moderation of mentor applications, through the typed client. */

/** the list's ?status= (the server's enum) */
export type ModerationStatus = NonNullable<InferRequestType<typeof route.$get>['query']['status']>;

const route = api.admin['mentor-applications'];

type ModerationItem = InferResponseType<typeof route.$get, 200>[number];

/**
 * An item of GET /api/admin/mentor-applications/?status=, as the Worker answers it. The payload is stored jsonb,
 * which the Worker's types leave as any JSON; it was checked by the server's mentorApplicationPayloadSchema when
 * saved, so it is read as that schema's output.
 */
export type ModerationApplication = Omit<ModerationItem, 'payload'> & { payload: MentorApplicationPayload };

export const moderationApi = {
  list: async (status: ModerationStatus): Promise<ModerationApplication[]> =>
    (await unwrap(await route.$get({ query: { status } }))).map((item) => ({ ...item, payload: item.payload as MentorApplicationPayload })),
  approve: async (id: number) => unwrap(await route[':id'].approve.$post({ param: { id: String(id) } })),
  reject: async (id: number, reason: string) => unwrap(await route[':id'].reject.$post({ param: { id: String(id) }, json: { reason } })),
  /** the vetting interview (decision 004) */
  offerInterviews: async (id: number, startsAt: string[]) =>
    unwrap(await route[':id'].interviews.$post({ param: { id: String(id) }, json: { starts_at: startsAt } })),
  recordOutcome: async (interviewId: number, body: InterviewOutcomeInput) =>
    unwrap(await interviews[':id'].outcome.$post({ param: { id: String(interviewId) }, json: body })),
  cancelInterview: async (interviewId: number) => unwrap(await interviews[':id'].cancel.$post({ param: { id: String(interviewId) } })),
  upcoming: async () => unwrap(await interviews.$get({ query: {} })),
};

const interviews = api.admin['mentor-interviews'];
export type InterviewOutcomeInput = InferRequestType<(typeof interviews)[':id']['outcome']['$post']>['json'];
export type AdminInterview = ModerationItem['interviews'][number];
export type UpcomingInterview = InferResponseType<typeof interviews.$get, 200>[number];

export const moderationQueries = {
  all: () => ['moderation', 'mentor-applications'] as const,
  list: (status: ModerationStatus) =>
    queryOptions({ queryKey: [...moderationQueries.all(), status] as const, queryFn: () => moderationApi.list(status) }),
  upcoming: () => queryOptions({ queryKey: ['moderation', 'interviews', 'upcoming'] as const, queryFn: moderationApi.upcoming }),
};
