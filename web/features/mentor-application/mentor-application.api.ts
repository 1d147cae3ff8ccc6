import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { MentorApplicationPayload } from '../../../worker/mentor-applications/mentor-applications.schemas.ts';
import { api, ApiError, unwrap } from '../../lib/api-client.ts';
import type { EducationValues, WorkExperienceValues } from '../../components/work-education/work-education.types.ts';

/* Mentor application calls (spec 001 §7) through the typed client. */

const route = api['mentor-applications'];

export type ApplicationPayload = {
  mentor_name: string;
  mentor_surname: string;
  mentor_title: string;
  mentor_description: string;
  mentor_skills: string[];
  mentor_specialization: string;
  mentor_tg_title: string;
  mentor_avatar_url: string | null;
  work_experiences: WorkExperienceValues[];
  educations: EducationValues[];
};

type ApplicationAnswer = InferResponseType<typeof route.me.$get, 200>;

/**
 * The author's application as the Worker answers it (GET me/, and the answers of create, update and submit). The
 * payload is stored jsonb, which the Worker's types leave as any JSON; it was checked by the server's
 * mentorApplicationPayloadSchema when saved, so it is read as that schema's output (the form fills its gaps with
 * completePayload).
 */
export type MentorApplication = Omit<ApplicationAnswer, 'payload'> & { payload: MentorApplicationPayload };
export type ApplicationStatus = MentorApplication['status'];

const withPayload = (application: ApplicationAnswer): MentorApplication => ({ ...application, payload: application.payload as MentorApplicationPayload });

/** The current user's application, or null when there is none yet (404). */
export async function fetchMyApplication(): Promise<MentorApplication | null> {
  try {
    return withPayload(await unwrap(await route.me.$get()));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const mentorApplicationApi = {
  create: async (payload: ApplicationPayload) => withPayload(await unwrap(await route.$post({ json: { payload } }))),
  update: async (id: number, payload: ApplicationPayload) => withPayload(await unwrap(await route[':id'].$patch({ param: { id: String(id) }, json: { payload } }))),
  submit: async (id: number) => withPayload(await unwrap(await route[':id'].submit.$post({ param: { id: String(id) } }))),
};

export const mentorApplicationQueries = {
  all: () => ['mentor-application'] as const,
  mine: () => queryOptions({ queryKey: [...mentorApplicationQueries.all(), 'me'] as const, queryFn: fetchMyApplication }),
  /** the vetting interview's offered and booked times (decision 004) */
  interviews: () =>
    queryOptions({ queryKey: [...mentorApplicationQueries.all(), 'interviews'] as const, queryFn: async () => unwrap(await route.me.interviews.$get()) }),
};

export type ApplicantInterview = InferResponseType<typeof route.me.interviews.$get, 200>[number];

export const bookInterview = async (id: number) => unwrap(await api['mentor-interviews'][':id'].book.$post({ param: { id: String(id) } }));
export const cancelInterview = async (id: number) => unwrap(await api['mentor-interviews'][':id'].cancel.$post({ param: { id: String(id) } }));

/** Fills the gaps of a stored payload so the form always has every field. */
export function completePayload(payload: MentorApplicationPayload | null | undefined): ApplicationPayload {
  return {
    mentor_name: payload?.mentor_name ?? '',
    mentor_surname: payload?.mentor_surname ?? '',
    mentor_title: payload?.mentor_title ?? '',
    mentor_description: payload?.mentor_description ?? '',
    mentor_skills: payload?.mentor_skills ?? [],
    mentor_specialization: payload?.mentor_specialization ?? '',
    mentor_tg_title: payload?.mentor_tg_title ?? '',
    mentor_avatar_url: payload?.mentor_avatar_url ?? null,
    // a stored place may lack its end (the schema's end is optional): no end is the current one, as the form has it
    work_experiences: (payload?.work_experiences ?? []).map((item) => ({ ...item, end_date: item.end_date ?? null })),
    educations: (payload?.educations ?? []).map((item) => ({ ...item, end_year: item.end_year ?? null })),
  };
}
